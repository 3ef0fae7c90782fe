/**
 * The head of an uploaded file: its rows one at a time until the header is found and the sample that judges the
 * columns is read; the rest is then handed on a batch at a time (./row-pipeline.server.ts).
 */
import type { Cell, ColumnMap } from "~/domain/portfolio/columns/columns";
import { HeaderScan, type HeaderScanResult } from "~/domain/portfolio/ingest/header-scan";
import { SAMPLE_ROWS, sampleColumns, type SampledColumns } from "~/domain/portfolio/ingest/sample-columns";
import { HEADER_SCAN_MAX_ROWS, UPLOAD_MESSAGES } from "~/domain/portfolio/limits";
import { UploadRefusedError } from "../errors.server";
import type { RawRow } from "../upload/reader.server";

/** Batches of rows read one row at a time, then the rest a batch at a time. */
export class RowCursor {
  private readonly it: AsyncIterator<RawRow[]>;
  private current: RawRow[] = [];
  private at = 0;

  constructor(batches: AsyncIterable<RawRow[]>) {
    this.it = batches[Symbol.asyncIterator]();
  }

  /** The next row, or undefined at the end of the file. */
  async next(): Promise<RawRow | undefined> {
    while (this.at >= this.current.length) {
      const b = await this.it.next();
      if (b.done) return undefined;
      this.current = b.value;
      this.at = 0;
    }
    return this.current[this.at++]!;
  }

  /** The rows not taken yet, a batch at a time: what is left of the current batch first. */
  async *rest(): AsyncGenerator<readonly RawRow[]> {
    if (this.at < this.current.length) {
      const left = this.current.slice(this.at);
      this.at = this.current.length;
      yield left;
    }
    for (;;) {
      const b = await this.it.next();
      if (b.done) return;
      yield b.value;
    }
  }
}

export type FileHeader = Extract<HeaderScanResult, { found: true }>;

const REFUSALS: Record<Extract<HeaderScanResult, { found: false }>["refusal"], string> = {
  noHeaderWithin: UPLOAD_MESSAGES.noHeaderWithin(HEADER_SCAN_MAX_ROWS),
  empty: UPLOAD_MESSAGES.empty,
  noColumns: UPLOAD_MESSAGES.noColumns,
};

/** Reads rows until the header is found; refuses the file (422) when there is none. */
export async function readHeader(
  cursor: RowCursor,
  detect: (lead: readonly Cell[][]) => ColumnMap | null,
): Promise<FileHeader> {
  const scan = new HeaderScan(detect);
  let result: HeaderScanResult | null = null;
  while (!result) {
    const row = await cursor.next();
    result = row ? scan.push(row.cells) : scan.end();
  }
  if (!result.found) throw new UploadRefusedError(REFUSALS[result.refusal], 422);
  return result;
}

export interface FileSample extends SampledColumns {
  /** The sampled rows, still to be judged and stored like every other row. */
  rows: RawRow[];
}

/** Reads the SAMPLE_ROWS rows after the header and judges the columns by them. */
export async function readSample(
  cursor: RowCursor,
  map: ColumnMap,
  isPlace: (lat: number, lon: number) => boolean,
): Promise<FileSample> {
  const rows: RawRow[] = [];
  while (rows.length < SAMPLE_ROWS) {
    const row = await cursor.next();
    if (!row) break;
    rows.push(row);
  }
  return {
    rows,
    ...sampleColumns(
      map,
      rows.map((r) => r.cells),
      isPlace,
    ),
  };
}
