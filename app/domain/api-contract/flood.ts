/**
 * Flood depth and money at risk from published depth maps (the layer store): one point, or many assets at once
 * with portfolio totals. Where no depth layer covers a place the answer says so and carries no figure.
 */
import { OCCUPANCIES } from "../flood-loss/depth-damage-functions";
import { CONTINENTS } from "../flood-loss/depth-damage-functions";
import { DEPTH_LEVEL_BAND } from "../flood-loss/depth-levels";
import { ok } from "./common";
import { z, obj } from "./zod";
import examplesJson from "./flood-examples.json";

/** Real answers on test layers (tests/integration/api/flood-loss.test.ts holds them equal to the live ones). */
const examples = examplesJson as unknown as { point: never; batchRequest: never; batchResponse: never };

/** Most assets one batch call values. */
export const FLOOD_BATCH_MAX_LOCATIONS = 1000;
/** Longest protection standard a caller may state, in years (the rarest mapped flood is 1-in-1,000). */
export const MAX_PROTECTION_YEARS = 1000;

export const Occupancy = z.enum(OCCUPANCIES).openapi({
  description:
    "The asset's use, which picks the JRC damage function: residential, commercial, industrial, transport, infrastructure or agriculture.",
});
const FloodScenario = z
  .enum(["hist", "rcp45", "rcp85"])
  .openapi({ description: "hist (Aqueduct historical), rcp45 or rcp85; Aqueduct publishes no RCP2.6." });
const FloodPeriod = z
  .enum(["hist", "2030", "2050", "2080"])
  .openapi({ description: "hist with scenario hist; 2030, 2050 or 2080 with an RCP." });
const protectionYears = z.coerce.number().int().min(1).max(MAX_PROTECTION_YEARS);
const valueEur = z.coerce.number().finite().min(0).max(1e13);

export const FloodLossQuery = z.object({
  lat: z.coerce.number().min(-90).max(90).openapi({ description: "Latitude, decimal degrees.", example: 50.94 }),
  lon: z.coerce.number().min(-180).max(180).openapi({ description: "Longitude, decimal degrees.", example: 6.96 }),
  scenario: FloodScenario.default("hist"),
  period: FloodPeriod.default("hist"),
  occupancy: Occupancy.optional().openapi({
    description: "The asset's use; commercial when absent (stated in occupancy_source).",
  }),
  value_eur: valueEur
    .optional()
    .openapi({ description: "The asset's value in EUR; losses in EUR need it.", example: 2000000 }),
  protection_years: protectionYears.optional().openapi({
    description: "Return period in years up to which flood defences hold; 2 when absent (stated in the answer).",
  }),
});

const FloodSource = obj({ name: z.string(), url: z.string(), licence: z.string(), attribution: z.string() });

const LossOk = obj({
  ok: z.literal(true),
  occupancy: Occupancy,
  continent: z.enum(CONTINENTS),
  damage_function: obj({
    name: z.string().openapi({
      description: "The JRC global flood depth-damage function applied (Huizinga, de Moel and Szewczyk 2017).",
    }),
    depths_m: z.array(z.number()),
    damage_factors: z.array(z.number()),
  }),
  protection_years: z
    .number()
    .int()
    .openapi({ description: "Assumed flood protection standard: floods more frequent than this do no damage." }),
  rule: z
    .string()
    .openapi({ description: "How the expected annual damage is integrated over exceedance probability." }),
  ead_ratio: z.number().openapi({ description: "Expected annual damage as a fraction of the asset value." }),
  damage_ratio_100: z
    .number()
    .nullable()
    .openapi({ description: "Damage of the 1-in-100-year flood as a fraction of the value." }),
  value_eur: z.number().nullable(),
  ead_eur: z.number().nullable().openapi({ description: "Expected annual loss in EUR (null without value_eur)." }),
  loss_100_eur: z.number().nullable().openapi({ description: "1-in-100-year loss in EUR (null without value_eur)." }),
});
const LossUnavailable = obj({ ok: z.literal(false), message: z.string() });

const FloodKindAvailable = obj({
  available: z.literal(true),
  basis: z
    .literal("flood-depth layer")
    .openapi({ description: "Figures come from a published depth map, never from the screening index." }),
  aqueduct_scenario: z.string(),
  aqueduct_period: z.string(),
  variant: z.string().openapi({
    description: "The stored map variant read (river: climate model; coast: subsidence and sea-level percentile).",
  }),
  resolution_deg: z.array(z.number()).length(2),
  method: z.string().openapi({ description: "How the map is read at the point." }),
  sources: z.array(FloodSource),
  level: obj({
    level: z.enum(
      Object.keys(DEPTH_LEVEL_BAND) as [keyof typeof DEPTH_LEVEL_BAND, ...(keyof typeof DEPTH_LEVEL_BAND)[]],
    ),
    band: z.number().int().min(1).max(5),
    reason: z.string(),
  }),
  explanation: z.string(),
  depths: z.array(
    obj({
      return_period: z.number().int(),
      depth_m: z
        .number()
        .nullable()
        .openapi({ description: "Water depth in metres at the point; null where the map has no value." }),
      damage_ratio: z
        .number()
        .nullable()
        .openapi({ description: "Damage factor of that depth (null when no damage function applies)." }),
    }),
  ),
  loss: z.union([LossOk, LossUnavailable]),
});
const FloodKindUnavailable = obj({
  available: z.literal(false),
  message: z.string().openapi({ description: "not available: no flood-depth layer covers this place" }),
  how_to_add: z.string(),
});
export const FloodKindResult = z.union([FloodKindAvailable, FloodKindUnavailable]).openapi("FloodKindResult");

const pointFields = {
  lat: z.number(),
  lon: z.number(),
  country_code: z.string().nullable(),
  occupancy: Occupancy,
  occupancy_source: z
    .enum(["given", "default"])
    .openapi({ description: "given: the request's occupancy; default: commercial, assumed." }),
  river: FloodKindResult,
  coastal: FloodKindResult,
};

export const FloodLossResponse = obj({
  status: ok,
  scenario: FloodScenario,
  period: FloodPeriod,
  ...pointFields,
}).openapi("FloodLossResponse", { example: examples.point });

export const FloodBatchRequest = obj({
  scenario: FloodScenario.optional().openapi({ description: "hist when absent." }),
  period: FloodPeriod.optional().openapi({ description: "hist when absent." }),
  protection_years: protectionYears
    .optional()
    .openapi({ description: "Assumed protection standard in years for every asset; 2 when absent." }),
  locations: z
    .array(
      obj({
        id: z.string().max(100).optional().openapi({ description: "Your reference for the asset, echoed back." }),
        lat: z.number().min(-90).max(90),
        lon: z.number().min(-180).max(180),
        occupancy: Occupancy.optional(),
        value_eur: z.number().finite().min(0).max(1e13).optional(),
      }),
    )
    .min(1)
    .max(FLOOD_BATCH_MAX_LOCATIONS)
    .openapi({
      description: `1 to ${FLOOD_BATCH_MAX_LOCATIONS.toLocaleString("en-GB")} assets, answered in this order.`,
    }),
}).openapi("FloodLossBatchRequest", { example: examples.batchRequest });

const KindTotals = obj({
  assets_with_loss: z.number().int().openapi({ description: "Assets with a value and a loss from a depth layer." }),
  value_eur: z.number(),
  ead_eur: z
    .number()
    .openapi({ description: "Portfolio expected annual loss: the sum of the assets' (expected values add up)." }),
  sum_loss_100_eur: z
    .number()
    .openapi({ description: "Sum of the assets' 1-in-100-year losses: NOT a portfolio 1-in-100 loss." }),
});

export const FloodBatchResponse = obj({
  status: ok,
  scenario: FloodScenario,
  period: FloodPeriod,
  protection_years: z.number().int(),
  count: z.number().int(),
  items: z.array(
    obj({ index: z.number().int(), id: z.string().nullable(), value_eur: z.number().nullable(), ...pointFields }),
  ),
  totals: obj({
    river: KindTotals,
    coastal: KindTotals,
    ead_eur: z.number().openapi({ description: "River plus coastal expected annual loss." }),
    note: z.string(),
  }),
}).openapi("FloodLossBatchResponse", { example: examples.batchResponse });

export type FloodLossQuery = z.output<typeof FloodLossQuery>;
export type FloodBatchRequest = z.infer<typeof FloodBatchRequest>;
export type FloodKindResult = z.infer<typeof FloodKindResult>;
export type FloodLossResponse = z.infer<typeof FloodLossResponse>;
export type FloodBatchResponse = z.infer<typeof FloodBatchResponse>;
