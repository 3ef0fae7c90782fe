/** The batch read: many points or location codes × several scenario/period slots in one call, answered per item. */
import { BATCH_MAX_LOCATIONS, BATCH_MAX_SLOTS } from "../api/keys/api-limits";
import { LOCATION_KINDS } from "../commerce/entitlements";
import { HazardId, PeriodId, ScenarioId, ScoreSource } from "./risk";
import { ok } from "./common";
import { z, obj } from "./zod";

const clientId = z
  .string()
  .max(100)
  .optional()
  .openapi({ description: "Your own reference for the location (policy or asset id), echoed back as id." });
/** Numbers, or numeric strings as a spreadsheet export writes them; out-of-range values are answered per item. */
const coordinate = z.union([z.number(), z.string().max(40)]);

export const BatchPoint = obj({
  id: clientId,
  lat: coordinate.openapi({ description: "Latitude, decimal degrees.", example: 51.507 }),
  lon: coordinate.openapi({ description: "Longitude, decimal degrees.", example: -0.128 }),
}).openapi("BatchPoint");
export const BatchCode = obj({
  id: clientId,
  location_code: z.string().max(20).openapi({
    description: "Country (alpha-2), region (ISO 3166-2) or H3 resolution-4 hexagon id.",
    example: "FR-13",
  }),
}).openapi("BatchLocationCode");
export const BatchSlot = obj({
  scenario: ScenarioId,
  period: PeriodId.optional().openapi({
    description: "hist for scenario hist (the default there); 2030, 2040 or 2050 for an RCP.",
  }),
}).openapi("BatchSlot");

export const BatchRequest = obj({
  locations: z
    .array(z.union([BatchPoint, BatchCode]))
    .min(1)
    .max(BATCH_MAX_LOCATIONS)
    .openapi({
      description: `1 to ${BATCH_MAX_LOCATIONS.toLocaleString("en-GB")} points or location codes, answered in this order.`,
    }),
  slots: z
    .array(BatchSlot)
    .min(1)
    .max(BATCH_MAX_SLOTS)
    .optional()
    .openapi({
      description: `1 to ${BATCH_MAX_SLOTS} scenario/period slots (each once); the historical reference alone when absent.`,
    }),
}).openapi("HazardsBatchRequest", {
  example: {
    locations: [
      { id: "policy-1", lat: 51.507, lon: -0.128 },
      { id: "policy-2", lat: 0, lon: -30 },
      { id: "region", location_code: "FR-13" },
    ],
    slots: [
      { scenario: "hist", period: "hist" },
      { scenario: "rcp85", period: "2050" },
    ],
  },
});
export type BatchRequest = z.infer<typeof BatchRequest>;

const CompactScore = obj({
  hazard_id: HazardId,
  value: z.number().min(0).max(1).nullable().openapi({
    description: "0..1; null when not applicable, no data, or scored from a flood-depth layer (`source`).",
  }),
  score: z
    .number()
    .int()
    .min(1)
    .max(5)
    .nullable()
    .openapi({ description: "1 (Low) to 5 (Extreme); null when not applicable or no data." }),
  level: z.enum(["L", "M", "H", "S", "E"]).nullable(),
  state: z.enum(["ok", "not_applicable", "no_data"]),
  source: ScoreSource.optional().openapi({
    description:
      "On river flood (FD) and coastal flood (SS): a flood-depth layer where one covers a point read at its hexagon, else the screening index with the reason (ScoreSource).",
  }),
}).openapi("BatchHazardScore", { description: "A hazard's score; names and colours are those of hazards_ids." });

const SlotScores = obj({
  scenario: ScenarioId,
  period: PeriodId,
  aggregate: CompactScore,
  hazards: z.array(CompactScore).openapi({ description: "The eleven per-hazard scores, in the order of hazards_ids." }),
});

export const BATCH_ITEM_ERRORS = [
  "invalid_coordinates",
  "at_sea",
  "not_covered",
  "invalid_location_code",
  "unknown_location",
  "not_in_plan",
] as const;
export type BatchItemErrorCode = (typeof BATCH_ITEM_ERRORS)[number];

export const BatchItemOk = obj({
  index: z.number().int().min(0).openapi({ description: "Position of the location in the request." }),
  id: z.string().nullable(),
  status: ok,
  lat: z.number().nullable().openapi({ description: "The point asked for; null for a location code." }),
  lon: z.number().nullable(),
  hexagon_code: z.string().nullable().openapi({
    description:
      "The point's codes (location_codes); for a location code, its own code at its level, null at the others.",
  }),
  region_code: z.string().nullable(),
  country_code: z.string().nullable(),
  snapped_to_land: obj({ lat: z.number(), lon: z.number(), distance_km: z.number() }).nullable(),
  location_type: z
    .enum(LOCATION_KINDS)
    .openapi({ description: "The level the scores are of: the finest one the caller may read." }),
  location_code: z.string(),
  location_name: z.string(),
  results: z.array(SlotScores).openapi({ description: "One entry per requested slot, in the request's order." }),
}).openapi("HazardsBatchItem");

export const BatchItemError = obj({
  index: z.number().int().min(0),
  id: z.string().nullable(),
  status: z.literal("error"),
  code: z.enum(BATCH_ITEM_ERRORS).openapi({
    description:
      "invalid_coordinates: lat/lon not numbers or out of range; at_sea: more than 10 km from land; not_covered: land outside every country scored; invalid_location_code / unknown_location: a code that is malformed or not in the dataset; not_in_plan: no level of the location is readable with the caller's plan and packages.",
  }),
  error: z.string(),
}).openapi("HazardsBatchItemError");

export const BatchItem = z.union([BatchItemOk, BatchItemError]);

const versions = {
  dataset_version: z.string().openapi({ description: "Version of the hazard dataset the scores come from." }),
  methodology_version: z.string().openapi({ description: "Revision of the methodology the scores follow." }),
};

export const BatchHeader = obj({
  status: ok,
  ...versions,
  slots: z.array(obj({ scenario: ScenarioId, period: PeriodId, warming_c: z.number().nullable() })),
  count: z.number().int().openapi({ description: "Locations answered (items)." }),
});

export const HazardsBatchResponse = obj({
  ...BatchHeader.shape,
  errors: z.number().int().openapi({ description: "Items with status error." }),
  items: z.array(BatchItem),
}).openapi("HazardsBatchResponse");

/** One line of the NDJSON form: the header first, then one item per location as it is scored. */
export const HazardsBatchLine = z.union([BatchHeader, BatchItemOk, BatchItemError]).openapi("HazardsBatchLine");
