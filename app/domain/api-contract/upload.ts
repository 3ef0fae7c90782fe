/** Answers of the portfolio upload calls: the preview, the report's progress and its output blocks. */
import { HAZARD_IDS } from "../hazards/hazards";
import { PORTFOLIO_MAX_ROWS, VISITOR_MAX_ROWS } from "../portfolio/limits";
import { BASELINE_YEARS } from "../hazards/scenarios";
import { ok } from "./common";
import { HazardId, PeriodId, ScenarioId } from "./risk";
import { REPORT_FILE_FORMATS } from "../api/report-files";
import { z, obj } from "./zod";

const LevelCounts = obj({
  L: z.number().int(),
  M: z.number().int(),
  H: z.number().int(),
  S: z.number().int(),
  E: z.number().int(),
  none: z.number().int(),
}).openapi("LevelCounts", {
  description: "Locations per risk level; none counts those without a score.",
});
const ScoreSummary = obj({
  value: z.number().nullable(),
  score: z.number().int().min(1).max(5).nullable(),
  level: z.enum(["L", "M", "H", "S", "E"]).nullable(),
}).openapi("ScoreSummary");

const Piecharts = z
  .array(obj({ hazard_id: HazardId, counts: LevelCounts }))
  .openapi({ description: `Locations per level for each hazard, historical (${BASELINE_YEARS}).` });
const SummaryTable = z
  .array(
    obj({
      hazard_id: HazardId,
      scenario: ScenarioId,
      period: PeriodId,
      counts: LevelCounts,
      at_risk_share: z.number().nullable(),
      weighted: ScoreSummary,
    }),
  )
  .openapi({
    description: "Per hazard × scenario × period: locations by level, share at High or above and the weighted mean.",
  });
const RowIssue = obj({
  row: z.number().int(),
  reason: z.string(),
  id: z
    .string()
    .nullable()
    .optional()
    .openapi({ description: "The row's own asset id, when the file has an id column." }),
});

export const PreviewResponse = obj({
  status: ok,
  upload_id: z.string(),
  file_name: z.string(),
  total_locations: z.number().int(),
  valid_locations: z.number().int(),
  invalid_locations: z.number().int(),
  out_of_range_locations: z.number().int(),
  duplicate_locations: z.number().int(),
  billed_locations: z.number().int(),
  blank_rows: z.number().int(),
  header_rows: z.number().int(),
  invalid: z.array(RowIssue),
  out_of_range: z.array(RowIssue),
  duplicates: z.array(obj({ row: z.number().int(), duplicate_of: z.number().int() })).openapi({
    description:
      "Rows repeating an asset (the same asset id, or without ids the same row cell for cell): neither billed nor counted; duplicate_of is the asset's first row.",
  }),
  conflict_locations: z.number().int().optional().openapi({
    description:
      "Duplicates whose cells differ from their asset's first row (one asset id, two values): counted once, as that row; resolve them in the file.",
  }),
  conflicts: z
    .array(obj({ row: z.number().int(), duplicate_of: z.number().int(), id: z.string().nullable() }))
    .optional(),
  shared_place_locations: z.number().int().optional().openapi({
    description:
      "Assets at a point an earlier asset already has (two asset ids at one city centroid): counted as assets, the point billed once.",
  }),
  shared_places: z.array(obj({ row: z.number().int(), same_place_as: z.number().int() })).optional(),
  corrected_locations: z.number().int().openapi({
    description:
      "Valid rows whose latitude and longitude agree with their own country (or city) column only read the other way round: read corrected.",
  }),
  geocoded_locations: z.number().int().openapi({
    description: "Valid rows without coordinates placed at the centroid of their address's city (GeoNames).",
  }),
  placed: z.array(RowIssue).openapi({
    description:
      'Each corrected or geocoded row; reason says which ("coordinates swapped, corrected", "city centroid: <place>").',
  }),
  issues_truncated: z.boolean(),
  limits: obj({
    limit_country: z.number().int(),
    limit_region: z.number().int(),
    limit_hexagon: z.number().int(),
  }).nullable(),
  portfolio_limits: obj({ max_rows: z.number().int(), max_bytes: z.number().int() }).openapi({
    description: `The caller's limits for a portfolio file: rows ${Object.entries(PORTFOLIO_MAX_ROWS)
      .map(([plan, rows]) => `${plan} ${rows.toLocaleString("en-GB")}`)
      .join(", ")}, a visitor ${VISITOR_MAX_ROWS.toLocaleString("en-GB")}.`,
  }),
  data: z.array(
    obj({
      row: z.number().int(),
      lat: z.number(),
      lon: z.number(),
      name: z.string().nullable(),
      precision: z.string().nullable().optional(),
    }),
  ),
  data_truncated: z.boolean(),
  access_token: z.string().openapi({ description: "With upload_id, lets a visitor name this upload in later calls." }),
  lead_id: z.number().int().nullable(),
  columns: z.array(z.string()),
  detected: obj({
    lat: z.string(),
    lon: z.string(),
    name: z.string().nullable(),
    id: z.string().nullable(),
    value: z.string().nullable().optional(),
    country: z.string().nullable().optional(),
    address: z.string().nullable().optional(),
    city: z.string().nullable().optional(),
    postcode: z.string().nullable().optional(),
    swapped: z.boolean(),
    column_order: obj({ as_named: z.number().int(), swapped: z.number().int() }),
  }),
  weighted_by: z.array(z.string()),
  weight_column: z.string(),
  warnings: z.array(z.string()),
  figures: obj({ shown: z.boolean(), distinct_hexagons: z.number().int(), min_hexagons: z.number().int() }).openapi({
    description:
      "The preview rule: piecharts and summary_table are the paid report's figures for the same file (every location at its own hexagon), as whole-file shares and level counts without weighted means, and only when the located rows fall in at least min_hexagons distinct hexagons; otherwise both are empty.",
  }),
  piecharts: Piecharts,
  summary_table: SummaryTable,
}).openapi("PreviewResponse");

export const ReportProgress = z
  .union([
    obj({
      status: z.literal("not_requested"),
      processed: z.number().int(),
      total: z.number().int(),
      percent: z.number().int(),
    }),
    obj({
      status: z.enum(["queued", "running", "done", "failed"]),
      processed: z.number().int(),
      total: z.number().int(),
      percent: z.number().int(),
      error: z.string().nullable(),
    }),
  ])
  .openapi("ReportProgress");

const ReportFile = obj({ kind: z.string(), path: z.string(), name: z.string(), bytes: z.number().int() });

const RequestStats = obj({
  asset_number: z.number().int(),
  hexagon_number: z.number().int(),
  country_number: z.number().int(),
  locations: obj({
    countries: z.array(obj({ country_code: z.string(), country_name: z.string(), asset_number: z.number().int() })),
    hexagons: z.array(z.string()),
  }),
  report_cost: z
    .union([z.string(), z.number()])
    .openapi({ description: 'Money text "2 800.00"; reports built before it was money hold a count of credits.' }),
  report_currency: z.string().optional(),
  new_hexagon_request: z.number().int(),
}).openapi("RequestStats");
const FutureSlots = obj({ "2030": ScoreSummary, "2040": ScoreSummary, "2050": ScoreSummary });
const OverallEstimate = obj({
  hist: ScoreSummary,
  future: obj({ rcp26: FutureSlots, rcp45: FutureSlots, rcp85: FutureSlots }),
}).openapi("OverallEstimate");
const Diversity = obj(
  Object.fromEntries(HAZARD_IDS.map((h) => [h, z.number().int()])) as Record<(typeof HAZARD_IDS)[number], z.ZodNumber>,
).openapi("Diversity", {
  description: `Per hazard: locations at High or above, historical (${BASELINE_YEARS}).`,
});
const Intensity = z.array(z.tuple([z.number().int(), z.number().int()])).openapi("Intensity", {
  description: "(score, count) pairs of the aggregate; score 0 counts locations without a score.",
});
const SocialByCountry = z
  .array(
    obj({
      country_code: z.string(),
      country_name: z.string(),
      asset_number: z.number().int(),
      hexagon_number: z.number().int(),
      population_at_risk: z.number(),
      electricity_consumption_at_risk: z.null(),
      agricultural_land_total_surface_at_risk: z.null(),
    }),
  )
  .openapi("SocialByCountry", { description: "One entry per country of the portfolio." });
const NotAvailable = obj({
  electricity_consumption_at_risk: z.string(),
  agricultural_land_total_surface_at_risk: z.string(),
}).openapi({
  description: "Why the null figures are null.",
});

export const RequestPreviewResponse = z
  .union([
    obj({
      status: ok,
      report: ReportProgress,
      piecharts: Piecharts.optional(),
      summary_table: SummaryTable.optional(),
    }),
    obj({
      status: ok,
      report: ReportProgress,
      output_request_stats: RequestStats,
      output_risks_overall_estimate: OverallEstimate,
      output_risks_diversity: Diversity,
      output_risks_intensity: Intensity,
      social_by_country_sum: SocialByCountry,
      not_available: NotAvailable,
      report_files: z.array(ReportFile),
    }),
  ])
  .openapi("RequestPreviewResponse", {
    description: "The preview's charts until the report is built, then its output blocks.",
  });

export const GenerateReportResponse = obj({
  status: ok,
  report: ReportProgress,
  report_id: z
    .number()
    .int()
    .nullable()
    .openapi({ description: "The report's id in get_reports_list and /v1/reports/{id}/file." }),
  downloads: z
    .array(
      obj({
        format: z.enum(REPORT_FILE_FORMATS),
        path: z
          .string()
          .openapi({ description: "A path under the API's host that an API key or session token can GET." }),
      }),
    )
    .openapi({ description: "The report's files through the API, once written (empty while the report is built)." }),
  report_files: z
    .array(ReportFile)
    .openapi({ description: "The same files as the dashboard links them (a signed-in browser's paths)." }),
}).openapi("GenerateReportResponse", {
  example: {
    status: "ok",
    report: { status: "done", processed: 17, total: 17, percent: 100, error: null },
    report_id: 42,
    downloads: [
      { format: "pdf", path: "/api/v1/reports/42/file?format=pdf" },
      { format: "xlsx", path: "/api/v1/reports/42/file?format=xlsx" },
    ],
    report_files: [
      { kind: "pdf", path: "/dashboard/pdf?id=7", name: "portfolio-report.pdf", bytes: 183211 },
      { kind: "xlsx", path: "/dashboard/xls?id=8", name: "portfolio-report.xlsx", bytes: 40211 },
    ],
  },
});

export const ReportRunningResponse = obj({ status: z.literal("running"), report: ReportProgress }).openapi(
  "ReportRunningResponse",
  {
    example: { status: "running", report: { status: "running", processed: 5, total: 17, percent: 29, error: null } },
  },
);

export const ReportBlockResponses = {
  request_stats: obj({ status: ok, output_request_stats: RequestStats }).openapi("RequestStatsResponse"),
  risks_overall_estimate: obj({ status: ok, output_risks_overall_estimate: OverallEstimate }).openapi(
    "OverallEstimateResponse",
  ),
  risks_diversity: obj({ status: ok, output_risks_diversity: Diversity }).openapi("DiversityResponse"),
  risks_intensity: obj({ status: ok, output_risks_intensity: Intensity }).openapi("IntensityResponse"),
  risks_social_economics: obj({
    status: ok,
    social_by_country_sum: SocialByCountry,
    not_available: NotAvailable,
  }).openapi("SocialEconomicsResponse"),
};

export const UploadForm = z
  .object({ file: z.string().openapi({ format: "binary", description: "The CSV (UTF-8 or UTF-16) or XLSX file." }) })
  .openapi("UploadForm");
