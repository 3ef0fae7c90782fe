/** Every chart the server draws as SVG (render.server), by kind. Imports nivo: keep it out of page modules. */
import { createElement, type FunctionComponent } from "react";
import { HazardBars, type HazardBarsProps } from "./hazard-bars";
import { RiskPie } from "./risk-pie";
import type { LevelCounts } from "~/domain/portfolio/stats";

interface ChartPropsByKind {
  hazardBars: HazardBarsProps;
  riskPie: { title: string; counts: LevelCounts };
}

export type ChartKind = keyof ChartPropsByKind;
export type ChartProps<K extends ChartKind> = ChartPropsByKind[K];

const CHARTS: { [K in ChartKind]: FunctionComponent<ChartPropsByKind[K]> } = {
  hazardBars: HazardBars,
  riskPie: RiskPie,
};

export default function RegisteredChart<K extends ChartKind>({ kind, props }: { kind: K; props: ChartProps<K> }) {
  return createElement(CHARTS[kind] as FunctionComponent<ChartProps<K>>, props);
}
