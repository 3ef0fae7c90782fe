import { Pie } from "@nivo/pie";
import type { LevelCounts } from "~/domain/portfolio/stats";
import { RISK_LEVELS } from "~/domain/risk-levels";

const NONE_COLOUR = "#cbd5e1";
const SIZE = 180;

/** Locations by risk level for one hazard; fixed size so the server renders the same SVG the browser shows. */
export function RiskPie({ title, counts }: { title: string; counts: LevelCounts }) {
  const data = [
    ...RISK_LEVELS.map((l) => ({ id: l.code, label: l.label, value: counts[l.code], color: l.colour })),
    { id: "none", label: "No score", value: counts.none, color: NONE_COLOUR },
  ].filter((d) => d.value > 0);
  const total = data.reduce((s, d) => s + d.value, 0);
  const description = data.map((d) => `${d.label}: ${d.value}`).join(", ");
  return (
    <figure className="rounded border border-slate-200 p-2">
      <figcaption className="text-sm font-semibold text-slate-800">{title}</figcaption>
      <div role="img" aria-label={`${title}: ${description || "no locations"}`}>
        {total > 0 ? (
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
            // The wrapper is the named image; an unnamed inner role="img" would be flagged by axe.
            role="presentation"
          />
        ) : (
          <p className="text-sm text-slate-600">No locations</p>
        )}
      </div>
      <p className="mt-1 text-xs text-slate-600">{description}</p>
    </figure>
  );
}
