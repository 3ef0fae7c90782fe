import { useId } from "react";
import { fitProjection, ringsToSvgPath, type LocationMapData, type MapArea } from "~/domain/geo/map/location-map";

export interface StaticLocationMapProps {
  data: LocationMapData;
  /** Link of an area: picking it without JavaScript. null leaves the area unlinked. */
  pickHref?: (area: MapArea) => string | null;
  /** Accessible title and description of the SVG. */
  title: string;
  description: string;
  selectedId?: string | null;
  width?: number;
}

/**
 * Server-rendered SVG of the same place and areas as the interactive map; works without JavaScript. Its links are
 * plain anchors: the server draws it to markup outside the router (static-location-map.server.tsx).
 */
export function StaticLocationMap({
  data,
  pickHref,
  title,
  description,
  selectedId,
  width = 640,
}: StaticLocationMapProps) {
  const id = useId();
  const p = fitProjection(data.bounds, width, Math.round(width * 0.9));
  const selected = selectedId === undefined ? data.place.code : selectedId;
  const chosen = data.areas.find((a) => a.id === selected);
  const hrefs = new Map(data.areas.map((a) => [a.id, pickHref?.(a) ?? null]));
  // An img's children are presentational: with links inside, the map is a group so the links stay reachable.
  const linked = [...hrefs.values()].some(Boolean);
  return (
    <>
      <svg
        viewBox={`0 0 ${p.width} ${p.height}`}
        className="h-auto w-full rounded-md border border-slate-200 bg-sky-50"
        role={linked ? "group" : "img"}
        aria-labelledby={linked ? `${id}-t` : `${id}-t ${id}-d`}
        aria-describedby={linked ? `${id}-d` : undefined}
        data-testid="static-location-map"
      >
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{description}</desc>
        <path d={ringsToSvgPath(data.outline, p)} fill="#f8fafc" stroke="none" fillRule="evenodd" />
        {data.areas.map((a) => {
          const shape = (
            <path
              d={ringsToSvgPath(a.rings, p)}
              fill={a.colour}
              fillOpacity={0.85}
              stroke="#475569"
              strokeWidth={a.kind === "hexagon" ? 0.3 : 0.6}
              fillRule="evenodd"
            >
              <title>{`${a.name}: ${a.label}`}</title>
            </path>
          );
          const href = hrefs.get(a.id);
          return href ? (
            <a key={a.id} href={href} aria-label={`${a.name}: ${a.label}`} data-area={a.id}>
              {shape}
            </a>
          ) : (
            <g key={a.id}>{shape}</g>
          );
        })}
        <path d={ringsToSvgPath(data.outline, p)} fill="none" stroke="#1e293b" strokeWidth={1.2} fillRule="evenodd" />
        {chosen ? <path d={ringsToSvgPath(chosen.rings, p)} fill="none" stroke="#0f172a" strokeWidth={2.5} /> : null}
        {data.point ? (
          <circle
            cx={p.x(data.point.lon)}
            cy={p.y(data.point.lat)}
            r={5}
            fill="#ffffff"
            stroke="#0f172a"
            strokeWidth={2}
          />
        ) : null}
      </svg>
    </>
  );
}
