/** The "Portfolio upload" paths: the preview of an uploaded file and the blocks of its paid report. */
import { API_PATHS } from "../api-paths";
import { portfolioLimitsFor } from "../../portfolio/limits";
import * as orders from "../../api-contract/orders";
import * as upload from "../../api-contract/upload";
import { z } from "../../api-contract/zod";
import type { ApiOperation, RegisterPaths } from "./operation";
import { BODY_ERRORS, CALLER_ERRORS, REPORT_ERRORS, SIGNED_IN_ERRORS, json } from "./shared";

const uploadQuery = z.object({
  upload_id: z
    .string()
    .optional()
    .openapi({ description: "From upload_preview; the caller's latest upload when absent (signed in)." }),
  access_token: z
    .string()
    .optional()
    .openapi({ description: "From upload_preview: a visitor's proof that the upload is theirs." }),
});

const previewExample = {
  status: "ok",
  upload_id: "6d1f1e0e-8a2b-4a55-9a3c-1c2d3e4f5a6b",
  file_name: "portfolio.csv",
  total_locations: 19,
  valid_locations: 16,
  invalid_locations: 1,
  out_of_range_locations: 1,
  duplicate_locations: 1,
  billed_locations: 16,
  blank_rows: 0,
  header_rows: 1,
  invalid: [{ row: 7, reason: "lat is not a number" }],
  out_of_range: [{ row: 9, reason: "at sea" }],
  duplicates: [{ row: 12, duplicate_of: 3 }],
  corrected_locations: 1,
  geocoded_locations: 0,
  placed: [{ row: 5, id: "FR-002", reason: "coordinates swapped, corrected" }],
  issues_truncated: false,
  limits: null,
  portfolio_limits: portfolioLimitsFor("PREMIUM"),
  data: [{ row: 2, lat: 51.507, lon: -0.128, name: "London office" }],
  data_truncated: true,
  access_token: "Zm9yIGRvY3Mgb25seQ",
  lead_id: null,
  columns: ["name", "lat", "lon"],
  detected: {
    lat: "lat",
    lon: "lon",
    name: "name",
    id: null,
    swapped: false,
    column_order: { as_named: 16, swapped: 0 },
  },
  weighted_by: ["local GDP per Capita equivalent"],
  weight_column: "local GDP per Capita equivalent",
  warnings: [],
  figures: { shown: true, distinct_hexagons: 14, min_hexagons: 10 },
  piecharts: [{ hazard_id: "FD", counts: { L: 8, M: 4, H: 2, S: 1, E: 0, none: 0 } }],
  summary_table: [
    {
      hazard_id: "FD",
      scenario: "hist",
      period: "hist",
      counts: { L: 8, M: 4, H: 2, S: 1, E: 0, none: 0 },
      at_risk_share: 0.2,
      weighted: { value: null, score: null, level: null },
    },
  ],
};

const blockOp = (
  id: string,
  path: string,
  block: keyof typeof upload.ReportBlockResponses,
  summary: string,
  example: unknown,
): ApiOperation => ({
  id,
  method: "post",
  path,
  tag: "Portfolio upload",
  summary,
  description:
    "upload_id (and access_token) in the query or the body; the caller's latest upload when absent. Needs a confirmed purchase of the portfolio; answers 202 with the progress while the report is being built.",
  access: "required",
  query: uploadQuery,
  body: { ...json(orders.UploadRef), required: false },
  response: { schema: upload.ReportBlockResponses[block], description: "The block of the finished report.", example },
  accepted: { schema: upload.ReportRunningResponse, description: "The report is still being built: its progress." },
  errors: REPORT_ERRORS,
});
const level = (value: number, score: 1 | 2 | 3 | 4 | 5) => ({
  value,
  score,
  level: (["L", "M", "H", "S", "E"] as const)[score - 1],
});
const future = { "2030": level(0.32, 2), "2040": level(0.35, 2), "2050": level(0.41, 3) };

const uploadOps: ApiOperation[] = [
  {
    id: "uploadPreview",
    method: "post",
    path: API_PATHS.uploadPreview,
    tag: "Portfolio upload",
    summary: "Preview an uploaded portfolio",
    description:
      "Multipart form with the CSV or XLSX file (UTF-8 or UTF-16 CSV). Allow 30 s. The location counts partition the rows read: total_locations = valid_locations + duplicate_locations + invalid_locations + out_of_range_locations. billed_locations, what a report order charges for, is the valid locations. The charts and summary table are the paid report's figures for the same file, for every caller: whole-file shares over at least figures.min_hexagons distinct hexagons, else withheld (figures.shown false). Keep upload_id and access_token: later calls name the upload with them. An account reads a few files at once: more answer 429 with Retry-After.",
    access: "optional",
    body: { schema: upload.UploadForm, types: ["multipart/form-data"] },
    response: {
      schema: upload.PreviewResponse,
      description: "Counts, issues, sample rows and the preview charts.",
      example: previewExample,
    },
    errors: [...BODY_ERRORS, ...CALLER_ERRORS],
  },
  {
    id: "requestPreview",
    method: "post",
    path: API_PATHS.requestPreview,
    tag: "Portfolio upload",
    summary: "Charts and summary of a preview, or the built report's blocks",
    description: "upload_id and access_token in the query or the body; a signed-in caller's latest upload when absent.",
    access: "optional",
    query: uploadQuery,
    body: { ...json(orders.UploadRef), required: false },
    response: {
      schema: upload.RequestPreviewResponse,
      description: "The preview's charts until the report is built, then its output blocks.",
      example: {
        status: "ok",
        report: { status: "not_requested", processed: 0, total: 0, percent: 0 },
        piecharts: previewExample.piecharts,
        summary_table: previewExample.summary_table,
      },
    },
    errors: [...BODY_ERRORS, ...CALLER_ERRORS, 404],
  },
  {
    id: "generateReport",
    method: "get",
    path: API_PATHS.generateReport,
    tag: "Portfolio upload",
    summary: "Generate the full portfolio report",
    description: "Starts the paid report's job (once) and answers its progress and, when built, its files.",
    access: "required",
    query: uploadQuery,
    response: { schema: upload.GenerateReportResponse, description: "The report's progress and files." },
    errors: [400, ...SIGNED_IN_ERRORS, 402, 404],
  },
  blockOp("uploadRequestStats", API_PATHS.uploadRequestStats, "request_stats", "Report statistics", {
    status: "ok",
    output_request_stats: {
      asset_number: 19,
      hexagon_number: 16,
      country_number: 11,
      locations: {
        countries: [{ country_code: "GB", country_name: "United Kingdom", asset_number: 5 }],
        hexagons: ["84194adffffffff"],
      },
      report_cost: "238.00",
      report_currency: "EUR",
      new_hexagon_request: 16,
    },
  }),
  blockOp("uploadOverallEstimate", API_PATHS.uploadOverallEstimate, "risks_overall_estimate", "Overall risk estimate", {
    status: "ok",
    output_risks_overall_estimate: { hist: level(0.3, 2), future: { rcp26: future, rcp45: future, rcp85: future } },
  }),
  blockOp("uploadDiversity", API_PATHS.uploadDiversity, "risks_diversity", "Hazard diversity", {
    status: "ok",
    output_risks_diversity: { AL: 3, CS: 0, HW: 7, LS: 1, WF: 2, FD: 4, DR: 0, SS: 1, ER: 2, TC: 0, PC: 0, SL: 1 },
  }),
  blockOp("uploadIntensity", API_PATHS.uploadIntensity, "risks_intensity", "Intensity distribution", {
    status: "ok",
    output_risks_intensity: [
      [1, 5],
      [2, 8],
      [3, 3],
      [4, 0],
      [5, 0],
      [0, 0],
    ],
  }),
  blockOp(
    "uploadSocialEconomics",
    API_PATHS.uploadSocialEconomics,
    "risks_social_economics",
    "Social and economic context by country",
    {
      status: "ok",
      social_by_country_sum: [
        {
          country_code: "GB",
          country_name: "United Kingdom",
          asset_number: 5,
          hexagon_number: 4,
          population_at_risk: 120000,
          electricity_consumption_at_risk: null,
          agricultural_land_total_surface_at_risk: null,
        },
      ],
      not_available: {
        electricity_consumption_at_risk: "not available: no open source",
        agricultural_land_total_surface_at_risk: "not available: no open source",
      },
    },
  ),
];

export const registerUploadPaths: RegisterPaths = (add) => add(...uploadOps);
