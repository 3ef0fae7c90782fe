/**
 * Flood money at risk in the portfolio report: what each asset carries (occupancy, expected annual loss and
 * 1-in-100-year loss per flood kind, from the depth layers only) and the portfolio totals, gathered as the rows pass.
 */
import { PORTFOLIO_RP_SUM_NOTE } from "../flood-loss/asset-loss";
import type { Occupancy } from "../flood-loss/depth-damage-functions";
import { formatMoney } from "../portfolio/columns/value-column";
import { AT_RISK_SCORE } from "../portfolio/stats";
import { DAMAGING_DEPTH_M, LEVEL_RETURN_PERIODS } from "../flood-loss/depth-levels";
import type { AssessedLocation } from "./types";

/** One flood kind at one asset: null figures where the layers do not cover it. */
export interface AssetFloodKind {
  /** false: no depth layer covers the asset (the reason is NO_DEPTH_LAYER). */
  covered: boolean;
  /** The level (1-5) the depth rule gives at the asset's pixel (domain/flood-loss/depth-levels), null where not covered. */
  level: number | null;
  eadRatio: number | null;
  eadAmount: number | null;
  loss100Amount: number | null;
}

export interface AssetFloodFigures {
  occupancy: Occupancy;
  occupancyGiven: boolean;
  river: AssetFloodKind;
  coastal: AssetFloodKind;
}

/** What the report states once about its flood figures. */
export interface FloodReportBasis {
  /** The upload column occupancy was read from, or null (every asset takes the default). */
  occupancyColumn: string | null;
  defaultOccupancy: Occupancy;
  protectionYears: number;
  /** The asset values' currency; null: no value column, so ratios only. */
  currency: string | null;
  /** The slot the figures are for (the historical baseline of the published maps). */
  slot: string;
}

export interface FloodKindTotal {
  covered: number;
  withAmount: number;
  eadAmount: number;
  sumLoss100Amount: number;
  /**
   * Covered assets the depth map puts at High or above (level AT_RISK_SCORE or more), and their summed value when the
   * report has a currency; absent from reports made before the depth-map levels were kept.
   */
  atRisk?: number;
  atRiskAmount?: number;
}

/** An asset among those with the largest expected annual flood loss. */
export interface FloodTopAsset {
  rowNumber: number;
  assetId: string;
  name: string;
  occupancy: Occupancy;
  eadAmount: number;
  loss100Amount: number;
}

/** How many assets the PDF lists by expected annual flood loss (every asset is in the XLSX). */
export const FLOOD_TOP_ASSETS = 10;

export interface FloodReportTotals {
  assets: number;
  /** The assets with the largest expected annual loss (river + coastal), largest first. */
  top: FloodTopAsset[];
  river: FloodKindTotal;
  coastal: FloodKindTotal;
  /** River plus coastal expected annual loss: expected values add up. */
  eadAmount: number;
  note: string;
}

export const FLOOD_REPORT_TEXT = {
  heading: "Flood money at risk (from flood-depth maps)",
  columns: (currency: string | null) => {
    const c = currency ?? "value";
    return [
      "Occupancy",
      "River flood level from the depth map (1-5)",
      "River flood EAD (% of value)",
      `River flood expected annual loss (${c})`,
      `River flood 1-in-100 loss (${c})`,
      "Coastal flood level from the depth map (1-5)",
      "Coastal flood EAD (% of value)",
      `Coastal flood expected annual loss (${c})`,
      `Coastal flood 1-in-100 loss (${c})`,
      "Flood figures",
    ];
  },
  basis: (b: FloodReportBasis) =>
    `Flood losses from published flood-depth maps (${b.slot}) read at each asset's pixel, JRC depth-damage functions per continent and occupancy; occupancy ${b.occupancyColumn ? `from the column "${b.occupancyColumn}" (${b.defaultOccupancy} where a cell names no known use)` : `assumed ${b.defaultOccupancy} for every asset (no occupancy column)`}; assumed protection standard 1-in-${b.protectionYears} years.${b.currency ? "" : " No value column with a currency: damage ratios only, no amounts."}`,
  portfolioEad: (currency: string) => `Portfolio expected annual flood loss, river + coastal (${currency})`,
  kindEad: (kind: string, currency: string) => `${kind} flood expected annual loss (${currency})`,
  kindSum100: (kind: string, currency: string) =>
    `Sum of the assets' ${kind.toLowerCase()} flood 1-in-100 losses (${currency}) — not a portfolio loss`,
  covered: (kind: string) => `Assets a ${kind.toLowerCase()} flood-depth layer covers`,
  atRisk: (kind: string) => `Assets at ${kind.toLowerCase()} flood High or above (depth map)`,
  atRiskAmount: (kind: string, currency: string) =>
    `Value of assets at ${kind.toLowerCase()} flood High or above (depth map, ${currency})`,
  atRiskDefinition: `High or above from the depth map: level ${AT_RISK_SCORE}-5 at the asset's pixel, ${DAMAGING_DEPTH_M} m of water or more within ${LEVEL_RETURN_PERIODS.medium} years (ThinkHazard!'s classification); the hazard tables' river and coastal flood levels are the screening index.`,
  uncovered: "Assets no flood-depth layer covers (no flood figure)",
  note: PORTFOLIO_RP_SUM_NOTE,
  disclosureHeading: "Acute physical risk in money: flood losses from flood-depth maps",
  disclosureMapsTo: [
    "ESRS E1-9 para 66(a): monetary amount of assets at material acute physical risk (river and coastal flood), before adaptation actions",
    "ESRS E1-9 para 66(c): location of the significant assets at risk (the assets with the largest expected loss)",
    "IFRS S2 para 29(b): amount of assets vulnerable to physical risks",
  ],
  noFloodLayers:
    "This report was made without flood-depth layers: no flood losses in money. Fetch the published maps (npm run layers:fetch -- aqueduct --bbox W,S,E,N) and assess the portfolio again.",
} as const;

/** An amount in the report's currency: the product's money format for EUR, whole units otherwise. */
export function formatFloodAmount(v: number, currency: string): string {
  return currency === "EUR" ? formatMoney(v, "EUR") : `${Math.round(v).toLocaleString("en-GB")} ${currency}`;
}

const emptyKind = (): Required<FloodKindTotal> => ({
  covered: 0,
  withAmount: 0,
  eadAmount: 0,
  sumLoss100Amount: 0,
  atRisk: 0,
  atRiskAmount: 0,
});

export class FloodTotalsAccumulator {
  private assets = 0;
  private readonly river = emptyKind();
  private readonly coastal = emptyKind();

  private readonly top: FloodTopAsset[] = [];

  add(loc: Pick<AssessedLocation, "flood" | "rowNumber" | "assetId" | "name" | "weight">): void {
    const f = loc.flood;
    if (!f) return;
    this.assets++;
    if (f.river.eadAmount !== null || f.coastal.eadAmount !== null) {
      const ead = (f.river.eadAmount ?? 0) + (f.coastal.eadAmount ?? 0);
      if (ead > 0 && (this.top.length < FLOOD_TOP_ASSETS || ead > this.top.at(-1)!.eadAmount)) {
        const entry = {
          rowNumber: loc.rowNumber,
          assetId: loc.assetId,
          name: loc.name,
          occupancy: f.occupancy,
          eadAmount: ead,
          loss100Amount: (f.river.loss100Amount ?? 0) + (f.coastal.loss100Amount ?? 0),
        };
        const at = this.top.findIndex((x) => x.eadAmount < ead);
        this.top.splice(at < 0 ? this.top.length : at, 0, entry);
        if (this.top.length > FLOOD_TOP_ASSETS) this.top.pop();
      }
    }
    for (const [k, t] of [
      ["river", this.river],
      ["coastal", this.coastal],
    ] as const) {
      const a = f[k];
      if (!a.covered) continue;
      t.covered++;
      if (a.level !== null && a.level >= AT_RISK_SCORE) {
        t.atRisk++;
        // the value counts where the report has money (amounts are set only then)
        if (a.eadAmount !== null) t.atRiskAmount += loc.weight ?? 0;
      }
      if (a.eadAmount === null) continue;
      t.withAmount++;
      t.eadAmount += a.eadAmount;
      t.sumLoss100Amount += a.loss100Amount ?? 0;
    }
  }

  result(): FloodReportTotals {
    return {
      assets: this.assets,
      top: [...this.top],
      river: { ...this.river },
      coastal: { ...this.coastal },
      eadAmount: this.river.eadAmount + this.coastal.eadAmount,
      note: PORTFOLIO_RP_SUM_NOTE,
    };
  }
}

/** The Locations sheet's flood cells of one asset, in FLOOD_REPORT_TEXT.columns order. */
export function floodCells(f: AssetFloodFigures | null | undefined, notCovered: string): (string | number | null)[] {
  if (!f) return Array.from({ length: FLOOD_REPORT_TEXT.columns(null).length }, () => null);
  const pct = (r: number | null) => (r === null ? null : Math.round(r * 1e6) / 1e4);
  const money = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
  const kind = (a: AssetFloodKind) =>
    a.covered ? [a.level, pct(a.eadRatio), money(a.eadAmount), money(a.loss100Amount)] : [null, null, null, null];
  const basis =
    f.river.covered || f.coastal.covered
      ? f.river.covered && f.coastal.covered
        ? "depth layers"
        : `depth layer (${f.river.covered ? "river" : "coastal"}); ${notCovered} for the other`
      : notCovered;
  return [f.occupancy + (f.occupancyGiven ? "" : " (default)"), ...kind(f.river), ...kind(f.coastal), basis];
}
