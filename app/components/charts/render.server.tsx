import { renderToStaticMarkup } from "react-dom/server";
import RegisteredChart, { type ChartKind, type ChartProps } from "./chart-registry";

/**
 * The chart's SVG markup, drawn on the server so the page shows it before (or without) any script. Coordinates are
 * cut to two decimals: nivo writes full doubles (29.714285714285737), whose digits are most of what a page's
 * compression cannot shrink, for no visible difference.
 */
export function renderChartMarkup<K extends ChartKind>(kind: K, props: ChartProps<K>): string {
  return renderToStaticMarkup(<RegisteredChart kind={kind} props={props} />).replace(/(\d\.\d\d)\d+/g, "$1");
}
