import { renderToStaticMarkup } from "react-dom/server";
import { CHART_IMAGE_SIZE, type HazardBarsData, type LevelPieData } from "~/domain/dashboard/charts/chart-images";
import { renderChartMarkup } from "./render.server";
import { LevelPieSvg } from "./risk-pie";

/** nivo wraps a chart in a positioned <div> (for tooltips): the image is the <svg> inside; "" when there is none. */
function svgOnly(markup: string): string {
  const start = markup.indexOf("<svg");
  return start < 0 ? "" : markup.slice(start, markup.lastIndexOf("</svg>") + "</svg>".length);
}

/** A hazard's bars as a standalone SVG document (the nivo chart, drawn on the server). */
export function hazardBarsSvg(data: HazardBarsData): string {
  return svgOnly(renderChartMarkup("hazardBars", data));
}

/** A level pie as a standalone SVG document; "No locations" when there is nothing to count. */
export function levelPieSvg({ counts }: LevelPieData): string {
  const { width, height } = CHART_IMAGE_SIZE["level-pie"];
  const pie = svgOnly(renderToStaticMarkup(<LevelPieSvg counts={counts} />));
  if (pie) return pie.replace(/(\d\.\d\d)\d+/g, "$1");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="${width / 2}" y="${height / 2}" text-anchor="middle" font-family="sans-serif" font-size="13" fill="#475569">No locations</text></svg>`;
}
