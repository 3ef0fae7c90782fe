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
