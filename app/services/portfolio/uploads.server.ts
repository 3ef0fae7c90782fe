/**
 * Upload preview: reads the file as a stream, detects the columns, checks and assesses every row, stores all rows
 * (valid or not, with the reason) in compressed chunks for the full report, and answers the preview.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { and, asc, desc, eq } from "drizzle-orm";
import { portfolioUploadChunks, portfolioUploads, type PortfolioUpload } from "#db/schema/index";
import {
  columnOrderEvidence, detectColumns, isBlankRow, numericColumns, parseNumberCell, readsSwapped, type Cell, type ColumnMap, type ColumnRole,
} from "~/domain/portfolio/columns";
import { countryCodeOf } from "~/domain/portfolio/country-cell";
import { POINT_PRECISION, placeRow, type GazetteerPlace, type RowPlaceColumns, type RowPlaceLookups } from "~/domain/portfolio/row-place";
import {
  DEFAULT_WEIGHTING_COLUMN, HEADER_SCAN_MAX_ROWS, HEADER_SEARCH_ROWS, PREVIEW_ISSUES_MAX, PREVIEW_ROWS_MAX, ROW_REASONS, UPLOAD_CHUNK_ROWS, UPLOAD_MESSAGES,
  portfolioLimitsFor, type PortfolioLimits,
} from "~/domain/portfolio/limits";
import { FirstRowIndex } from "~/domain/portfolio/first-rows";
import { VALUE_COLUMN_TEXT, currencyInHeader, isValueCurrency } from "~/domain/portfolio/value-column";
import { previewFigures, type PreviewFigures } from "~/domain/portfolio/preview-rule";
import { PortfolioAccumulator } from "~/domain/portfolio/stats";
import type { PlanCode } from "~/domain/commerce/plans";
import type { RiskEngine } from "~/risk/engine";
import { getRiskEngine } from "~/risk/engine.server";
import { placesByName } from "../maps/places.server";
import { getDb } from "../infra/db.server";
import { collectGarbage } from "../infra/memory.server";
import { NotFoundError } from "../http/errors.server";
import { assessLocation } from "./assess.server";
import { UploadRefusedError } from "./errors.server";
import { ByteMeter, batchRows, fileKindOf, readCsv, readXlsx, saveToTempFile, type RawRow } from "./reader.server";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export const ROW_STATUS = { valid: 0, invalid: 1, outOfRange: 2 } as const;
export type RowStatus = (typeof ROW_STATUS)[keyof typeof ROW_STATUS];

/**
 * One stored row: row number, status, reason, lat, lon, the row's own cells, the row it duplicates, and how its
 * point was found when not as the file gives it (POINT_PRECISION: swapped and corrected, or a city centroid).
 */
export type StoredRow = [number, RowStatus, string | null, number | null, number | null, Cell[], number | null, string | null];

export interface RowIssue {
  row: number;
  reason: string;
  /** The row's own asset id, when the file has an id column. */
  id?: string | null;
}

export interface UploadOwner {
  userId: string | null;
  plan: PlanCode | null;
}

/**
 * The upload preview. The location counts partition the rows read (blank and header rows aside):
 * total_locations = valid_locations + duplicate_locations + invalid_locations + out_of_range_locations.
 * - valid: a usable point on land, the first row at its coordinates (5 decimals);
 * - duplicate: a usable point whose coordinates an earlier valid row already has;
 * - invalid: coordinates missing, not numbers, or 0/0;
 * - out of range: coordinates outside ±90/±180, or at sea.
 * billed_locations is what a report order charges for: the valid locations, each once.
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
  /** Valid rows whose point is not the file's as it stands: read the other way round, or placed at their city. */
  corrected_locations: number;
  geocoded_locations: number;
  /** Each such row (reason: its POINT_PRECISION, and for a city centroid the place found). */
  placed: RowIssue[];
  issues_truncated: boolean;
  limits: { limit_country: number; limit_region: number; limit_hexagon: number } | null;
  portfolio_limits: PortfolioLimits;
  data: { row: number; lat: number; lon: number; name: string | null; precision?: string | null }[];
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

const SAMPLE_ROWS = 200;

export function hashAccessToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

function cellText(c: Cell): string | null {
  if (c === null || c === undefined) return null;
  const s = String(c).trim();
  return s === "" ? null : s;
}

/**
 * Rows between two full garbage collections while a large file is stored: V8 let about 150 MB of the rows' garbage
 * pile up between its own collections (a 1M-row upload peaked at 449 MB RSS on PostgreSQL).
 */
const INGEST_COLLECT_EVERY = 100_000;

/** Numeric key of coordinates at 5 decimals, for the duplicate index (FirstRowIndex). */
function coordKey(lat: number, lon: number): number {
  return Math.round((lat + 90) * 1e5) * 4e7 + Math.round((lon + 180) * 1e5);
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
    countryCode: memo(countryCodeOf),
    placesNamed: (name, country) => places(`${name}\u0000${country ?? ""}`),
    countryName: (code) => names.get(code) ?? code,
  };
}

export function rowPlaceColumns(map: Pick<ColumnMap, "country" | "address" | "city" | "postcode">, latCol: number, lonCol: number): RowPlaceColumns {
  return { lat: latCol, lon: lonCol, country: map.country, address: map.address, city: map.city, postcode: map.postcode };
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
  reread?: { rows: AsyncIterable<RawRow[]>; sha256: string; bytes: number; blankRows: number; columns: Omit<ColumnMap, "names" | "headerRow"> };
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
    const acc = new PortfolioAccumulator();
    const accessToken = crypto.randomBytes(24).toString("base64url");
    const it = batches[Symbol.asyncIterator]();
    // Rows one at a time for the header and the sample; the rest is handled a batch at a time.
    let current: RawRow[] = [];
    let at = 0;
    const nextRow = async (): Promise<IteratorResult<RawRow, undefined>> => {
      while (at >= current.length) {
        const b = await it.next();
        if (b.done) return { done: true, value: undefined };
        current = b.value;
        at = 0;
      }
      return { done: false, value: current[at++]! };
    };

    // Header: the first non-blank rows until one names latitude and longitude. Blank rows are counted, never
    // kept, and the search stops after HEADER_SCAN_MAX_ROWS rows: a file of empty lines is refused at once.
    const lead: RawRow[] = [];
    let map: ColumnMap | null = null;
    let leadingBlank = 0;
    let scanned = 0;
    while (!map) {
      const r = await nextRow();
      if (r.done) break;
      if (++scanned > HEADER_SCAN_MAX_ROWS) throw new UploadRefusedError(UPLOAD_MESSAGES.noHeaderWithin(HEADER_SCAN_MAX_ROWS), 422);
      if (isBlankRow(r.value.cells)) {
        leadingBlank++;
        continue;
      }
      lead.push(r.value);
      map = input.reread
        ? { ...input.reread.columns, names: r.value.cells.map((c) => String(c ?? "")), headerRow: 0 }
        : detectColumns(lead.map((x) => x.cells));
      if (!map && lead.length >= HEADER_SEARCH_ROWS) break;
    }
    if (!map) throw new UploadRefusedError(lead.length === 0 ? UPLOAD_MESSAGES.empty : UPLOAD_MESSAGES.noColumns, 422);
    const headerRows = lead.length;
    const pending: RawRow[] = [];
    while (pending.length < SAMPLE_ROWS) {
      const r = await nextRow();
      if (r.done) break;
      pending.push(r.value);
    }
    const sample = pending.filter((x) => !isBlankRow(x.cells)).map((x) => x.cells);
    const order = columnOrderEvidence(map, sample, (lat, lon) => assessLocation(engine, lat, lon) !== null);
    const swapped = readsSwapped(order);
    const latCol = swapped ? map.lon : map.lat;
    const lonCol = swapped ? map.lat : map.lon;
    const numeric = numericColumns(map, sample);
    const weightedBy = [DEFAULT_WEIGHTING_COLUMN, ...numeric.filter((n) => n !== DEFAULT_WEIGHTING_COLUMN)];

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
        numericColumns: numeric,
        latColumn: latCol,
        lonColumn: lonCol,
        nameColumn: map.name,
        idColumn: map.id,
        columnRoles: { value: map.value, country: map.country, address: map.address, city: map.city, postcode: map.postcode },
        swapped,
        weightColumn: DEFAULT_WEIGHTING_COLUMN,
        summary: {},
      })
      .returning({ id: portfolioUploads.id });
    uploadId = created!.id;

    let total = 0,
      valid = 0,
      invalidCount = 0,
      outCount = 0,
      dupCount = 0,
      blank = leadingBlank + (input.reread?.blankRows ?? 0),
      seq = 0;
    const invalid: RowIssue[] = [];
    const outOfRange: RowIssue[] = [];
    const duplicates: { row: number; duplicate_of: number }[] = [];
    const placed: RowIssue[] = [];
    let corrected = 0,
      geocoded = 0;
    const lookups = rowPlaceLookups(engine);
    const placeCols = rowPlaceColumns(map, latCol, lonCol);
    const idOf = (cells: Cell[]) => (map.id !== null ? cellText(cells[map.id]) : null);
    const data: PreviewResult["data"] = [];
    const seen = new FirstRowIndex();
    let chunk: StoredRow[] = [];
    let collectedAt = 0;
    const flush = async () => {
      if (!chunk.length) return;
      const rowsOut = chunk;
      chunk = [];
      if (total - collectedAt >= INGEST_COLLECT_EVERY) {
        collectedAt = total;
        collectGarbage();
      }
      const packed = await gzipAsync(JSON.stringify(rowsOut), { level: 1 });
      await db.insert(portfolioUploadChunks).values({ uploadId: uploadId!, seq: seq++, rowCount: rowsOut.length, data: packed });
    };

    /** Synchronous per row; true when a chunk is full and must be written. */
    const handle = (raw: RawRow): boolean => {
      // Blank rows count against the plan's row limit too, so a file of empty lines cannot run on unbounded.
      if (isBlankRow(raw.cells)) {
        blank++;
        if (blank + total > limits.max_rows) throw new UploadRefusedError(UPLOAD_MESSAGES.tooManyRows(limits.max_rows), 413);
        return false;
      }
      total++;
      if (blank + total > limits.max_rows) throw new UploadRefusedError(UPLOAD_MESSAGES.tooManyRows(limits.max_rows), 413);
      const check = placeRow(raw.cells, placeCols, lookups);
      const a = check.ok ? assessLocation(engine, check.lat, check.lon) : null;
      if (!check.ok || !a) {
        const reason = check.ok ? ROW_REASONS.atSea : check.reason;
        const kind = check.ok ? "out_of_range" : check.kind;
        const issue = { row: raw.rowNo, reason, id: idOf(raw.cells) };
        if (kind === "invalid") {
          invalidCount++;
          if (invalid.length < PREVIEW_ISSUES_MAX) invalid.push(issue);
        } else {
          outCount++;
          if (outOfRange.length < PREVIEW_ISSUES_MAX) outOfRange.push(issue);
        }
        const lat = check.ok ? check.lat : (check.lat ?? null);
        const lon = check.ok ? check.lon : (check.lon ?? null);
        chunk.push([raw.rowNo, kind === "invalid" ? ROW_STATUS.invalid : ROW_STATUS.outOfRange, reason, lat, lon, raw.cells, null, null]);
      } else {
        const precision = check.precision === POINT_PRECISION.given ? null : check.precision;
        if (precision) {
          if (precision === POINT_PRECISION.city) geocoded++;
          else corrected++;
          if (placed.length < PREVIEW_ISSUES_MAX)
            placed.push({ row: raw.rowNo, id: idOf(raw.cells), reason: check.place ? `${precision}: ${check.place}` : precision });
        }
        // The report's assessment of the row, whatever the uploader's plan reads: the preview rule hides detail, never changes it.
        acc.add(a, a.values, 1);
        const first = seen.firstOrAdd(coordKey(check.lat, check.lon), raw.rowNo);
        if (first === undefined) {
          valid++;
        } else {
          dupCount++;
          if (duplicates.length < PREVIEW_ISSUES_MAX) duplicates.push({ row: raw.rowNo, duplicate_of: first });
        }
        if (data.length < PREVIEW_ROWS_MAX)
          data.push({
            row: raw.rowNo,
            lat: check.lat,
            lon: check.lon,
            name: map.name !== null ? cellText(raw.cells[map.name]) : null,
            ...(precision ? { precision } : {}),
          });
        chunk.push([raw.rowNo, ROW_STATUS.valid, null, check.lat, check.lon, raw.cells, first ?? null, precision]);
      }
      return chunk.length >= UPLOAD_CHUNK_ROWS;
    };

    for (const r of pending) if (handle(r)) await flush();
    for (; at < current.length; at++) if (handle(current[at]!)) await flush();
    for (;;) {
      const b = await it.next();
      if (b.done) break;
      for (const r of b.value) if (handle(r)) await flush();
    }
    await flush();
    if (total === 0) throw new UploadRefusedError(UPLOAD_MESSAGES.empty, 422);

    const warnings: string[] = [];
    if (swapped) warnings.push(UPLOAD_MESSAGES.swapped(order.swapped, order.asNamed));
    else if (order.swapped > 0) warnings.push(UPLOAD_MESSAGES.notSwapped(order.asNamed, order.swapped));
    const result: PreviewResult = {
      status: "ok",
      upload_id: uploadId,
      file_name: input.fileName,
      total_locations: total,
      valid_locations: valid,
      invalid_locations: invalidCount,
      out_of_range_locations: outCount,
      duplicate_locations: dupCount,
      billed_locations: valid,
      blank_rows: blank,
      header_rows: headerRows,
      invalid,
      out_of_range: outOfRange,
      duplicates,
      corrected_locations: corrected,
      geocoded_locations: geocoded,
      placed,
      issues_truncated: invalidCount > invalid.length || outCount > outOfRange.length || dupCount > duplicates.length || corrected + geocoded > placed.length,
      limits: input.planLimits ?? null,
      portfolio_limits: limits,
      data,
      data_truncated: valid + dupCount > data.length,
      access_token: accessToken,
      lead_id: null,
      columns: map.names,
      detected: {
        lat: map.names[latCol]!,
        lon: map.names[lonCol]!,
        name: map.name !== null ? map.names[map.name]! : null,
        id: map.id !== null ? map.names[map.id]! : null,
        value: map.value !== null ? map.names[map.value]! : null,
        country: map.country !== null ? map.names[map.country]! : null,
        address: map.address !== null ? map.names[map.address]! : null,
        city: map.city !== null ? map.names[map.city]! : null,
        postcode: map.postcode !== null ? map.names[map.postcode]! : null,
        swapped,
        column_order: { as_named: order.asNamed, swapped: order.swapped },
      },
      weighted_by: weightedBy,
      weight_column: DEFAULT_WEIGHTING_COLUMN,
      warnings,
      ...previewCharts(acc),
    };
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

/** The upload, if the caller owns it (signed-in owner) or holds its access token. */
export async function findUpload(id: string, access: { userId?: string | null; accessToken?: string | null }): Promise<PortfolioUpload> {
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

/** A visitor's upload becomes the user's when they sign in with its token. */
export async function claimUpload(upload: PortfolioUpload, userId: string): Promise<void> {
  if (upload.userId) return;
  const db = await getDb();
  await db.update(portfolioUploads).set({ userId }).where(and(eq(portfolioUploads.id, upload.id)));
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
export async function setWeightColumn(upload: PortfolioUpload, column: string, currency?: string | null): Promise<void> {
  const allowed = column === DEFAULT_WEIGHTING_COLUMN || upload.numericColumns.includes(column);
  if (!allowed) throw new UploadRefusedError(`Unknown weighting column: ${column}`, 400);
  let valueCurrency: string | null = null;
  if (upload.columns.includes(column)) {
    if (currency && !isValueCurrency(currency)) throw new UploadRefusedError(VALUE_COLUMN_TEXT.unknownCurrency, 400);
    valueCurrency = currency || currencyInHeader(column);
  }
  const db = await getDb();
  await db.update(portfolioUploads).set({ weightColumn: column, valueCurrency }).where(eq(portfolioUploads.id, upload.id));
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
