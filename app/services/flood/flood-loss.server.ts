/**
 * Flood depth and money at risk for the API, the dashboard and the reports: one reader over the configured layer
 * store (re-made when the configuration names another store), and the answers in the API contract's shape, so every
 * page and report states the same figures, sources and rule.
 */
import type { FloodKindResult } from "~/domain/api-contract/flood";
import { PORTFOLIO_RP_SUM_NOTE, portfolioFloodTotals, type AssetFloodLoss } from "~/domain/flood-loss/asset-loss";
import { DEPTH_DAMAGE_SOURCE, type Occupancy } from "~/domain/flood-loss/depth-damage-functions";
import { DEFAULT_PROTECTION_YEARS } from "~/domain/flood-loss/expected-damage";
import { DEFAULT_OCCUPANCY } from "~/domain/flood-loss/occupancy";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { floodAtPoint, type FloodKindAnswer } from "~/risk/layers/flood-at-point.server";
import { FloodDepthReader } from "~/risk/layers/flood-depths.server";
import { configuredLayerStore } from "~/risk/layers/store.server";

let current: { key: string; reader: FloodDepthReader } | null = null;

/** The reader of the store the environment names now (tests and operators may point LAYERS_DIR elsewhere). */
export function floodReader(env: NodeJS.ProcessEnv = process.env): FloodDepthReader {
  const key = [env.S3_URL ?? "", env.LAYERS_DIR ?? "", env.DATA_DIR ?? ""].join("|");
  if (!current || current.key !== key) {
    void current?.reader.closeAll();
    current = { key, reader: new FloodDepthReader(configuredLayerStore(env)) };
  }
  return current.reader;
}

export interface FloodPointRequest {
  lat: number;
  lon: number;
  scenario: string;
  period: string;
  occupancy?: Occupancy | null;
  valueEur?: number | null;
  protectionYears?: number | null;
  /** The point's country when the caller knows it already (a report's row); else found from the point. */
  countryCode?: string | null;
}

export interface FloodPointResult {
  lat: number;
  lon: number;
  country_code: string | null;
  occupancy: Occupancy;
  occupancy_source: "given" | "default";
  river: FloodKindResult;
  coastal: FloodKindResult;
  /** The domain results behind the JSON (the reports add them up). */
  losses: { river: AssetFloodLoss | null; coastal: AssetFloodLoss | null };
}

/** The country a point lies in (or the land it snaps to within 10 km of the shore); null at sea. */
function countryOf(lat: number, lon: number): string | null {
  const placed = getRiskEngine().placePoint(lat, lon);
  return placed.status === "ok" ? placed.country_code : null;
}

const DAMAGE_FUNCTION_NAME = `JRC global flood depth-damage functions (${DEPTH_DAMAGE_SOURCE.edition}), doi:${DEPTH_DAMAGE_SOURCE.doi}`;

export function floodKindJson(answer: FloodKindAnswer): FloodKindResult {
  if (!answer.available) return { available: false, message: answer.message, how_to_add: answer.howToAdd };
  const { curve, level, loss } = answer;
  const ratios = loss.ok
    ? new Map(loss.loss.perReturnPeriod.map((p) => [p.returnPeriod, p.damageRatio]))
    : new Map<number, number | null>();
  return {
    available: true,
    basis: "flood-depth layer",
    aqueduct_scenario: curve.scenario,
    aqueduct_period: curve.period,
    variant: curve.variant,
    resolution_deg: [...curve.resolution],
    method: curve.method,
    sources: curve.sources.map((s) => ({ ...s })),
    level: { level: level.level, band: level.band, reason: level.reason },
    explanation: answer.explanation,
    depths: curve.depths.map((d) => ({
      return_period: d.returnPeriod,
      depth_m: d.depthM,
      damage_ratio: ratios.get(d.returnPeriod) ?? null,
    })),
    loss: loss.ok
      ? {
          ok: true,
          occupancy: loss.loss.occupancy,
          continent: loss.loss.continent,
          damage_function: {
            name: DAMAGE_FUNCTION_NAME,
            depths_m: [...loss.loss.curve.depths],
            damage_factors: [...loss.loss.curve.factors],
          },
          protection_years: loss.loss.ead.protectionYears,
          rule: loss.loss.ead.rule,
          ead_ratio: loss.loss.ead.ead,
          damage_ratio_100: loss.loss.damageRatio100,
          value_eur: loss.loss.valueEur,
          ead_eur: loss.loss.eadEur,
          loss_100_eur: loss.loss.loss100Eur,
        }
      : { ok: false, message: loss.message },
  };
}

/** Flood depth, level and loss at one point, from the layer store only. */
export async function floodLossAtPoint(
  q: FloodPointRequest,
  reader: FloodDepthReader = floodReader(),
): Promise<FloodPointResult> {
  const countryCode = q.countryCode !== undefined ? q.countryCode : countryOf(q.lat, q.lon);
  const occupancy = q.occupancy ?? DEFAULT_OCCUPANCY;
  const answers = await floodAtPoint(reader, {
    lat: q.lat,
    lon: q.lon,
    countryCode,
    scenario: q.scenario,
    period: q.period,
    occupancy,
    valueEur: q.valueEur ?? null,
    protectionYears: q.protectionYears ?? DEFAULT_PROTECTION_YEARS,
  });
  const lossOf = (a: FloodKindAnswer) => (a.available && a.loss.ok ? a.loss.loss : null);
  return {
    lat: q.lat,
    lon: q.lon,
    country_code: countryCode,
    occupancy,
    occupancy_source: q.occupancy ? "given" : "default",
    river: floodKindJson(answers.river),
    coastal: floodKindJson(answers.coastal),
    losses: { river: lossOf(answers.river), coastal: lossOf(answers.coastal) },
  };
}

export interface FloodKindTotals {
  assets_with_loss: number;
  value_eur: number;
  ead_eur: number;
  sum_loss_100_eur: number;
}

export interface FloodPortfolioTotals {
  river: FloodKindTotals;
  coastal: FloodKindTotals;
  ead_eur: number;
  note: string;
}

function kindTotals(losses: readonly (AssetFloodLoss | null)[]): FloodKindTotals {
  const t = portfolioFloodTotals(losses);
  return {
    assets_with_loss: t.assetsWithLoss,
    value_eur: t.valueEur,
    ead_eur: t.eadEur,
    sum_loss_100_eur: t.sumLoss100Eur,
  };
}

/** Portfolio totals: expected annual losses add up; the sum of 1-in-100 losses is stated as not a portfolio loss. */
export function floodPortfolioTotals(results: readonly Pick<FloodPointResult, "losses">[]): FloodPortfolioTotals {
  const river = kindTotals(results.map((r) => r.losses.river));
  const coastal = kindTotals(results.map((r) => r.losses.coastal));
  return { river, coastal, ead_eur: river.ead_eur + coastal.ead_eur, note: PORTFOLIO_RP_SUM_NOTE };
}
