/**
 * Synthetic portfolios for the report benches: real points scored by the real engine. A pool of land points is
 * drawn once; the portfolio cycles through it with small offsets (as real books repeat sites in one area), and
 * its locations come as a lazy generator so the bench measures the writers, not a big array.
 */
import { reportMetadata } from "../../tests/support/report-fixtures";
import type { AssessedLocation, LocationScores, PortfolioReportSource } from "../../app/domain/reports/types";
import type { RiskEngine } from "../../app/risk/engine/risk-engine";
import { locationScores } from "../../app/services/reports/location-scores.server";
import { seededRandom } from "../../app/utils/seeded-random";

export function landPoints(engine: RiskEngine, count: number, seed = 7): { lat: number; lon: number }[] {
  const rnd = seededRandom(seed);
  const out: { lat: number; lon: number }[] = [];
  while (out.length < count) {
    const lat = rnd() * 120 - 55;
    const lon = rnd() * 360 - 180;
    if (engine.locate(lat, lon).status === "ok")
      out.push({ lat: Math.round(lat * 1e4) / 1e4, lon: Math.round(lon * 1e4) / 1e4 });
  }
  return out;
}

export function syntheticPortfolio(engine: RiskEngine, size: number, poolSize = 2000): PortfolioReportSource {
  const pool = landPoints(engine, Math.min(poolSize, size));
  const cache = new Map<string, LocationScores>();
  const columns = ["Site ID", "Site name", "Latitude", "Longitude", "Insured value", "Notes"];
  function* locations(): Generator<AssessedLocation> {
    for (let i = 0; i < size; i++) {
      const p = pool[i % pool.length]!;
      const lat = p.lat + ((i % 7) - 3) * 1e-3;
      const lon = p.lon + ((i % 5) - 2) * 1e-3;
      const value = 100_000 + ((i * 7919) % 900_000);
      yield assessPoint(
        engine,
        {
          rowNumber: i + 2,
          assetId: `SITE-${String(i + 1).padStart(6, "0")}`,
          name: `Site ${i + 1}`,
          lat,
          lon,
          weight: value,
          userColumns: {
            "Site ID": `SITE-${String(i + 1).padStart(6, "0")}`,
            "Site name": `Site ${i + 1}`,
            Latitude: String(lat),
            Longitude: String(lon),
            "Insured value": String(value),
            Notes: i % 1000 === 0 ? '=HYPERLINK("http://example.com")' : "",
          },
        },
        cache,
      );
    }
  }
  const empty = { value: null, score: null, level: null };
  const future = Object.fromEntries(
    ["rcp26", "rcp45", "rcp85"].map((sc) => [sc, Object.fromEntries(["2030", "2040", "2050"].map((p) => [p, empty]))]),
  ) as PortfolioReportSource["output_risks_overall_estimate"]["future"];
  return {
    metadata: reportMetadata({ columns, weightingColumn: "Insured value", datasetVersion: engine.header.version }),
    locations,
    output_request_stats: {
      asset_number: size,
      hexagon_number: 0,
      country_number: 0,
      locations: { countries: [], hexagons: [] },
      report_cost: "0.00",
      new_hexagon_request: 0,
    },
    output_risks_overall_estimate: { hist: empty, future },
    output_risks_diversity: {},
    output_risks_intensity: [],
    social_by_country_sum: [],
  };
}

interface PointInput {
  rowNumber: number;
  assetId: string;
  name: string;
  lat: number;
  lon: number;
  weight?: number | null;
  userColumns?: Record<string, string>;
}

/** A point assessed, or excluded with the engine's reason (at sea, invalid coordinates). */
function assessPoint(engine: RiskEngine, p: PointInput, cache?: Map<string, LocationScores>): AssessedLocation {
  const base = {
    rowNumber: p.rowNumber,
    assetId: p.assetId,
    name: p.name,
    lat: p.lat,
    lon: p.lon,
    userColumns: p.userColumns ?? {},
    weight: p.weight === undefined ? 1 : p.weight,
  };
  const loc = engine.placePoint(p.lat, p.lon);
  if (loc.status !== "ok")
    return {
      ...base,
      countryCode: null,
      regionCode: null,
      hexagon: null,
      status: "excluded",
      reason: loc.message,
      scores: null,
    };
  // each point is scored from its own drivers: the cache is by the land point scored (books repeat their sites)
  const key = `${loc.at.lat},${loc.at.lon}`;
  let scores = cache?.get(key);
  if (!scores) {
    scores = locationScores(engine, loc.hexagon_code, loc);
    cache?.set(key, scores);
  }
  return {
    ...base,
    countryCode: loc.country_code,
    regionCode: loc.region_code,
    hexagon: loc.hexagon_code,
    status: "valid",
    reason: null,
    scores,
  };
}
