import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { SITE_NAME, SITE_TAGLINE } from "~/domain/site";

export const meta: MetaFunction = () => [{ title: `${SITE_NAME} — ${SITE_TAGLINE}` }, { name: "description", content: SITE_TAGLINE }];

export default function Home() {
  return (
    <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-16">
      <h1 className="text-4xl font-bold">{SITE_TAGLINE}</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">
        Twelve hazards, three scenarios, four horizons: river flood, heat wave, drought, sea-level rise and more, scored 1 (Low) to 5 (Extreme) for a country, a region, a hexagon or a point.
      </p>
      <Link to="/dashboard" className="btn-primary mt-8">
        Free Scan
      </Link>
    </main>
  );
}
