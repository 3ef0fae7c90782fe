/**
 * Flood money at risk in the portfolio report: whether the report carries flood figures (the layer store holds
 * historical depth layers), how (occupancy column, protection, currency), and each asset's figures.
 */
import { and, eq } from "drizzle-orm";
import { portfolioReports, type PortfolioUpload } from "#db/schema/index";
import { DEFAULT_PROTECTION_YEARS } from "~/domain/flood-loss/expected-damage";
import { DEFAULT_OCCUPANCY, occupancyColumn, parseOccupancy } from "~/domain/flood-loss/occupancy";
import { moneyBasis } from "~/domain/portfolio/columns/value-column";
import { effectiveWeightColumn } from "~/domain/portfolio/weighting";
import type {
  AssetFloodFigures,
  AssetFloodKind,
  FloodReportBasis,
  FloodReportTotals,
} from "~/domain/reports/flood-figures";
import type { AssessedLocation } from "~/domain/reports/types";
import type { FloodKindResult } from "~/domain/api-contract/flood";
import { OCCUPANCY_LABELS, type Occupancy } from "~/domain/flood-loss/depth-damage-functions";
import { FLOOD_VIEW_TEXT } from "~/domain/flood-loss/point-view";
import type { LocationFloodKind } from "~/domain/reports/location-report";
import { getDb } from "../infra/db.server";
import { floodLossAtPoint, floodReader } from "./flood-loss.server";

/** The report's flood basis, or null when no historical depth layer is stored (the report then has no flood figures). */
export async function floodReportBasis(
  upload: Pick<PortfolioUpload, "columns" | "weightColumn" | "valueCurrency">,
): Promise<FloodReportBasis | null> {
  const layers = await floodReader().layers();
  if (!layers.some((l) => l.scenario === "historical")) return null;
  const col = occupancyColumn(upload.columns);
  return {
    occupancyColumn: col >= 0 ? upload.columns[col]! : null,
    defaultOccupancy: DEFAULT_OCCUPANCY,
    protectionYears: DEFAULT_PROTECTION_YEARS,
    currency:
      moneyBasis(effectiveWeightColumn(upload.weightColumn, upload.columns), upload.valueCurrency)?.currency ?? null,
    slot: "historical baseline",
  };
}

/** One valid asset's flood figures; its weight is its value when the report has a currency. */
export async function assetFloodFigures(
  basis: FloodReportBasis,
  loc: AssessedLocation,
): Promise<AssetFloodFigures | null> {
  if (loc.status !== "valid" || loc.lat === null || loc.lon === null) return null;
  const given = basis.occupancyColumn ? parseOccupancy(loc.userColumns[basis.occupancyColumn]) : null;
  const r = await floodLossAtPoint({
    lat: loc.lat,
    lon: loc.lon,
    countryCode: loc.countryCode,
    scenario: "hist",
    period: "hist",
    occupancy: given,
    valueEur: basis.currency ? loc.weight : null,
    protectionYears: basis.protectionYears,
  });
  const kind = (k: "river" | "coastal"): AssetFloodKind => {
    const l = r.losses[k];
    const at = r[k];
    return {
      covered: at.available,
      level: at.available ? at.level.band : null,
      eadRatio: l?.ead.ead ?? null,
      eadAmount: l?.eadEur ?? null,
      loss100Amount: l?.loss100Eur ?? null,
    };
  };
  return { occupancy: r.occupancy, occupancyGiven: given !== null, river: kind("river"), coastal: kind("coastal") };
}

/** A finished report's flood figures (basis and totals), or null when it was made without flood-depth layers. */
export async function reportFloodFigures(
  userId: string,
  reportId: string,
): Promise<{ basis: FloodReportBasis; totals: FloodReportTotals } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(reportId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ result: portfolioReports.result })
    .from(portfolioReports)
    .where(
      and(eq(portfolioReports.id, reportId), eq(portfolioReports.userId, userId), eq(portfolioReports.status, "done")),
    );
  return (
    (row?.result as { flood?: { basis: FloodReportBasis; totals: FloodReportTotals } } | null | undefined)?.flood ??
    null
  );
}

function locationFloodKind(title: string, kind: FloodKindResult, occupancy: Occupancy): LocationFloodKind {
  if (!kind.available)
    return {
      title,
      text: `${kind.message}. ${kind.how_to_add}`,
      rows: [],
      eadRatio: null,
      damageRatio100: null,
      basis: null,
    };
  const { loss } = kind;
  return {
    title,
    text: kind.explanation,
    rows: kind.depths.map((d) => ({ returnPeriod: d.return_period, depthM: d.depth_m, damageRatio: d.damage_ratio })),
    eadRatio: loss.ok ? loss.ead_ratio : null,
    damageRatio100: loss.ok ? loss.damage_ratio_100 : null,
    basis: loss.ok
      ? `${loss.damage_function.name}, ${loss.continent.charAt(0).toUpperCase()}${loss.continent.slice(1)}, occupancy ${OCCUPANCY_LABELS[occupancy]} (assumed). ${FLOOD_VIEW_TEXT.protection(loss.protection_years, loss.rule)}`
      : `No damage figure: ${loss.message}.`,
  };
}

/**
 * The single-location report's flood depth and damage at the land point it scores (historical baseline, default
 * occupancy, no value: ratios only); null when the layer store holds no historical depth map.
 */
export async function locationFloodFigures(
  at: { lat: number; lon: number },
  countryCode: string | null,
): Promise<LocationFloodKind[] | null> {
  const layers = await floodReader().layers();
  if (!layers.some((l) => l.scenario === "historical")) return null;
  const r = await floodLossAtPoint({ ...at, countryCode, scenario: "hist", period: "hist" });
  return [
    locationFloodKind("River flood", r.river, r.occupancy),
    locationFloodKind("Coastal flood", r.coastal, r.occupancy),
  ];
}
