/**
 * Money at risk from flood at one asset: depth per return period → damage factor (JRC function for the asset's
 * continent and occupancy) → expected annual damage and the 1-in-100-year damage, as ratios and, given the asset's
 * value, in EUR. And portfolio totals, where expected annual losses add up but 1-in-100 losses do not make a
 * portfolio 1-in-100 loss (that would need the correlation between sites).
 */
import { damageCurve, damageFactor, type Continent, type DamageCurve, type Occupancy } from "./depth-damage-functions";
import { damageAtReturnPeriod, expectedAnnualDamage, type EadResult } from "./expected-damage";

export const LOSS_RETURN_PERIOD = 100;

export const PORTFOLIO_RP_SUM_NOTE =
  "The sum of the assets' 1-in-100-year losses is not the portfolio's 1-in-100-year loss: floods do not strike every site in the same year, and without the correlation between sites no portfolio return-period loss is stated.";

export interface DepthPoint {
  returnPeriod: number;
  depthM: number | null;
}

export interface AssetFloodLoss {
  occupancy: Occupancy;
  continent: Continent;
  curve: DamageCurve;
  perReturnPeriod: { returnPeriod: number; depthM: number | null; damageRatio: number | null }[];
  ead: EadResult;
  /** Damage ratio of the 1-in-100-year flood (0 when the defences hold it), null if not mapped. */
  damageRatio100: number | null;
  valueEur: number | null;
  eadEur: number | null;
  loss100Eur: number | null;
}

export type AssetFloodLossResult =
  { ok: true; loss: AssetFloodLoss } | { ok: false; reason: "no-curve" | "no-depths"; message: string };

export function assetFloodLoss(
  depths: readonly DepthPoint[],
  opts: { occupancy: Occupancy; continent: Continent; protectionYears: number; valueEur?: number | null },
): AssetFloodLossResult {
  const curve = damageCurve(opts.occupancy, opts.continent);
  if (!curve) {
    return {
      ok: false,
      reason: "no-curve",
      message: `the JRC database publishes no ${opts.occupancy} damage function for ${opts.continent}`,
    };
  }
  const perReturnPeriod = depths.map((d) => ({
    returnPeriod: d.returnPeriod,
    depthM: d.depthM,
    damageRatio: d.depthM === null ? null : damageFactor(curve, d.depthM),
  }));
  const known = perReturnPeriod
    .filter((p) => p.damageRatio !== null)
    .map((p) => ({ returnPeriod: p.returnPeriod, damage: p.damageRatio! }));
  if (known.length === 0) return { ok: false, reason: "no-depths", message: "the layers hold no value at this place" };
  const ead = expectedAnnualDamage(known, { protectionYears: opts.protectionYears });
  const damageRatio100 = damageAtReturnPeriod(known, LOSS_RETURN_PERIOD, ead.protectionYears);
  const value = opts.valueEur != null && Number.isFinite(opts.valueEur) && opts.valueEur >= 0 ? opts.valueEur : null;
  return {
    ok: true,
    loss: {
      occupancy: opts.occupancy,
      continent: opts.continent,
      curve,
      perReturnPeriod,
      ead,
      damageRatio100,
      valueEur: value,
      eadEur: value === null ? null : ead.ead * value,
      loss100Eur: value === null || damageRatio100 === null ? null : damageRatio100 * value,
    },
  };
}

export interface PortfolioFloodTotals {
  assets: number;
  assetsWithLoss: number;
  valueEur: number;
  /** Sum of the assets' expected annual losses: additive, the portfolio's expected annual loss. */
  eadEur: number;
  /** Sum of the assets' 1-in-100-year losses: not a portfolio 1-in-100 loss (see PORTFOLIO_RP_SUM_NOTE). */
  sumLoss100Eur: number;
  note: string;
}

export function portfolioFloodTotals(assets: readonly (AssetFloodLoss | null)[]): PortfolioFloodTotals {
  let valueEur = 0;
  let eadEur = 0;
  let sumLoss100Eur = 0;
  let withLoss = 0;
  for (const a of assets) {
    if (!a || a.valueEur === null) continue;
    withLoss++;
    valueEur += a.valueEur;
    eadEur += a.eadEur ?? 0;
    sumLoss100Eur += a.loss100Eur ?? 0;
  }
  return {
    assets: assets.length,
    assetsWithLoss: withLoss,
    valueEur,
    eadEur,
    sumLoss100Eur,
    note: PORTFOLIO_RP_SUM_NOTE,
  };
}
