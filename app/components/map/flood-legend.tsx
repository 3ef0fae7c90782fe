import { NO_DATA_COLOUR, NOT_APPLICABLE_COLOUR } from "~/domain/geo/map-levels";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";

/** Colour key of the flood maps: the five risk levels plus the two states that are not scores. */
export function FloodLegend() {
  const entries = [
    ...RISK_LEVELS.map((l) => ({ key: l.code, colour: l.colour, label: `${l.score} ${l.label}` })),
    { key: "na", colour: NOT_APPLICABLE_COLOUR, label: "Not applicable" },
    { key: "nodata", colour: NO_DATA_COLOUR, label: "No data" },
  ];
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">River-flood level</h3>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
        {entries.map((e) => (
          <li key={e.key} className="flex items-center gap-2">
            <span aria-hidden="true" className="inline-block h-3 w-5 rounded-sm border border-slate-400" style={{ backgroundColor: e.colour }} />
            {e.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
