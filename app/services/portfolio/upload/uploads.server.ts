/**
 * Upload preview: reads the file as a stream, detects the columns (../ingest/file-head.server.ts), checks and
 * assesses every row, stores all rows (valid or not, with the reason) in compressed chunks for the full report
 * (../ingest/row-pipeline.server.ts), and answers the preview.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { and, asc, desc, eq } from "drizzle-orm";
import { portfolioUploadChunks, portfolioUploads, type PortfolioUpload } from "#db/schema/index";
import {
  COLUMN_ROLES,
  LOAN_ROLES,
  detectColumns,
  parseNumberCell,
  type Cell,
  type ColumnMap,
  type ColumnRole,
} from "~/domain/portfolio/columns/columns";
import { countryCodeOf } from "~/domain/portfolio/country-cell";
import type { GazetteerPlace, RowPlaceColumns, RowPlaceLookups } from "~/domain/portfolio/columns/row-place";
import {
  DEFAULT_WEIGHTING_COLUMN,
  UPLOAD_CHUNK_ROWS,
  UPLOAD_MESSAGES,
  portfolioLimitsFor,
  type PortfolioLimits,
} from "~/domain/portfolio/limits";
import {
  PreviewTally,
  type AssetConflict,
  type PreviewPoint,
  type RowIssue,
} from "~/domain/portfolio/ingest/preview-tally";
import { VALUE_COLUMN_TEXT, currencyInHeader, isValueCurrency } from "~/domain/portfolio/columns/value-column";
import { initialWeightColumn } from "~/domain/portfolio/weighting";
import { previewFigures, type PreviewFigures } from "~/domain/portfolio/preview-rule";
import { PortfolioAccumulator } from "~/domain/portfolio/stats";
import type { PlanCode } from "~/domain/commerce/plans";
import type { RiskEngine } from "~/risk/engine/risk-engine";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { placesByName } from "../../maps/places.server";
import { getDb } from "../../infra/db.server";
import { NotFoundError } from "../../http/errors.server";
import { assessLocation } from "../assess.server";
import { UploadRefusedError } from "../errors.server";
import {
  ByteMeter,
  batchRows,
  fileKindOf,
  readCsv,
  readXlsx,
  saveToTempFile,
  type FileKind,
  type RawRow,
} from "./reader.server";
import { RowCursor, readHeader, readSample, type FileSample } from "../ingest/file-head.server";
import { ChunkWriter, RowJudge, storeRows, type StoredRow } from "../ingest/row-pipeline.server";

export { ROW_STATUS, type RowStatus, type StoredRow } from "../ingest/row-pipeline.server";
export type { RowIssue } from "~/domain/portfolio/ingest/preview-tally";
const gunzipAsync = promisify(gunzip);

export interface UploadOwner {
  userId: string | null;
  plan: PlanCode | null;
}

/**
 * The upload preview. The location counts partition the rows read (blank and header rows aside):
 * total_locations = valid_locations + duplicate_locations + invalid_locations + out_of_range_locations.
 * - valid: a usable point on land, an asset of its own (counted in every figure and amount);
 * - duplicate: a usable point repeating an asset: the same asset id as an earlier row, or without ids the same row
 *   cell for cell (conflicts: those whose cells differ from the asset's first row, for the user to resolve);
 * - invalid: coordinates missing, not numbers, or 0/0;
 * - out of range: coordinates outside ±90/±180, or at sea.
 * billed_locations is what a report order charges for: the distinct points of the valid rows, each once (two assets
 * at one point are two assets, one location billed: shared_place_locations).
 */
export interface PreviewResult {
  status: "ok";
  upload_id: string;
  file_name: string;
  total_locations: number;
  valid_locations: number;
  invalid_locations: number;
  out_of_range_locations: number;
  duplicate_locations: number;
  billed_locations: number;
  blank_rows: number;
  header_rows: number;
  invalid: RowIssue[];
  out_of_range: RowIssue[];
  duplicates: { row: number; duplicate_of: number }[];
  conflict_locations: number;
  conflicts: AssetConflict[];
  shared_place_locations: number;
  shared_places: { row: number; same_place_as: number }[];
  /** Valid rows whose point is not the file's as it stands: read the other way round, or placed at their city. */
  corrected_locations: number;
  geocoded_locations: number;
  /** Each such row (reason: its POINT_PRECISION, and for a city centroid the place found). */
  placed: RowIssue[];
  issues_truncated: boolean;
  limits: { limit_country: number; limit_region: number; limit_hexagon: number } | null;
  portfolio_limits: PortfolioLimits;
  data: PreviewPoint[];
  data_truncated: boolean;
  access_token: string;
  lead_id: number | null;
  columns: string[];
  detected: {
    lat: string;
    lon: string;
    name: string | null;
    id: string | null;
    /** The other roles' columns by name (null: none in the file). */
    value?: string | null;
    country?: string | null;
    address?: string | null;
    city?: string | null;
    postcode?: string | null;
    swapped: boolean;
    /** Sampled rows that are real places only as the columns are named, and only the other way round. */
    column_order: { as_named: number; swapped: number };
  };
  weighted_by: string[];
  weight_column: string;
  warnings: string[];
  /**
   * Whether the charts and table are shown (the preview rule, domain/portfolio/preview-rule): they are the paid
   * report's figures for the same file, whole-file shares only, withheld (empty) over too few distinct hexagons.
   */
  figures: PreviewFigures;
  piecharts: ReturnType<PortfolioAccumulator["pies"]>;
  summary_table: ReturnType<PortfolioAccumulator["summaryTable"]>;
}

export function hashAccessToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Bounded memo of a lookup by its key: files repeat their countries and cities on every row. */
function memo<T>(fn: (key: string) => T, max = 10_000): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    if (cache.has(key)) return cache.get(key)!;
    const v = fn(key);
    if (cache.size >= max) cache.clear();
    cache.set(key, v);
    return v;
  };
}

/** What placeRow asks of the world: the engine's land and countries, the place list, the country names. */
export function rowPlaceLookups(engine: RiskEngine): RowPlaceLookups {
  const names = new Map(engine.countries().map((c) => [c.country_code, c.country_name]));
  const places = memo((key: string): GazetteerPlace[] => {
    const [name, country] = key.split("\u0000") as [string, string];
    return placesByName(name, country || null);
  });
  return {
    countryAt: (lat, lon) => assessLocation(engine, lat, lon)?.country ?? null,
    nearCountry: (lat, lon, country, km) => engine.countryWithinKm(country, lat, lon, km),
    countryCode: memo(countryCodeOf),
    placesNamed: (name, country) => places(`${name}\u0000${country ?? ""}`),
    countryName: (code) => names.get(code) ?? code,
  };
}

export function rowPlaceColumns(
  map: Pick<ColumnMap, "country" | "address" | "city" | "postcode">,
  latCol: number,
  lonCol: number,
): RowPlaceColumns {
  return {
    lat: latCol,
    lon: lonCol,
    country: map.country,
    address: map.address,
    city: map.city,
    postcode: map.postcode,
  };
}

export interface IngestInput {
  fileName: string;
  data: AsyncIterable<Uint8Array>;
  owner: UploadOwner;
  /** Plan limits of the signed-in user, echoed in the answer. */
  planLimits?: PreviewResult["limits"];
  /**
   * Rows already read (an earlier upload's stored rows, its header first) instead of file bytes, with that file's
   * digest and size, and the columns the user chose: the rows are judged again exactly as an upload's are.
   */
  reread?: {
    rows: AsyncIterable<RawRow[]>;
    sha256: string;
    bytes: number;
    blankRows: number;
    columns: Omit<ColumnMap, "names" | "headerRow">;
  };
}

/**
 * The preview's charts under the preview rule: the report's shares and level counts, never a weighted mean (a
 * mean over few cells comes close to one cell's value), and nothing at all over too few distinct hexagons.
 */
function previewCharts(acc: PortfolioAccumulator): Pick<PreviewResult, "figures" | "piecharts" | "summary_table"> {
  const figures = previewFigures(acc.hexagonCount);
  if (!figures.shown) return { figures, piecharts: [], summary_table: [] };
  const hidden = { value: null, score: null, level: null };
  return { figures, piecharts: acc.pies(), summary_table: acc.summaryTable().map((r) => ({ ...r, weighted: hidden })) };
}

export async function ingestUpload(input: IngestInput): Promise<PreviewResult> {
  const kind = fileKindOf(input.fileName);
  if (!kind) throw new UploadRefusedError(UPLOAD_MESSAGES.badType, 415);
  const limits = portfolioLimitsFor(input.owner.plan);
  const meter = new ByteMeter(limits.max_bytes);
  let tempFile: string | null = null;
  let uploadId: string | null = null;
  const db = await getDb();
  try {
    let batches: AsyncIterable<RawRow[]>;
    if (input.reread) batches = input.reread.rows;
    else if (kind === "csv") batches = readCsv(meter.pass(input.data));
    else {
      tempFile = await saveToTempFile(meter.pass(input.data));
      batches = batchRows(readXlsx(tempFile));
    }
    const engine = getRiskEngine();
    const accessToken = crypto.randomBytes(24).toString("base64url");
    // Rows one at a time for the header and the sample; the rest is handled a batch at a time.
    const cursor = new RowCursor(batches);
    const reread = input.reread;
    const header = await readHeader(
      cursor,
      // A re-read file keeps the columns the user chose: its first non-blank row is the header.
      reread
        ? (lead) => ({ ...reread.columns, names: lead[lead.length - 1]!.map((c) => String(c ?? "")), headerRow: 0 })
        : detectColumns,
    );
    const { map } = header;
    const sample = await readSample(cursor, map, (lat, lon) => assessLocation(engine, lat, lon) !== null);
    uploadId = await createUpload(db, input, kind, accessToken, map, sample);

    const tally = new PreviewTally(limits.max_rows, header.leadingBlank + (input.reread?.blankRows ?? 0));
    const acc = new PortfolioAccumulator();
    const judge = new RowJudge(
      engine,
      map,
      rowPlaceColumns(map, sample.latCol, sample.lonCol),
      rowPlaceLookups(engine),
      tally,
      acc,
    );
    await storeRows(sampleThenRest(sample, cursor), judge, new ChunkWriter(db, uploadId));
    if (tally.total === 0) throw new UploadRefusedError(UPLOAD_MESSAGES.empty, 422);

    const result = previewResult({
      input,
      uploadId,
      accessToken,
      limits,
      map,
      headerRows: header.headerRows,
      sample,
      tally,
      acc,
    });
    const { access_token: _omit, ...stored } = result;
    void _omit;
    await db
      .update(portfolioUploads)
      .set({
        fileSha256: input.reread?.sha256 ?? meter.digest(),
        fileBytes: input.reread?.bytes ?? meter.bytes,
        summary: stored as unknown as Record<string, unknown>,
      })
      .where(eq(portfolioUploads.id, uploadId));
    return result;
  } catch (error) {
    if (uploadId) await db.delete(portfolioUploads).where(eq(portfolioUploads.id, uploadId));
    throw error;
  } finally {
    if (tempFile) fs.rm(tempFile, { force: true }, () => {});
  }
}

/** The sampled rows first (they are stored like every other row), then the rest of the file. */
async function* sampleThenRest(sample: FileSample, cursor: RowCursor): AsyncGenerator<readonly RawRow[]> {
  yield sample.rows;
  yield* cursor.rest();
}

/** The upload's record, before its rows: the file's digest, size and summary are set once every row is stored. */
async function createUpload(
  db: Awaited<ReturnType<typeof getDb>>,
  input: IngestInput,
  kind: FileKind,
  accessToken: string,
  map: ColumnMap,
  sample: FileSample,
): Promise<string> {
  const initialWeight = initialWeightColumn(map.names, map.value, sample.numeric);
  const [created] = await db
    .insert(portfolioUploads)
    .values({
      userId: input.owner.userId,
      accessTokenHash: hashAccessToken(accessToken),
      fileName: input.fileName.slice(0, 200),
      fileKind: kind,
      fileSha256: "",
      fileBytes: 0,
      columns: map.names,
      numericColumns: sample.numeric,
      latColumn: sample.latCol,
      lonColumn: sample.lonCol,
      nameColumn: map.name,
      idColumn: map.id,
      columnRoles: Object.fromEntries(COLUMN_ROLES.filter((r) => r !== "id" && r !== "name").map((r) => [r, map[r]])),
      swapped: sample.swapped,
      weightColumn: initialWeight,
      valueCurrency: initialWeight === DEFAULT_WEIGHTING_COLUMN ? null : currencyInHeader(initialWeight),
      summary: {},
    })
    .returning({ id: portfolioUploads.id });
  return created!.id;
}

/** The preview answer from what the rows added up to. */
function previewResult(p: {
  input: IngestInput;
  uploadId: string;
  accessToken: string;
  limits: PortfolioLimits;
  map: ColumnMap;
  headerRows: number;
  sample: FileSample;
  tally: PreviewTally;
  acc: PortfolioAccumulator;
}): PreviewResult {
  const { map, sample, tally } = p;
  const { order, swapped, latCol, lonCol } = sample;
  const warnings: string[] = [];
  if (swapped) warnings.push(UPLOAD_MESSAGES.swapped(order.swapped, order.asNamed));
  else if (order.swapped > 0) warnings.push(UPLOAD_MESSAGES.notSwapped(order.asNamed, order.swapped));
  const nameOf = (col: number | null) => (col !== null ? map.names[col]! : null);
  return {
    status: "ok",
    upload_id: p.uploadId,
    file_name: p.input.fileName,
    total_locations: tally.total,
    valid_locations: tally.valid,
    invalid_locations: tally.invalidCount,
    out_of_range_locations: tally.outCount,
    duplicate_locations: tally.dupCount,
    billed_locations: tally.billed,
    blank_rows: tally.blank,
    header_rows: p.headerRows,
    invalid: tally.invalid,
    out_of_range: tally.outOfRange,
    duplicates: tally.duplicates,
    conflict_locations: tally.conflictCount,
    conflicts: tally.conflicts,
    shared_place_locations: tally.sharedPlaceCount,
    shared_places: tally.sharedPlaces,
    corrected_locations: tally.corrected,
    geocoded_locations: tally.geocoded,
    placed: tally.placed,
    issues_truncated: tally.issuesTruncated,
    limits: p.input.planLimits ?? null,
    portfolio_limits: p.limits,
    data: tally.data,
    data_truncated: tally.dataTruncated,
    access_token: p.accessToken,
    lead_id: null,
    columns: map.names,
    detected: {
      lat: map.names[latCol]!,
      lon: map.names[lonCol]!,
      name: nameOf(map.name),
      id: nameOf(map.id),
      value: nameOf(map.value),
      country: nameOf(map.country),
      address: nameOf(map.address),
      city: nameOf(map.city),
      postcode: nameOf(map.postcode),
      swapped,
      column_order: { as_named: order.asNamed, swapped: order.swapped },
    },
    weighted_by: sample.weightedBy,
    weight_column: DEFAULT_WEIGHTING_COLUMN,
    warnings,
    ...previewCharts(p.acc),
  };
}

/** The upload, if the caller owns it (signed-in owner) or holds its access token. */
export async function findUpload(
  id: string,
  access: { userId?: string | null; accessToken?: string | null },
): Promise<PortfolioUpload> {
  const db = await getDb();
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new NotFoundError("Upload not found");
  const [u] = await db.select().from(portfolioUploads).where(eq(portfolioUploads.id, id)).limit(1);
  if (!u) throw new NotFoundError("Upload not found");
  const byUser = access.userId && u.userId === access.userId;
  const byToken = access.accessToken && hashAccessToken(access.accessToken) === u.accessTokenHash;
  if (!byUser && !byToken) throw new NotFoundError("Upload not found");
  return u;
}

/** The user's latest upload, or null. */
export async function latestUpload(userId: string): Promise<PortfolioUpload | null> {
  const db = await getDb();
  const [u] = await db
    .select()
    .from(portfolioUploads)
    .where(eq(portfolioUploads.userId, userId))
    .orderBy(desc(portfolioUploads.createdAt))
    .limit(1);
  return u ?? null;
}

/** The columns of an upload by role, as stored (roles of uploads stored before the other roles: none). */
export function uploadColumnMap(upload: PortfolioUpload): Omit<ColumnMap, "names" | "headerRow"> {
  const r = upload.columnRoles ?? {};
  return {
    lat: upload.latColumn,
    lon: upload.lonColumn,
    id: upload.idColumn,
    name: upload.nameColumn,
    value: r.value ?? null,
    country: r.country ?? null,
    address: r.address ?? null,
    city: r.city ?? null,
    postcode: r.postcode ?? null,
    ...(Object.fromEntries(LOAN_ROLES.map((role) => [role, r[role] ?? null])) as Record<
      (typeof LOAN_ROLES)[number],
      number | null
    >),
  };
}

/**
 * The upload judged again with the columns the user chose (the column-mapping step): a new upload of the same rows,
 * whose preview, stored rows and report follow the chosen id, name, value, country and address columns. The chosen
 * value column also weights the results.
 */
export async function remapUpload(
  upload: PortfolioUpload,
  roles: Partial<Record<ColumnRole, number | null>>,
  owner: UploadOwner,
): Promise<PreviewResult> {
  for (const [role, i] of Object.entries(roles))
    if (i !== null && i !== undefined && !(Number.isInteger(i) && i >= 0 && i < upload.columns.length))
      throw new UploadRefusedError(`Unknown column for ${role}: ${i}`, 400);
  const summary = upload.summary as { blank_rows?: number };
  async function* rows(): AsyncGenerator<RawRow[]> {
    yield [{ rowNo: 1, cells: upload.columns }];
    let batch: RawRow[] = [];
    for await (const r of uploadRows(upload.id)) {
      batch.push({ rowNo: r[0], cells: r[5] });
      if (batch.length >= UPLOAD_CHUNK_ROWS) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }
  const result = await ingestUpload({
    fileName: upload.fileName,
    data: (async function* () {})(),
    owner,
    reread: {
      rows: rows(),
      sha256: upload.fileSha256,
      bytes: upload.fileBytes,
      blankRows: summary.blank_rows ?? 0,
      columns: { ...uploadColumnMap(upload), ...roles },
    },
  });
  const value = roles.value ?? null;
  if (value !== null) {
    const column = upload.columns[value]!;
    const remapped = await findUpload(result.upload_id, { accessToken: result.access_token });
    if (remapped.numericColumns.includes(column)) {
      await setWeightColumn(remapped, column);
      result.weight_column = column;
    }
  }
  return result;
}

/**
 * Chooses the weighting column and, when it holds asset values, their currency: the one given, else the one its
 * name states. A column with neither weighs the shares but gives no amounts (floor area, say): an amount never
 * goes without its currency.
 */
export async function setWeightColumn(
  upload: PortfolioUpload,
  column: string,
  currency?: string | null,
): Promise<void> {
  const allowed = column === DEFAULT_WEIGHTING_COLUMN || upload.numericColumns.includes(column);
  if (!allowed) throw new UploadRefusedError(`Unknown weighting column: ${column}`, 400);
  let valueCurrency: string | null = null;
  if (upload.columns.includes(column)) {
    if (currency && !isValueCurrency(currency)) throw new UploadRefusedError(VALUE_COLUMN_TEXT.unknownCurrency, 400);
    valueCurrency = currency || currencyInHeader(column);
  }
  const db = await getDb();
  await db
    .update(portfolioUploads)
    .set({ weightColumn: column, valueCurrency })
    .where(eq(portfolioUploads.id, upload.id));
}

/**
 * Weight of a stored row for the chosen column: 1 when the file has no such column (every location weighs 1),
 * null when the row's cell is empty, text or not positive, so weighted figures use real weights only.
 */
export function weightOf(upload: PortfolioUpload, cells: Cell[]): number | null {
  const col = upload.weightColumn ? upload.columns.indexOf(upload.weightColumn) : -1;
  if (col < 0) return 1;
  const n = parseNumberCell(cells[col]);
  return n !== null && Number.isFinite(n) && n > 0 ? n : null;
}

/** Every stored row of an upload in file order, one chunk in memory at a time. */
export async function* uploadRows(uploadId: string): AsyncGenerator<StoredRow> {
  const db = await getDb();
  for (let seq = 0; ; seq++) {
    const [c] = await db
      .select({ data: portfolioUploadChunks.data })
      .from(portfolioUploadChunks)
      .where(and(eq(portfolioUploadChunks.uploadId, uploadId), eq(portfolioUploadChunks.seq, seq)))
      .orderBy(asc(portfolioUploadChunks.seq))
      .limit(1);
    if (!c) return;
    const rows = JSON.parse((await gunzipAsync(c.data)).toString("utf8")) as StoredRow[];
    for (const r of rows) yield r;
  }
}
