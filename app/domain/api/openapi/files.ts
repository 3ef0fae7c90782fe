/**
 * The file answers of the API, added to the generated OpenAPI document: the batch read's CSV form and a bought
 * report's PDF or XLSX file. Written as OpenAPI objects because their bodies are not JSON; error answers reuse the
 * document's own (the same statuses as the reports list), so they stay alike.
 */
import { API_PATHS } from "../api-paths";
import { BATCH_CSV_COLUMNS, BATCH_CSV_HEADER, CSV_TYPE, batchCsvHeader } from "../params/batch-csv";
import { API_VERSIONS } from "../api-versions";
import { REPORT_FILE_FORMATS, REPORT_FILE_MEDIA_TYPES } from "../report-files";
import { SECURITY } from "./route";
import { CHANGELOG_DATASET_VERSION } from "../api-changelog";
import { datasetReleases, renderDatasetAtom } from "../datasets/dataset-feed";

type Json = Record<string, unknown>;
interface OperationObject {
  operationId?: string;
  description?: string;
  parameters?: { name: string; in: string; schema: { enum?: string[]; description?: string } }[];
  responses: Record<string, Json & { content?: Record<string, Json> }>;
}
type Paths = Record<string, Record<string, OperationObject>>;

export const BATCH_CSV_TEXT = `\`Accept: text/csv\` or \`?format=csv\` streams the answer as CSV (RFC 4180, CRLF line ends, UTF-8): a header row, then one row per location × slot in request order, slots in the order asked for. Columns: ${BATCH_CSV_COLUMNS.slice(0, BATCH_CSV_COLUMNS.indexOf("AL_value")).join(", ")}, then for the aggregate (AL) and each hazard <id>_value, <id>_score, <id>_level and <id>_state, then FD_source and SS_source: where river and coastal flood came from, flood_depth_layer or screening_index (the JSON item's source.type; not under API-Version ${API_VERSIONS[0]} or ${API_VERSIONS[1]}). A location that cannot be scored has its rows too, with status error and its code and error, the score columns empty. A point in the water scored at the nearest land gives that land point in snapped_lat, snapped_lon and snapped_distance_km (empty on land); under API-Version ${API_VERSIONS[0]} one snapped_to_land column holds it as "lat,lon". An error row keeps the lat and lon, or the location_code, it was sent with. Text a caller sent or a place name that starts like a spreadsheet formula (= + - @) is prefixed with an apostrophe.`;

const REPORT_FILE_PATH = API_PATHS.reportFile("{id}");
/** The operations this module adds (beside API_OPERATIONS). */
export const FILE_OPERATION_IDS = ["reportFile", "datasetsAtom"] as const;

/** The first response of this status anywhere in the document, copied: the shapes every operation shares. */
function sharedResponse(paths: Paths, status: string): Json | undefined {
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item)) {
      const found = op.responses?.[status];
      if (found) return structuredClone(found);
    }
  }
  return undefined;
}

function reportFileOperation(paths: Paths): OperationObject {
  const binary = { schema: { type: "string", format: "binary" } };
  const errors = Object.fromEntries(
    ["400", "401", "403", "404", "405", "500"]
      .map((status) => [status, sharedResponse(paths, status)])
      .filter(([, r]) => r),
  ) as OperationObject["responses"];
  return {
    operationId: FILE_OPERATION_IDS[0],
    tags: ["Account"],
    summary: "The file of a bought report (PDF or XLSX)",
    description:
      "The stored file of one of the caller's own paid reports, by the id get_reports_list gives, streamed as it is stored. A portfolio report has a PDF and an XLSX once its run has finished; a single-location report has a PDF. Another account's report, an unknown id and a file not built yet are all 404. With an API key the download counts one request against the key.",
    security: SECURITY.required,
    parameters: [
      {
        schema: { type: "integer", minimum: 1, description: "The report's id (get_reports_list)." },
        required: true,
        name: "id",
        in: "path",
      },
      {
        schema: { type: "string", enum: [...REPORT_FILE_FORMATS], description: "pdf or xlsx." },
        required: true,
        name: "format",
        in: "query",
      },
    ] as unknown as OperationObject["parameters"],
    responses: {
      200: {
        description: "The file, as an attachment.",
        headers: {
          "Content-Disposition": {
            schema: { type: "string", description: 'attachment; filename="…" with the report\'s file name.' },
            required: true,
          },
          "Content-Length": { schema: { type: "integer", description: "The file's size in bytes." }, required: true },
        },
        content: Object.fromEntries(REPORT_FILE_FORMATS.map((f) => [REPORT_FILE_MEDIA_TYPES[f], binary])),
      },
      ...errors,
    },
  } as OperationObject;
}

const ATOM_TYPE = "application/atom+xml";

/** The dataset versions as an Atom feed: the same list as GET /v1/datasets. */
function datasetsAtomOperation(paths: Paths): OperationObject {
  const example = renderDatasetAtom(
    "https://climate.example.org",
    `/api${API_PATHS.datasetsAtom}`,
    datasetReleases("https://climate.example.org", CHANGELOG_DATASET_VERSION).slice(0, 1),
  );
  return {
    operationId: FILE_OPERATION_IDS[1],
    tags: ["Datasets"],
    summary: "Published dataset versions (Atom)",
    description: `The list of GET ${API_PATHS.datasets} as an Atom 1.0 feed (RFC 4287) for feed readers: one entry per version, newest first, linking its changelog entry and the methodology, its changes and checksum in the summary.`,
    security: SECURITY.none,
    responses: {
      200: {
        description: "The feed.",
        content: { [ATOM_TYPE]: { schema: { type: "string" }, example } },
      },
      ...Object.fromEntries(
        ["400", "405", "429", "500"].map((status) => [status, sharedResponse(paths, status)]).filter(([, r]) => r),
      ),
    },
  } as OperationObject;
}

/** Adds the CSV form to the batch read, the report file and the Atom feed operations, in place. */
export function registerFileAnswers(document: { paths?: object }): void {
  const paths = (document.paths ?? {}) as Paths;
  const batch = paths[API_PATHS.hazardsBatch]?.post;
  if (batch) {
    batch.description = [batch.description, BATCH_CSV_TEXT].filter(Boolean).join("\n\n");
    const format = batch.parameters?.find((p) => p.name === "format");
    if (format?.schema.enum && !format.schema.enum.includes("csv")) {
      format.schema.enum.push("csv");
      format.schema.description = "ndjson or csv for a streamed form; otherwise Accept decides (JSON by default).";
    }
    const ok = batch.responses["200"];
    if (ok?.content) {
      ok.content[CSV_TYPE] = {
        schema: { type: "string", description: "Header row, then one row per location × slot." },
        example: `${BATCH_CSV_HEADER}\r\n`,
        examples: Object.fromEntries(
          API_VERSIONS.map((v) => [
            v,
            { summary: `The header row under API-Version ${v}`, value: `${batchCsvHeader(v)}\r\n` },
          ]),
        ),
      };
    }
  }
  paths[REPORT_FILE_PATH] = { get: reportFileOperation(paths) };
  paths[API_PATHS.datasetsAtom] = { get: datasetsAtomOperation(paths) };
}
