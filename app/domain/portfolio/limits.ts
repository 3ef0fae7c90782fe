/** Upload and portfolio limits: the one place every check, message and page reads them from. */
import type { PlanCode } from "../commerce/plans";

/**
 * Largest upload body accepted by the preview endpoint (the server entry caps request bodies above this). Room for
 * a million rows with a few columns of the customer's own (about 50-150 bytes a row); it is streamed, never held.
 */
export const UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
/** A visitor (not signed in) may preview a small file only. */
export const VISITOR_MAX_BYTES = 1024 * 1024;
/** Longest CSV record: anything longer is not a table of locations (csv-parse max_record_size). */
export const CSV_MAX_RECORD_BYTES = 64 * 1024;
/** XLSX: declared uncompressed total and per-entry compression ratio above which the archive is refused. */
export const XLSX_MAX_UNCOMPRESSED_BYTES = 600 * 1024 * 1024;
export const XLSX_MAX_RATIO = 200;
/**
 * XLSX: largest shared-string table (xl/sharedStrings.xml, uncompressed). The reader keeps every shared string
 * (as UTF-8, less than this size) while it reads the sheet, so this bounds an XLSX upload's memory. Room for a
 * million rows with a unique name each; larger text tables should come as CSV, which streams.
 */
export const XLSX_MAX_SHARED_STRINGS_BYTES = 48 * 1024 * 1024;
/**
 * Uploads read at the same time: each holds memory (shared strings, parser buffers) and CPU while it runs, so one
 * account, and the server as a whole, get few at once; more get a 429 with Retry-After. On 2 cores with 1.4M-string
 * workbooks, two at once keep the event loop's longest stall short and four do not (figures: bench/README.md,
 * "Figures behind the code's settings").
 */
export const UPLOADS_CONCURRENT_PER_ACCOUNT = 1;
export const UPLOADS_CONCURRENT_TOTAL = 2;
/** What a refused upload is told to wait: a large file takes tens of seconds to read. */
export const UPLOAD_BUSY_RETRY_AFTER_SECONDS = 30;
/** How many leading rows may hold titles or group headers before the column header row. */
export const HEADER_SEARCH_ROWS = 10;
/** Rows read (blank ones included) before giving up on finding the header: a file of empty lines ends here. */
export const HEADER_SCAN_MAX_ROWS = 1000;
/** Rows, issues and duplicates returned in the preview answer (the rest stay in the stored upload). */
export const PREVIEW_ROWS_MAX = 1000;
export const PREVIEW_ISSUES_MAX = 1000;
/** Rows per stored chunk of an upload. */
export const UPLOAD_CHUNK_ROWS = 5000;

export const VISITOR_MAX_ROWS = 500;
/** Previews a visitor (not signed in) may run per client address and hour: each one is stored and assessed. */
export const VISITOR_PREVIEWS_PER_HOUR = 20;

/** Largest portfolio per plan (rows of the file); a visitor previews up to VISITOR_MAX_ROWS. */
export const PORTFOLIO_MAX_ROWS: Readonly<Record<PlanCode, number>> = {
  DISCOVERY: 10_000,
  PREMIUM: 1_000_000,
  GRANULAR: 1_000_000,
  "COUNTRY+": 1_000_000,
};

export interface PortfolioLimits {
  max_rows: number;
  max_bytes: number;
}

export function portfolioLimitsFor(plan: PlanCode | null): PortfolioLimits {
  if (!plan) return { max_rows: VISITOR_MAX_ROWS, max_bytes: VISITOR_MAX_BYTES };
  return { max_rows: PORTFOLIO_MAX_ROWS[plan], max_bytes: UPLOAD_MAX_BYTES };
}

/** Default weighting option. Without such a column in the file every location weighs 1. */
export const DEFAULT_WEIGHTING_COLUMN = "local GDP per Capita equivalent";

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

export const UPLOAD_MESSAGES = {
  noFile: "Choose a CSV or XLSX file to upload",
  tooManyVisitorPreviews: (n: number) => `Visitors can preview ${n} files an hour; sign in to preview more`,
  malformed:
    "The upload could not be read: the multipart form is malformed or cut short; send the file again in the field 'file'",
  badType: "Only CSV and XLSX files can be uploaded",
  tooLarge: (limit: number) => `The file is larger than ${formatBytes(limit)}; split it or sign in for larger files`,
  tooManyRows: (limit: number) =>
    `The file has more than ${limit.toLocaleString("en")} rows, the limit of your plan; split it or upgrade`,
  binary: "The file is not a text CSV file (it contains binary data); export it again as CSV or XLSX",
  notZip: "The file is not a valid XLSX workbook; save it again from Excel as .xlsx",
  zipBomb: "The workbook expands to far more data than it holds (a compressed bomb); it was not read",
  sharedStringsTooLarge: (limit: number) =>
    `The workbook's table of texts is larger than ${formatBytes(limit)}; save it as CSV (which is read as a stream) or split it`,
  busyAccount: (n: number, seconds: number) =>
    `You already have ${n === 1 ? "an upload" : `${n} uploads`} being read; wait until it is done (about ${seconds} s) and send this one again`,
  busyServer: (seconds: number) =>
    `The server is reading as many uploads as it can at once; send this one again in about ${seconds} s`,
  recordTooLong: (limit: number) =>
    `A line of the file is longer than ${formatBytes(limit)}; this does not look like a table of locations`,
  noHeader: "No header row with latitude and longitude columns was found in the first rows",
  noHeaderWithin: (rows: number) =>
    `No header row with latitude and longitude columns was found in the first ${rows.toLocaleString("en")} rows (blank rows included)`,
  noColumns: "Latitude and longitude columns were not found; name them lat and lon (or latitude and longitude)",
  empty: "The file holds no location rows",
  unreadable: "The file could not be read as a table",
  swapped: (swapped: number, asNamed: number) =>
    `The latitude and longitude columns are read the other way round: ${swapped.toLocaleString("en")} sampled rows are real places only that way, ${asNamed.toLocaleString("en")} only as named`,
  notSwapped: (asNamed: number, swapped: number) =>
    `The latitude and longitude columns are read as named: ${asNamed.toLocaleString("en")} sampled rows are real places only that way, ${swapped.toLocaleString("en")} only the other way round; each row is checked as it stands`,
} as const;

/** The preview's counts are one partition of the rows read; the order bills the valid locations, each once. */
export const PREVIEW_TEXT = {
  partition: (c: { total: number; valid: number; duplicate: number; invalid: number; outOfRange: number }) =>
    `${c.valid.toLocaleString("en")} valid + ${c.duplicate.toLocaleString("en")} duplicate + ${c.invalid.toLocaleString("en")} invalid + ${c.outOfRange.toLocaleString("en")} out of range = ${c.total.toLocaleString("en")} locations read.`,
  placed: (corrected: number, geocoded: number) =>
    [
      corrected
        ? `${corrected.toLocaleString("en")} ${corrected === 1 ? "row's" : "rows'"} latitude and longitude were the wrong way round for ${corrected === 1 ? "its" : "their"} own country or city column and are read corrected.`
        : "",
      geocoded
        ? `${geocoded.toLocaleString("en")} ${geocoded === 1 ? "row has" : "rows have"} an address but no coordinates and ${geocoded === 1 ? "is" : "are"} placed at the centroid of ${geocoded === 1 ? "its" : "their"} city (GeoNames gazetteer). A postcode is kept with the row but does not move the point: no postcode-to-coordinates data is installed.`
        : "",
    ]
      .filter(Boolean)
      .join(" "),
  billed: (n: number) =>
    `A report order bills the ${n.toLocaleString("en")} ${n === 1 ? "location" : "locations"} of the valid assets, each once; duplicate, invalid and out-of-range rows are not billed.`,
  fromReport: "The finished report's figures: the same counts as its PDF and XLSX.",
  /** The rule for repeated rows, as the preview and the report both apply it. */
  assets: (c: { valid: number; billed: number; sharedPlaces: number; duplicate: number; conflicts: number }) =>
    [
      `Each valid row is one asset, counted once in the report's figures and amounts (${c.valid.toLocaleString("en")} assets).`,
      c.sharedPlaces
        ? `${c.sharedPlaces.toLocaleString("en")} of them share a point with an earlier asset (different asset ids, or different rows, at one place): they count as assets of their own, the point is billed once (${c.billed.toLocaleString("en")} locations billed).`
        : "",
      c.duplicate
        ? `${c.duplicate.toLocaleString("en")} ${c.duplicate === 1 ? "row repeats" : "rows repeat"} an asset (the same asset id, or without ids the same row cell for cell) and ${c.duplicate === 1 ? "is" : "are"} neither billed nor counted.`
        : "",
      c.conflicts
        ? `${c.conflicts.toLocaleString("en")} of those repeat an asset id with different values: the report counts the id's first row; correct the file and upload it again to use the other values.`
        : "",
    ]
      .filter(Boolean)
      .join(" "),
} as const;

export const ROW_REASONS = {
  missingLat: "latitude is empty",
  missingLon: "longitude is empty",
  textLat: "latitude is not a number",
  textLon: "longitude is not a number",
  latRange: "latitude outside -90..90",
  lonRange: "longitude outside -180..180",
  nullIsland: "0/0 is not a real location (empty coordinates exported as zero)",
  atSea: "the point is at sea (not inland)",
  duplicate: (row: number) => `duplicate of row ${row}`,
  sameAsset: (row: number) => `same asset as row ${row}: billed and counted once, as row ${row}`,
  assetConflict: (row: number) =>
    `same asset id as row ${row} with different values: counted once, as row ${row}; correct the file and upload it again to use these values`,
  badWeight: "weighting value is not a number",
} as const;
