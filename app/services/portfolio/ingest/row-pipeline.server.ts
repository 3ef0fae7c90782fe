/**
 * Every row after the header, a batch at a time: each is placed and assessed (RowJudge), counted for the preview
 * and the report's figures, and stored with its outcome in gzipped chunks (ChunkWriter) for the full report.
 */
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { portfolioUploadChunks } from "#db/schema/index";
import { isBlankRow, type Cell, type ColumnMap } from "~/domain/portfolio/columns/columns";
import type { PreviewTally } from "~/domain/portfolio/ingest/preview-tally";
import { ROW_REASONS, UPLOAD_CHUNK_ROWS, UPLOAD_MESSAGES } from "~/domain/portfolio/limits";
import { placeRow, type RowPlaceColumns, type RowPlaceLookups } from "~/domain/portfolio/columns/row-place";
import type { PortfolioAccumulator } from "~/domain/portfolio/stats";
import type { RiskEngine } from "~/risk/engine/risk-engine";
import type { getDb } from "../../infra/db.server";
import { collectGarbage } from "../../infra/memory.server";
import { assessLocation } from "../assess.server";
import { UploadRefusedError } from "../errors.server";
import type { RawRow } from "../upload/reader.server";

const gzipAsync = promisify(gzip);

export const ROW_STATUS = { valid: 0, invalid: 1, outOfRange: 2 } as const;
export type RowStatus = (typeof ROW_STATUS)[keyof typeof ROW_STATUS];

/**
 * One stored row: row number, status, reason, lat, lon, the row's own cells, the earlier row at its point or of its
 * asset (the row is then not billed), how its point was found when not as the file gives it (POINT_PRECISION:
 * swapped and corrected, or a city centroid), the first row of the same asset (the row is then not counted either:
 * AssetIndex) and whether its cells conflict with that row's. Rows stored before assets were told apart end at the
 * precision: every located row of theirs is an asset.
 */
export type StoredRow = [
  number,
  RowStatus,
  string | null,
  number | null,
  number | null,
  Cell[],
  number | null,
  string | null,
  (number | null)?,
  (0 | 1)?,
];

/** The first row of the same asset, when the stored row repeats one (it is then neither billed nor counted). */
export function sameAssetOf(row: StoredRow): number | null {
  return row[8] ?? null;
}

/**
 * Rows between two full garbage collections while a large file is stored: V8 let the rows' garbage pile up between its
 * own collections, and a 1M-row upload's peak RSS with it (figures: bench/README.md, "Figures behind the code's
 * settings").
 */
const INGEST_COLLECT_EVERY = 100_000;

export function cellText(c: Cell): string | null {
  if (c === null || c === undefined) return null;
  const s = String(c).trim();
  return s === "" ? null : s;
}

/** Places and assesses one row at a time, synchronously, counting it in the tally and the report's figures. */
export class RowJudge {
  constructor(
    private readonly engine: RiskEngine,
    private readonly map: Pick<ColumnMap, "id" | "name">,
    private readonly columns: RowPlaceColumns,
    private readonly lookups: RowPlaceLookups,
    readonly tally: PreviewTally,
    private readonly acc: PortfolioAccumulator,
  ) {}

  private idOf(cells: Cell[]): string | null {
    return this.map.id !== null ? cellText(cells[this.map.id]) : null;
  }

  /** The row to store, or null for a blank row. Refuses the file (413) once its rows pass the plan's limit. */
  judge(raw: RawRow): StoredRow | null {
    // Blank rows count against the plan's row limit too, so a file of empty lines cannot run on unbounded.
    if (isBlankRow(raw.cells)) {
      if (!this.tally.blankRow()) throw this.tooManyRows();
      return null;
    }
    if (!this.tally.locationRow()) throw this.tooManyRows();
    const check = placeRow(raw.cells, this.columns, this.lookups);
    const a = check.ok ? assessLocation(this.engine, check.lat, check.lon) : null;
    if (!check.ok || !a) {
      const reason = check.ok ? ROW_REASONS.atSea : check.reason;
      const kind = check.ok ? "out_of_range" : check.kind;
      this.tally.rejected(kind, { row: raw.rowNo, reason, id: this.idOf(raw.cells) });
      const lat = check.ok ? check.lat : (check.lat ?? null);
      const lon = check.ok ? check.lon : (check.lon ?? null);
      return [
        raw.rowNo,
        kind === "invalid" ? ROW_STATUS.invalid : ROW_STATUS.outOfRange,
        reason,
        lat,
        lon,
        raw.cells,
        null,
        null,
      ];
    }
    const { precision, duplicateOf, sameAssetAs, conflict } = this.tally.located({
      row: raw.rowNo,
      lat: check.lat,
      lon: check.lon,
      name: this.map.name !== null ? cellText(raw.cells[this.map.name]) : null,
      id: this.idOf(raw.cells),
      precision: check.precision,
      place: check.place,
      cells: raw.cells,
    });
    if (sameAssetAs !== null) {
      const reason = conflict ? ROW_REASONS.assetConflict(sameAssetAs) : ROW_REASONS.sameAsset(sameAssetAs);
      return [
        raw.rowNo,
        ROW_STATUS.valid,
        reason,
        check.lat,
        check.lon,
        raw.cells,
        duplicateOf,
        precision,
        sameAssetAs,
        conflict ? 1 : 0,
      ];
    }
    // The report's assessment of the row, whatever the uploader's plan reads: the preview rule hides detail, never changes it.
    this.acc.add(a, a.values, 1);
    return [raw.rowNo, ROW_STATUS.valid, null, check.lat, check.lon, raw.cells, duplicateOf, precision, null, 0];
  }

  private tooManyRows(): UploadRefusedError {
    return new UploadRefusedError(UPLOAD_MESSAGES.tooManyRows(this.tally.maxRows), 413);
  }
}

type Db = Awaited<ReturnType<typeof getDb>>;

/** Stores an upload's rows in numbered gzipped chunks of UPLOAD_CHUNK_ROWS rows. */
export class ChunkWriter {
  private chunk: StoredRow[] = [];
  private seq = 0;
  private collectedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly uploadId: string,
  ) {}

  /** true when the chunk is full and must be written. */
  add(row: StoredRow): boolean {
    this.chunk.push(row);
    return this.chunk.length >= UPLOAD_CHUNK_ROWS;
  }

  /** Writes the chunk; rowsRead paces the garbage collections (INGEST_COLLECT_EVERY). */
  async flush(rowsRead: number): Promise<void> {
    if (!this.chunk.length) return;
    const rowsOut = this.chunk;
    this.chunk = [];
    if (rowsRead - this.collectedAt >= INGEST_COLLECT_EVERY) {
      this.collectedAt = rowsRead;
      collectGarbage();
    }
    const packed = await gzipAsync(JSON.stringify(rowsOut), { level: 1 });
    await this.db
      .insert(portfolioUploadChunks)
      .values({ uploadId: this.uploadId, seq: this.seq++, rowCount: rowsOut.length, data: packed });
  }
}

/** Judges and stores every row of the batches; a row is judged synchronously, a chunk written once it is full. */
export async function storeRows(
  batches: AsyncIterable<readonly RawRow[]>,
  judge: RowJudge,
  writer: ChunkWriter,
): Promise<void> {
  for await (const batch of batches) {
    for (const raw of batch) {
      const row = judge.judge(raw);
      if (row && writer.add(row)) await writer.flush(judge.tally.total);
    }
  }
  await writer.flush(judge.tally.total);
}
