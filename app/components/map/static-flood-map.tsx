import { Link } from "@remix-run/react";
import { floodQuery, type FloodSelection } from "~/domain/geo/map/flood-map";

interface Shape {
  code: string;
  name: string;
  d: string;
  colour: string;
  label: string;
}

/**
 * Server-rendered SVG map: works without JavaScript. On the world map each country is a link to its regions.
 */
export function StaticFloodMap({
  width,
  height,
  shapes,
  selection,
  title,
}: {
  width: number;
  height: number;
  shapes: Shape[];
  selection: FloodSelection;
  title: string;
}) {
  const linkable = !selection.country;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full rounded-md border border-slate-200 bg-sky-50"
      role="group"
      aria-label={title}
    >
      {shapes.map((s) =>
        linkable ? (
          <Link
            key={s.code}
            to={`?${floodQuery({ ...selection, country: s.code })}`}
            aria-label={`${s.name}: ${s.label}`}
          >
            <path d={s.d} fill={s.colour} stroke="#475569" strokeWidth={0.4} fillRule="evenodd">
              <title>{`${s.name}: ${s.label}`}</title>
            </path>
          </Link>
        ) : (
          <path key={s.code} d={s.d} fill={s.colour} stroke="#475569" strokeWidth={0.6} fillRule="evenodd">
            <title>{`${s.name}: ${s.label}`}</title>
          </path>
        ),
      )}
    </svg>
  );
}
