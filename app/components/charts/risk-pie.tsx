import { Pie } from "@nivo/pie";
import { CHART_IMAGE_SIZE, levelPieDescription, levelPieLabel } from "~/domain/dashboard/charts/chart-images";
import type { LevelCounts } from "~/domain/portfolio/stats";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import { NO_DATA_COLOUR } from "~/domain/geo/map/map-levels";

const SIZE = CHART_IMAGE_SIZE["level-pie"].width;

/** The pie itself: an SVG of the given size, or null when there is nothing to count. */
export function LevelPieSvg({ counts }: { counts: LevelCounts }) {
  const data = [
    ...RISK_LEVELS.map((l) => ({ id: l.code, label: l.label, value: counts[l.code], color: l.colour })),
    { id: "none", label: "No score", value: counts.none, color: NO_DATA_COLOUR },
  ].filter((d) => d.value > 0);
  if (data.length === 0) return null;
  return (
    <Pie
      width={SIZE}
      height={SIZE}
      data={data}
      colors={{ datum: "data.color" }}
      margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
      innerRadius={0.5}
      enableArcLinkLabels={false}
      arcLabelsSkipAngle={20}
      animate={false}
      isInteractive={false}
      // Named by what holds it: the figure's wrapper on a page, the <img> alt as an image.
      role="presentation"
    />
  );
}

/** Locations by risk level for one hazard; fixed size so the server renders the same SVG the browser shows. */
export function RiskPie({ title, counts }: { title: string; counts: LevelCounts }) {
  const description = levelPieDescription(counts);
  const pie = LevelPieSvg({ counts });
  return (
    <figure className="rounded border border-slate-200 p-2">
      <figcaption className="text-sm font-semibold text-slate-800">{title}</figcaption>
      {/* The wrapper is the named image; an unnamed inner role="img" would be flagged by axe. */}
      <div role="img" aria-label={levelPieLabel({ title, counts })}>
        {pie ?? <p className="text-sm text-slate-600">No locations</p>}
      </div>
      <p className="mt-1 text-xs text-slate-600">{description}</p>
    </figure>
  );
}
