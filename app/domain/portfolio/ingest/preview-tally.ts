/**
 * The preview's counts of an upload's rows, kept row by row as the file streams: the location counts partition the
 * rows read (valid + duplicate + invalid + out of range), blank rows aside; the issue lists and the sample of points
 * are capped (PREVIEW_ISSUES_MAX, PREVIEW_ROWS_MAX) whatever the file's size. A valid row is an asset (counted in the
 * figures and the money); a duplicate repeats an asset (AssetIndex) and is neither billed nor counted; the places of
 * the assets are billed, each once. Pure.
 */
import type { Cell } from "../columns/columns";
import { FirstRowIndex } from "../columns/first-rows";
import { AssetIndex } from "./asset-index";
import { PREVIEW_ISSUES_MAX, PREVIEW_ROWS_MAX } from "../limits";
import { POINT_PRECISION, type PointPrecision } from "../columns/row-place";

export interface RowIssue {
  row: number;
  reason: string;
  /** The row's own asset id, when the file has an id column. */
  id?: string | null;
}

export interface PreviewPoint {
  row: number;
  lat: number;
  lon: number;
  name: string | null;
  precision?: string | null;
}

/** Numeric key of coordinates at 5 decimals, for the duplicate index (FirstRowIndex). */
export function coordKey(lat: number, lon: number): number {
  return Math.round((lat + 90) * 1e5) * 4e7 + Math.round((lon + 180) * 1e5);
}

/** A row that repeats an asset id with other values: shown for the user to resolve; counted once, as its first row. */
export interface AssetConflict {
  row: number;
  duplicate_of: number;
  id: string | null;
}

export class PreviewTally {
  total = 0;
  valid = 0;
  invalidCount = 0;
  outCount = 0;
  dupCount = 0;
  /** Duplicates whose cells differ from their asset's first row (one id, two values). */
  conflictCount = 0;
  /** Distinct places of the assets: what a report bills. */
  billed = 0;
  /** Assets at a place an earlier asset already has (two ids at one city centroid): counted, not billed again. */
  sharedPlaceCount = 0;
  corrected = 0;
  geocoded = 0;
  readonly invalid: RowIssue[] = [];
  readonly outOfRange: RowIssue[] = [];
  readonly duplicates: { row: number; duplicate_of: number }[] = [];
  readonly conflicts: AssetConflict[] = [];
  readonly sharedPlaces: { row: number; same_place_as: number }[] = [];
  readonly placed: RowIssue[] = [];
  readonly data: PreviewPoint[] = [];
  private readonly seen = new FirstRowIndex();
  private readonly assets = new AssetIndex();

  /** maxRows: the plan's row limit, which blank rows count against too; blank: blank rows already met. */
  constructor(
    readonly maxRows: number,
    public blank = 0,
  ) {}

  /** A blank row; false once the rows read pass the plan's limit. */
  blankRow(): boolean {
    this.blank++;
    return this.withinLimit();
  }

  /** A location row (any outcome); false once the rows read pass the plan's limit. */
  locationRow(): boolean {
    this.total++;
    return this.withinLimit();
  }

  private withinLimit(): boolean {
    return this.blank + this.total <= this.maxRows;
  }

  /** A row without a usable point: invalid coordinates, or out of range (outside ±90/±180, at sea). */
  rejected(kind: "invalid" | "out_of_range", issue: RowIssue): void {
    if (kind === "invalid") {
      this.invalidCount++;
      if (this.invalid.length < PREVIEW_ISSUES_MAX) this.invalid.push(issue);
    } else {
      this.outCount++;
      if (this.outOfRange.length < PREVIEW_ISSUES_MAX) this.outOfRange.push(issue);
    }
  }

  /**
   * A row with a point on land: a duplicate when it repeats an asset (AssetIndex), else an asset, billed when it is
   * the first asset at its coordinates (5 decimals). Answers the precision to store (null: as the file gives it),
   * the first row at the same point or of the same asset (null: this one), and for a duplicate, the asset's first
   * row and whether their cells conflict.
   */
  located(point: {
    row: number;
    lat: number;
    lon: number;
    name: string | null;
    id: string | null;
    precision: PointPrecision;
    place?: string | null;
    cells?: readonly Cell[];
  }): { precision: PointPrecision | null; duplicateOf: number | null; sameAssetAs: number | null; conflict: boolean } {
    const precision = point.precision === POINT_PRECISION.given ? null : point.precision;
    if (precision) {
      if (precision === POINT_PRECISION.city) this.geocoded++;
      else this.corrected++;
      if (this.placed.length < PREVIEW_ISSUES_MAX)
        this.placed.push({
          row: point.row,
          id: point.id,
          reason: point.place ? `${precision}: ${point.place}` : precision,
        });
    }
    if (this.data.length < PREVIEW_ROWS_MAX)
      this.data.push({
        row: point.row,
        lat: point.lat,
        lon: point.lon,
        name: point.name,
        ...(precision ? { precision } : {}),
      });
    // Without the cells (a caller that knows only the point), every row at a new point is an asset of its own.
    const asset = point.cells
      ? this.assets.see(point.row, point.id, point.cells)
      : { sameAssetAs: null, conflict: false };
    if (asset.sameAssetAs !== null) {
      this.dupCount++;
      if (this.duplicates.length < PREVIEW_ISSUES_MAX)
        this.duplicates.push({ row: point.row, duplicate_of: asset.sameAssetAs });
      if (asset.conflict) {
        this.conflictCount++;
        if (this.conflicts.length < PREVIEW_ISSUES_MAX)
          this.conflicts.push({ row: point.row, duplicate_of: asset.sameAssetAs, id: point.id });
      }
      return { precision, duplicateOf: asset.sameAssetAs, sameAssetAs: asset.sameAssetAs, conflict: asset.conflict };
    }
    this.valid++;
    const first = this.seen.firstOrAdd(coordKey(point.lat, point.lon), point.row);
    if (first === undefined) this.billed++;
    else {
      this.sharedPlaceCount++;
      if (this.sharedPlaces.length < PREVIEW_ISSUES_MAX)
        this.sharedPlaces.push({ row: point.row, same_place_as: first });
    }
    return { precision, duplicateOf: first ?? null, sameAssetAs: null, conflict: false };
  }

  /** Some issues were counted but left out of the capped lists. */
  get issuesTruncated(): boolean {
    return (
      this.invalidCount > this.invalid.length ||
      this.outCount > this.outOfRange.length ||
      this.dupCount > this.duplicates.length ||
      this.sharedPlaceCount > this.sharedPlaces.length ||
      this.corrected + this.geocoded > this.placed.length
    );
  }

  /** Some located rows are left out of the sample of points. */
  get dataTruncated(): boolean {
    return this.valid + this.dupCount > this.data.length;
  }
}
