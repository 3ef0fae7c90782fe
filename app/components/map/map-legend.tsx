import { mapLegend } from "~/domain/geo/map/map-levels";

/** Colour key of the location maps: five levels plus the two states that are not scores. */
export function MapLegend({ title }: { title: string }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
        {mapLegend().map((e) => (
          <li key={e.key} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block h-3 w-5 rounded-sm border border-slate-400"
              style={{ backgroundColor: e.colour }}
            />
            {e.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
