import { renderToStaticMarkup } from "react-dom/server";
import RegisteredChart, { type ChartKind, type ChartProps } from "./chart-registry";

/** The chart's SVG markup, drawn on the server so the page shows it before (or without) any script. */
export function renderChartMarkup<K extends ChartKind>(kind: K, props: ChartProps<K>): string {
  return renderToStaticMarkup(<RegisteredChart kind={kind} props={props} />);
}
