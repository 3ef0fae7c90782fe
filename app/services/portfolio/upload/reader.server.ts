/**
 * Streams an uploaded CSV or XLSX file into raw rows without holding the file in memory. CSV is parsed by
 * csv-parse as the bytes arrive; XLSX goes to a temporary file first (a zip's directory sits at its end), its
 * declared sizes and then its real inflated sizes are checked against zip bombs, then exceljs reads it row by row.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, finished } from "node:stream";
import zlib from "node:zlib";
import { parse } from "csv-parse";
import ExcelJS from "exceljs";
import type { Cell } from "~/domain/portfolio/columns/columns";
import {
  CSV_MAX_RECORD_BYTES,
  UPLOAD_MESSAGES,
  XLSX_MAX_RATIO,
  XLSX_MAX_SHARED_STRINGS_BYTES,
  XLSX_MAX_UNCOMPRESSED_BYTES,
} from "~/domain/portfolio/limits";
import { UploadRefusedError } from "../errors.server";

export interface RawRow {
  /** 1-based row (line) number in the file as a spreadsheet shows it. */
  rowNo: number;
  cells: Cell[];
}

export type FileKind = "csv" | "xlsx";

export function fileKindOf(fileName: string): FileKind | null {
  const ext = path.extname(fileName).toLowerCase();
  if (ext === ".csv" || ext === ".txt" || ext === ".tsv") return "csv";
  if (ext === ".xlsx") return "xlsx";
  return null;
}

/** Counts bytes and hashes them as they pass; refuses the upload once it is larger than the limit. */
export class ByteMeter {
  bytes = 0;
  private readonly hash = crypto.createHash("sha256");
  constructor(private readonly limit: number) {}
  async *pass(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      this.bytes += chunk.byteLength;
      if (this.bytes > this.limit) throw new UploadRefusedError(UPLOAD_MESSAGES.tooLarge(this.limit), 413);
      this.hash.update(chunk);
      yield chunk;
    }
  }
  digest(): string {
    return this.hash.digest("hex");
  }
}

const SNIFF_BYTES = 64 * 1024;

/** NUL bytes or many control characters in the first bytes: not a text table. */
export function looksBinary(head: Uint8Array): boolean {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return true;
  let control = 0;
  const n = Math.min(head.length, 8192);
  for (let i = 0; i < n; i++) {
    const b = head[i]!;
    if (b === 0) return true;
    if (b < 9 || (b > 13 && b < 32)) control++;
  }
  return n > 0 && control / n > 0.05;
}

/** Tab, then semicolon, then comma: the first that splits the leading lines into the same number of fields. */
export function sniffDelimiter(text: string): string {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((l) => l.trim() !== "")
    .slice(0, 20);
  if (lines.length === 0) return ",";
  const count = (line: string, d: string) => {
    let n = 0,
      quoted = false;
    for (const ch of line) {
      if (ch === '"') quoted = !quoted;
      else if (ch === d && !quoted) n++;
    }
    return n;
  };
  for (const d of ["\t", ";"]) {
    const counts = lines.map((l) => count(l, d));
    const withIt = counts.filter((c) => c > 0).length;
    if (withIt >= Math.ceil(lines.length * 0.8)) return d;
  }
  return ",";
}

async function* withHead(head: Uint8Array[], rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  for (const c of head) yield c;
  for (;;) {
    const r = await rest.next();
    if (r.done) return;
    yield r.value;
  }
}

export type Utf16 = "utf-16le" | "utf-16be";

/**
 * UTF-16 text (Excel's "Unicode text" export): by its byte-order mark, or without one by ASCII characters showing
 * as a zero byte beside each letter, mostly on one side of the pair.
 */
export function detectUtf16(head: Uint8Array): Utf16 | null {
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  const pairs = Math.floor(Math.min(head.length, 8192) / 2);
  if (pairs < 2) return null;
  let evenZero = 0,
    oddZero = 0;
  for (let i = 0; i < pairs; i++) {
    if (head[2 * i] === 0) evenZero++;
    if (head[2 * i + 1] === 0) oddZero++;
  }
  if (oddZero > pairs * 0.4 && evenZero < pairs * 0.05) return "utf-16le";
  if (evenZero > pairs * 0.4 && oddZero < pairs * 0.05) return "utf-16be";
  return null;
}

/** UTF-16 bytes as UTF-8, chunk by chunk (a character split between two chunks is kept whole). */
export async function* utf16ToUtf8(source: AsyncIterable<Uint8Array>, encoding: Utf16): AsyncGenerator<Uint8Array> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of source) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield Buffer.from(text, "utf8");
  }
  const rest = decoder.decode();
  if (rest) yield Buffer.from(rest, "utf8");
}

async function readHead(it: AsyncIterator<Uint8Array>): Promise<Uint8Array[]> {
  const head: Uint8Array[] = [];
  let headBytes = 0;
  while (headBytes < SNIFF_BYTES) {
    const r = await it.next();
    if (r.done) break;
    head.push(r.value);
    headBytes += r.value.byteLength;
  }
  return head;
}

/** Most rows handed over at once. */
const BATCH_ROWS = 1024;

/**
 * Everything an object-mode stream has ready, as arrays: one await per batch, not per item, so a million records
 * do not cost a million promise turns. Stops (destroys) the stream when the consumer stops early.
 */
export async function* readyBatches<T>(stream: Readable, max = BATCH_ROWS): AsyncGenerator<T[]> {
  let wake: (() => void) | null = null;
  // undefined while the stream runs, null once it ended, the error once it failed
  let outcome: Error | null | undefined = undefined;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  stream.on("readable", notify);
  const stop = finished(stream, { writable: false }, (error) => {
    outcome = error ?? null;
    notify();
  });
  try {
    for (;;) {
      const batch: T[] = [];
      let item: T | null;
      while (batch.length < max && !stream.destroyed && (item = stream.read() as T | null) !== null) batch.push(item);
      if (batch.length > 0) {
        yield batch;
        continue;
      }
      if (outcome) throw outcome;
      if (outcome === null || stream.readableEnded) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    stop();
    stream.off("readable", notify);
    if (outcome === undefined) stream.destroy();
  }
}

/** Any row source in batches of at most `max` rows (XLSX reads row by row). */
export async function* batchRows(rows: AsyncIterable<RawRow>, max = BATCH_ROWS): AsyncGenerator<RawRow[]> {
  let batch: RawRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= max) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/**
 * Rows of a CSV stream in batches, UTF-8 or UTF-16 (read as UTF-8 once decoded). Refuses binary data and records
 * longer than CSV_MAX_RECORD_BYTES.
 */
export async function* readCsv(source: AsyncIterable<Uint8Array>): AsyncGenerator<RawRow[]> {
  let it = source[Symbol.asyncIterator]();
  let head = await readHead(it);
  const utf16 = detectUtf16(Buffer.concat(head));
  if (utf16) {
    it = utf16ToUtf8(withHead(head, it), utf16)[Symbol.asyncIterator]();
    head = await readHead(it);
  }
  const headBuf = Buffer.concat(head);
  if (looksBinary(headBuf)) throw new UploadRefusedError(UPLOAD_MESSAGES.binary, 415);
  const delimiter = sniffDelimiter(headBuf.subarray(0, SNIFF_BYTES).toString("utf8"));
  const bytes = Readable.from(withHead(head, it), { objectMode: false });
  const parser = bytes.pipe(
    parse({
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: CSV_MAX_RECORD_BYTES,
    }),
  );
  // A failing source (the size limit, a broken body) fails the parser, and so the reading, with its own error.
  bytes.on("error", (error) => parser.destroy(error));
  // The row number is the record number: what a spreadsheet shows, even when a quoted cell spans lines.
  let rowNo = 0;
  try {
    for await (const records of readyBatches<string[]>(parser)) {
      const rows: RawRow[] = new Array(records.length);
      for (let i = 0; i < records.length; i++) rows[i] = { rowNo: ++rowNo, cells: records[i]! };
      yield rows;
    }
  } catch (error) {
    if (error instanceof UploadRefusedError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "CSV_MAX_RECORD_SIZE")
      throw new UploadRefusedError(UPLOAD_MESSAGES.recordTooLong(CSV_MAX_RECORD_BYTES), 422);
    throw new UploadRefusedError(`${UPLOAD_MESSAGES.unreadable}: ${(error as Error).message}`, 422);
  }
}

/** Streams the upload into a temporary file; the caller removes it. */
export async function saveToTempFile(source: AsyncIterable<Uint8Array>): Promise<string> {
  const file = path.join(os.tmpdir(), `upload-${crypto.randomUUID()}.xlsx`);
  const out = fs.createWriteStream(file);
  try {
    for await (const chunk of source) {
      if (!out.write(chunk)) await new Promise<void>((r) => out.once("drain", () => r()));
    }
  } finally {
    await new Promise<void>((resolve) => out.end(resolve));
  }
  return file;
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  localOffset: number;
  compressed: number;
  uncompressed: number;
}

export interface ZipCheck {
  entries: ZipEntry[];
  /** Declared uncompressed total. */
  uncompressed: number;
  dirOffset: number;
}

/**
 * Reads the zip's central directory and refuses archives whose declared uncompressed size or per-entry
 * compression ratio is out of bounds, before a single entry is inflated.
 */
export function checkZipDirectory(file: string): ZipCheck {
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, "r");
  try {
    const tailLen = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLen);
    fs.readSync(fd, tail, 0, tailLen, size - tailLen);
    let eocd = -1;
    for (let i = tailLen - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new UploadRefusedError(UPLOAD_MESSAGES.notZip, 415);
    const count = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    if (dirOffset === 0xffffffff || dirSize === 0xffffffff || dirOffset + dirSize > size)
      throw new UploadRefusedError(UPLOAD_MESSAGES.notZip, 415);
    const dir = Buffer.alloc(dirSize);
    fs.readSync(fd, dir, 0, dirSize, dirOffset);
    let p = 0,
      total = 0;
    const entries: ZipEntry[] = [];
    for (let k = 0; k < count; k++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== 0x02014b50)
        throw new UploadRefusedError(UPLOAD_MESSAGES.notZip, 415);
      const compressed = dir.readUInt32LE(p + 20);
      const uncompressed = dir.readUInt32LE(p + 24);
      if (compressed === 0xffffffff || uncompressed === 0xffffffff)
        throw new UploadRefusedError(UPLOAD_MESSAGES.zipBomb, 413);
      total += uncompressed;
      if (uncompressed > 1024 * 1024 && uncompressed / Math.max(1, compressed) > XLSX_MAX_RATIO)
        throw new UploadRefusedError(UPLOAD_MESSAGES.zipBomb, 413);
      if (total > XLSX_MAX_UNCOMPRESSED_BYTES) throw new UploadRefusedError(UPLOAD_MESSAGES.zipBomb, 413);
      const nameLen = dir.readUInt16LE(p + 28);
      entries.push({
        name: dir.toString("utf8", p + 46, p + 46 + nameLen),
        flags: dir.readUInt16LE(p + 8),
        method: dir.readUInt16LE(p + 10),
        compressed,
        uncompressed,
        localOffset: dir.readUInt32LE(p + 42),
      });
      p += 46 + nameLen + dir.readUInt16LE(p + 30) + dir.readUInt16LE(p + 32);
    }
    return { entries, uncompressed: total, dirOffset };
  } finally {
    fs.closeSync(fd);
  }
}

/** Inflates `length` raw-deflate bytes at `start`, counting the output; stops as soon as it passes `budget`. */
async function inflatedBytes(file: string, start: number, length: number, budget: number): Promise<number> {
  if (length === 0) return 0;
  const source = fs.createReadStream(file, { start, end: start + length - 1 });
  const inflate = zlib.createInflateRaw();
  source.on("error", (error) => inflate.destroy(error));
  source.pipe(inflate);
  let n = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      n += chunk.byteLength;
      if (n > budget) break;
    }
  } catch {
    throw new UploadRefusedError(UPLOAD_MESSAGES.notZip, 415);
  } finally {
    source.destroy();
    inflate.destroy();
  }
  return n;
}

/**
 * Inflates every entry once, counting bytes, and refuses the archive as soon as an entry yields more than its
 * directory declares or the whole more than XLSX_MAX_UNCOMPRESSED_BYTES: a directory that lies about sizes is
 * caught without expanding the bomb. The entries must tile the file up to the directory, so no hidden entry
 * (which a streaming unzip would read) escapes the count.
 */
export async function checkZipInflation(file: string, zip: ZipCheck): Promise<void> {
  const fd = fs.openSync(file, "r");
  const header = Buffer.alloc(30);
  const spans: { dataStart: number; entry: ZipEntry }[] = [];
  let cursor = 0;
  try {
    for (const entry of [...zip.entries].sort((a, b) => a.localOffset - b.localOffset)) {
      if (entry.localOffset !== cursor) throw new UploadRefusedError(UPLOAD_MESSAGES.notZip, 415);
      if (fs.readSync(fd, header, 0, 30, cursor) !== 30 || header.readUInt32LE(0) !== 0x04034b50)
        throw new UploadRefusedError(UPLOAD_MESSAGES.notZip, 415);
      const dataStart = cursor + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      cursor = dataStart + entry.compressed;
      if (entry.flags & 0x08) {
        // Data descriptor after the data: 12 bytes, or 16 with its optional signature.
        const sig = Buffer.alloc(4);
        fs.readSync(fd, sig, 0, 4, cursor);
        cursor += sig.readUInt32LE(0) === 0x08074b50 ? 16 : 12;
      }
      spans.push({ dataStart, entry });
    }
  } finally {
    fs.closeSync(fd);
  }
  if (cursor !== zip.dirOffset) throw new UploadRefusedError(UPLOAD_MESSAGES.notZip, 415);
  let total = 0;
  for (const { dataStart, entry } of spans) {
    let actual: number;
    if (entry.method === 0) actual = entry.compressed;
    else if (entry.method === 8) actual = await inflatedBytes(file, dataStart, entry.compressed, entry.uncompressed);
    else throw new UploadRefusedError(UPLOAD_MESSAGES.notZip, 415);
    total += actual;
    if (actual > entry.uncompressed || total > XLSX_MAX_UNCOMPRESSED_BYTES)
      throw new UploadRefusedError(UPLOAD_MESSAGES.zipBomb, 413);
  }
}

function cellValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === "number" || typeof v === "string") return v;
  if (typeof v === "boolean") return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === "object") {
    if ("result" in v) return cellValue((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ("richText" in v) return (v as ExcelJS.CellRichTextValue).richText.map((t) => t.text).join("");
    if ("text" in v) return String((v as ExcelJS.CellHyperlinkValue).text);
    if ("error" in v) return null;
  }
  return String(v as unknown);
}

/**
 * Shared strings as UTF-8 in one growing buffer with their offsets: off the JS heap, so a table of a million
 * strings costs its bytes, not a million heap objects for the garbage collector to walk while the server answers.
 */
export class SharedStringStore {
  private bytes = Buffer.alloc(64 * 1024);
  private used = 0;
  private offsets = new Uint32Array(4096);
  count = 0;

  push(value: unknown): number {
    const text =
      typeof value === "string"
        ? value
        : value && typeof value === "object" && "richText" in value
          ? (value as ExcelJS.CellRichTextValue).richText.map((t) => t.text ?? "").join("")
          : "";
    const need = Buffer.byteLength(text, "utf8");
    if (this.used + need > this.bytes.length) {
      const grown = Buffer.alloc(Math.max(this.bytes.length * 2, this.used + need));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    if (this.count + 2 > this.offsets.length) {
      const grown = new Uint32Array(this.offsets.length * 2);
      grown.set(this.offsets);
      this.offsets = grown;
    }
    this.used += this.bytes.write(text, this.used, "utf8");
    this.offsets[++this.count] = this.used;
    return this.count;
  }

  /** The string at `index`; null for an empty one or an index past the table. */
  at(index: number): string | null {
    if (!(index >= 0 && index < this.count)) return null;
    const start = this.offsets[index]!;
    const end = this.offsets[index + 1]!;
    return end > start ? this.bytes.toString("utf8", start, end) : null;
  }
}

/**
 * exceljs's "cache" mode keeps every shared string as a JS string in an array. This gives it a SharedStringStore
 * in that array's place: exceljs pushes into it and reads `sharedStrings[i]`, so the worksheet's cells resolve
 * as before. Until the shared-string part starts, the reader sees no table, as exceljs expects (a sheet that comes
 * first waits in a temporary file).
 */
function cacheSharedStringsCompactly(reader: object): SharedStringStore {
  const store = new SharedStringStore();
  const view = new Proxy(store, {
    get(target, prop) {
      if (prop === "push") return (v: unknown) => target.push(v);
      if (prop === "length") return target.count;
      if (typeof prop === "string") {
        const index = Number(prop);
        if (Number.isInteger(index)) return target.at(index);
      }
      return undefined;
    },
  });
  let started = false;
  Object.defineProperty(reader, "sharedStrings", {
    configurable: true,
    get: () => (started ? view : undefined),
    set: () => {
      started = true;
    },
  });
  return store;
}

/** The part exceljs caches whole in memory ("cache" mode), whatever the sheet needs of it. */
export const SHARED_STRINGS_ENTRY = "xl/sharedStrings.xml";

/**
 * Refuses a workbook whose shared-string table is larger than the cap. The declared size is enough: the inflation
 * check that follows refuses any entry that inflates to more than it declares.
 */
export function checkSharedStrings(zip: ZipCheck, limit = XLSX_MAX_SHARED_STRINGS_BYTES): void {
  const entry = zip.entries.find((e) => e.name === SHARED_STRINGS_ENTRY);
  if (entry && entry.uncompressed > limit)
    throw new UploadRefusedError(UPLOAD_MESSAGES.sharedStringsTooLarge(limit), 413);
}

/**
 * How often one workbook is read before it is refused. exceljs's streaming reader now and then loses a part it has
 * already read (about once in a few hundred reads of the same valid file) and fails with a TypeError on state it
 * never set; the same file read again succeeds. A damaged file fails with a parse error and is refused at once.
 */
export const XLSX_READ_ATTEMPTS = 3;

/**
 * Rows of the first worksheet of an XLSX file, once its directory, its shared-string table and its real inflated
 * sizes are checked. A read that fails on exceljs's lost-part race starts again and skips the rows already given.
 */
export async function* readXlsx(
  file: string,
  rowsOf: (file: string) => AsyncIterable<RawRow> = firstSheetRows,
): AsyncGenerator<RawRow> {
  const zip = checkZipDirectory(file);
  checkSharedStrings(zip);
  await checkZipInflation(file, zip);
  let given = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      let skip = given;
      for await (const row of rowsOf(file)) {
        if (skip > 0) {
          skip--;
          continue;
        }
        given++;
        yield row;
      }
      return;
    } catch (error) {
      if (error instanceof UploadRefusedError) throw error;
      if (error instanceof TypeError && attempt < XLSX_READ_ATTEMPTS) continue;
      throw new UploadRefusedError(UPLOAD_MESSAGES.notZip, 415);
    }
  }
}

async function* firstSheetRows(file: string): AsyncGenerator<RawRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    worksheets: "emit",
    entries: "emit",
  });
  cacheSharedStringsCompactly(reader);
  for await (const sheet of reader) {
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[];
      const cells: Cell[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellValue(values[i]));
      yield { rowNo: row.number, cells };
    }
    break;
  }
}
