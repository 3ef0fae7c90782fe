/** The dashboard's map of the chosen place's hexagons in the plan; each links to its scores. */
import { useNavigate } from "@remix-run/react";
import { PlaceMap } from "~/components/map/place-map";
import { mapPickHref } from "~/domain/dashboard/dashboard";
import { HAZARDS } from "~/domain/hazards/hazards";
import type { DashboardView } from "./dashboard-controls";

export function DashboardMap({
  d,
  params,
  futureLabel,
}: {
  d: DashboardView;
  params: URLSearchParams;
  futureLabel: string;
}) {
  const navigate = useNavigate();
  const pickHref = (code: string) => mapPickHref(params, d.sel, code);
  if (!d.map) return null;
  return (
    <section aria-labelledby="map-title" className="mt-8">
      <h2 id="map-title" className="text-xl font-semibold">
        Map
      </h2>
      {d.map.areas.length ? (
        <p className="mt-1 text-sm text-slate-700">Pick a hexagon on the map to see its scores.</p>
      ) : null}
      <div className="mt-3 max-w-3xl">
        <PlaceMap
          data={d.map}
          title={`${HAZARDS.AL.name} level map of ${d.map.place.name}`}
          description={`${d.map.areas.length} hexagon(s) of ${d.map.place.name} in your plan, coloured by ${HAZARDS.AL.name.toLowerCase()} level, ${futureLabel}.${d.map.areas.length ? " Each links to its scores." : ""}`}
          legendTitle={`${HAZARDS.AL.name} level`}
          pickHref={(a) => pickHref(a.id)}
          onPick={(href) => navigate(href)}
          tileUrl={d.tileUrl}
        />
      </div>
    </section>
  );
}
