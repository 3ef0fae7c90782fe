/** Answers of the riskdb calls: reference lists, hazard scores, point lookups. */
import { HAZARDS, HAZARD_IDS, PER_HAZARD_IDS } from "../hazards/hazards";
import { INPUT_LIMIT_NOTES } from "../hazards/input-limits";
import { BASELINE_YEARS, PERIOD_IDS, SCENARIOS, SCENARIO_IDS } from "../hazards/scenarios";
import { LOCATION_KINDS } from "../commerce/entitlements";
import { errorMark, ok, requestId } from "./common";
import { RISK_EXAMPLES } from "./risk-examples";
import layerScoreExamples from "./layer-score-examples.json";
import { z, obj } from "./zod";

export const HazardId = z
  .enum(HAZARD_IDS)
  .openapi("HazardId", { description: "Hazard code; AL is the aggregate of the others." });
export const ScenarioId = z.enum(SCENARIO_IDS).openapi("ScenarioId");
export const PeriodId = z.enum(PERIOD_IDS).openapi("PeriodId");
const RiskLevelCode = z
  .enum(["L", "M", "H", "S", "E"])
  .openapi({ description: "L Low, M Moderate, H High, S Severe, E Extreme." });
const RiskScore = z.number().int().min(1).max(5);

export const CountriesResponse = obj({
  status: ok,
  countries: z.array(obj({ country_code: z.string(), country_name: z.string() })),
}).openapi("CountriesResponse", {
  example: {
    status: "ok",
    countries: [
      { country_code: "FR", country_name: "France" },
      { country_code: "GB", country_name: "United Kingdom" },
    ],
  },
});

export const RegionsResponse = obj({
  status: ok,
  country_code: z.string(),
  regions: z.array(obj({ region_code: z.string(), region_name: z.string() })),
}).openapi("RegionsResponse", {
  example: { status: "ok", country_code: "FR", regions: [{ region_code: "FR-13", region_name: "Bouches-du-Rhône" }] },
});

export const DurationsResponse = obj({
  status: ok,
  durations: z.array(obj({ id: z.string(), name: z.string() })),
}).openapi("DurationsResponse", {
  example: { status: "ok", durations: [{ id: "30y", name: "30-year climatological window" }] },
});

export const ScenariosResponse = obj({
  status: ok,
  scenarios: z.array(
    obj({
      id: ScenarioId,
      name: z.string(),
      ssp: z.string().nullable().openapi({ description: "The SSP the RCP pairs with; null for hist." }),
      narrative: z.string(),
    }),
  ),
}).openapi("ScenariosResponse", {
  example: {
    status: "ok",
    scenarios: [
      { id: "hist", name: SCENARIOS.hist.name, ssp: null, narrative: SCENARIOS.hist.narrative },
      { id: "rcp45", name: "RCP4.5", ssp: "SSP2-4.5", narrative: "Disorderly" },
    ],
  },
});

const hazardRef = (id: keyof typeof HAZARDS) => ({ hazard_id: id, name: HAZARDS[id].name, colour: HAZARDS[id].colour });
const HazardRef = obj({ hazard_id: HazardId, name: z.string(), colour: z.string() });
export const HazardIdsResponse = obj({ status: ok, hazards: z.array(HazardRef), aggregate: HazardRef }).openapi(
  "HazardIdsResponse",
  {
    // The real list: every hazard in the order the API answers it, with its colour.
    example: { status: "ok", hazards: PER_HAZARD_IDS.map(hazardRef), aggregate: hazardRef("AL") },
  },
);

export const PeriodsResponse = obj({
  status: ok,
  scenario: ScenarioId,
  duration: z.string(),
  periods: z.array(obj({ id: PeriodId, name: z.string() })),
}).openapi("PeriodsResponse", {
  example: {
    status: "ok",
    scenario: "rcp45",
    duration: "30y",
    periods: [
      { id: "2030", name: "2030" },
      { id: "2040", name: "2040" },
      { id: "2050", name: "2050" },
    ],
  },
});

const Explanation = obj({
  summary: z.string().optional().openapi({
    description:
      'One or two plain sentences on what drives the value, ending with the level ("…; that is High."), or why there is none.',
  }),
  drivers: z
    .array(obj({ label: z.string(), value: z.number().nullable(), unit: z.string() }))
    .optional()
    .openapi({
      description: "The values the hazard's formula reads, with units (for the aggregate: the hazards it averages).",
    }),
  formula: z.string(),
  inputs: z.record(obj({ value: z.number().nullable(), unit: z.string(), label: z.string() })),
  steps: z.array(obj({ name: z.string(), value: z.number(), unit: z.string().optional() })),
  note: z.string().optional(),
  bands: obj({
    quantity: z.string().openapi({ description: "The physical quantity the bands are read on." }),
    unit: z.string(),
    where: z.string().nullable().openapi({
      description:
        "The conditions under which the band edges hold exactly; null when the quantity alone sets the band.",
    }),
    bands: z.array(
      obj({
        score: RiskScore,
        label: z.string(),
        meaning: z
          .string()
          .openapi({ description: 'The band in the quantity\'s units ("36.0 to 39.0 °C"), or why it is never given.' }),
        from: z.number().nullable(),
        to: z.number().nullable(),
        reached: z.boolean(),
      }),
    ),
  })
    .optional()
    .openapi({
      description:
        "What each band 1-5 of the hazard means in physical units, found by running the hazard's formula on a reference place where only that quantity varies (not for the aggregate).",
    }),
}).openapi("HazardExplanation");

/** Real items of a layer-covered and an uncovered point (tests/integration/api/flood-layer-scores.test.ts writes them). */
const sourceExamples = layerScoreExamples as unknown as { layer: never; screening: never };

export const ScoreSource = z
  .discriminatedUnion("type", [
    obj({
      type: z.literal("flood_depth_layer"),
      layer: z.string().openapi({ description: "The depth layer's source, e.g. WRI Aqueduct Floods v2." }),
      layer_scenario: z.string().openapi({
        description: "The layer's scenario the asked one maps to: hist → historical; rcp45 / rcp85 → rcp4p5 / rcp8p5.",
      }),
      layer_period: z
        .string()
        .openapi({ description: "The layer's period: historical, or the asked year (2030, 2050)." }),
      variant: z.string().openapi({ description: "River: the climate model; coast: subsidence and sea level." }),
      depths: z
        .array(obj({ return_period: z.number(), depth_m: z.number().nullable() }))
        .openapi({ description: "Water depth in metres at the point's pixel per stored return period." }),
      rule: z
        .string()
        .openapi({ description: "The band rule (after ThinkHazard!): depth thresholds and return periods." }),
      reason: z.string().openapi({ description: "The return period and depth that decided the band." }),
    }),
    obj({
      type: z.literal("screening_index"),
      note: z.string().openapi({ description: "Why no depth layer scored it, said in so many words." }),
    }),
  ])
  .openapi("ScoreSource", {
    description:
      "Where a river flood (FD) or coastal flood (SS) score came from. At a point read at its hexagon: a flood-depth layer where one covers the point in the asked slot (then `value` is null: a depth is not an index), else the screening index with the reason. Hexagon, region and country scores are always the screening index. The aggregate says `screening_index` when a layer scored FD or SS: it averages index values only.",
    example: sourceExamples.layer,
  });

export const HazardScoreItem = obj({
  hazard_id: HazardId,
  name: z.string(),
  colour: z.string(),
  value: z.number().min(0).max(1).nullable().openapi({
    description: "0..1; null when not applicable, no data, or scored from a flood-depth layer (`source`).",
  }),
  score: RiskScore.nullable().openapi({ description: "1 (Low) to 5 (Extreme); null when not applicable or no data." }),
  level: RiskLevelCode.nullable(),
  confidence: z.enum(["grounded", "proxy"]),
  confidence_note: z.string().optional().openapi({
    description:
      "Present where the inputs cannot see this hazard at this place, and says why: extreme rainfall (ER) and drought (DR) of a point or hexagon whose rainy seasons fall between July and December, the two months of rain the inputs hold (near the equator, two rainy seasons; winter-rain climates, whose heaviest rain comes with autumn storms); river flood (FD) of a point scored Moderate or more whose floodplain it takes only within the 3.7 km relief's height error (on that grid it stands above the river's flood, and the grid cannot tell a river bank from the terrace above it). Not given where a flood-depth layer scores the hazard.",
    example: INPUT_LIMIT_NOTES.winter_rain.ER,
  }),
  applicable: z.boolean(),
  state: z.enum(["ok", "not_applicable", "no_data"]),
  explanation: Explanation.optional().openapi({
    description: "With explain=1: summary, drivers, formula, inputs, steps and what each band means in physical units.",
  }),
  source: ScoreSource.optional().openapi({
    description:
      "On river flood (FD) and coastal flood (SS) of a point's answer (and on the aggregate when a layer scored one of them): flood_depth_layer (see ScoreSource's example) or screening_index, as here.",
    example: sourceExamples.screening,
  }),
}).openapi("HazardScoreItem");

const scoreFields = {
  dataset_version: z
    .string()
    .openapi({ description: "Version of the hazard dataset the scores come from; the ETag changes with it." }),
  methodology_version: z
    .string()
    .openapi({ description: "Version of the scoring methodology; the ETag changes with it." }),
  location_code: z.string(),
  location_type: z.enum(LOCATION_KINDS),
  location_name: z.string(),
  scenario: ScenarioId,
  period: PeriodId,
  warming_c: z
    .number()
    .nullable()
    .openapi({
      description: `Global warming of the slot above 1850-1900, °C; null for hist (the ${BASELINE_YEARS} climatology).`,
    }),
  hazards: z.array(HazardScoreItem).openapi({ description: "The eleven per-hazard items (AL excluded)." }),
  aggregate: HazardScoreItem,
};

/**
 * A real answer (risk-examples.ts): the engine's hazards in its order, with their colours and values. JSON types
 * its strings wide; the document's test validates each example against its schema.
 */
const scoresExample = RISK_EXAMPLES.hazardScores as never;

export const HazardScoresResponse = obj({ status: ok, ...scoreFields }).openapi("HazardScoresResponse", {
  example: scoresExample,
});

const LandSnap = obj({ lat: z.number(), lon: z.number(), distance_km: z.number() })
  .nullable()
  .openapi({ description: "null on land; for a point in the water near the shore, the land point scored instead." });

const OutOfRange = {
  status: z.literal("out_of_range"),
  reason: z.enum(["invalid_coordinates", "at_sea", "not_covered"]),
  message: z.string(),
};

export const LocationCodesResponse = z
  .union([
    obj({
      status: ok,
      hexagon_code: z.string(),
      region_code: z.string().nullable(),
      country_code: z.string(),
      country_name: z.string(),
      region_name: z.string().nullable(),
      snapped_to_land: LandSnap,
    }),
    obj({ ...OutOfRange, hexagon_code: z.null(), region_code: z.null(), country_code: z.null() }),
  ])
  .openapi("LocationCodesResponse", {
    example: {
      status: "ok",
      hexagon_code: "84194adffffffff",
      region_code: "GB-ENG",
      country_code: "GB",
      country_name: "United Kingdom",
      region_name: "England",
      snapped_to_land: null,
    },
  });

export const StatisticResponse = obj({
  status: ok,
  statistic: obj({
    geography: obj({ lat: z.number(), lon: z.number(), country: z.string(), city: z.string() }),
    dataset: obj({
      cells: z.number().int(),
      countries: z.number().int(),
      regions: z.number().int(),
      hazards: z.number().int(),
      slots: z.number().int(),
      dataset_version: z.string().openapi({ description: "Version of the hazard dataset the counts are of." }),
      hist_distribution: z.record(z.record(z.number())).openapi({
        description: `Share of land cells in each band (L…E, na, nodata) per hazard, historical (${BASELINE_YEARS}).`,
      }),
    }),
  }),
}).openapi("StatisticResponse", {
  example: {
    status: "ok",
    statistic: {
      geography: { lat: 51.507, lon: -0.128, country: "GB", city: "London" },
      dataset: {
        cells: 120000,
        countries: 200,
        regions: 3000,
        hazards: 12,
        slots: 10,
        dataset_version: "4.13.0",
        hist_distribution: { FD: { L: 0.5, M: 0.3, H: 0.1, S: 0.05, E: 0.05, na: 0, nodata: 0 } },
      },
    },
  },
});

export const PointHazardsResponse = z
  .union([
    obj({
      status: ok,
      lat: z.number(),
      lon: z.number(),
      hexagon_code: z.string(),
      region_code: z.string().nullable(),
      country_code: z.string(),
      snapped_to_land: LandSnap,
      ...scoreFields,
    }),
    obj({ ...OutOfRange, hazards: z.null() }),
  ])
  .openapi("PointHazardsResponse", {
    example: RISK_EXAMPLES.pointHazards as never,
  });

/** 403 of a location the caller's plan or packages do not include: which purchase would open it. */
export const NotEntitledBody = obj({
  success: errorMark,
  error: z.string(),
  field: z.string().optional(),
  code: z
    .literal("not_entitled")
    .openapi({ description: "Always `not_entitled` on this answer (see the Error schema's codes)." }),
  request_id: requestId,
  kind: z.enum(LOCATION_KINDS).optional(),
  location_code: z.string().optional().openapi({ description: "The location asked for." }),
  modal: z.enum(["buyDataModal", "addCreditsModal"]).optional(),
}).openapi("NotEntitledError", {
  example: {
    success: false,
    error: "This option is not available for DISCOVERY plan",
    code: "not_entitled",
    request_id: "3f0c9e0e-8a4b-4b8e-9d55-0b1f1f6f2a71",
    field: "location_code",
    kind: "region",
    location_code: "FR-13",
    modal: "buyDataModal",
  },
});
