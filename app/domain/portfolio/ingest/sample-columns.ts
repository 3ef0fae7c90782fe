/**
 * What the first rows after the header say about the columns: which way round latitude and longitude are, and
 * which columns hold numbers (the weightings offered). Pure: `isPlace` says whether a point is on land.
 */
import {
  columnOrderEvidence,
  isBlankRow,
  numericColumns,
  readsSwapped,
  type Cell,
  type ColumnMap,
  type ColumnOrderEvidence,
} from "../columns/columns";
import { DEFAULT_WEIGHTING_COLUMN } from "../limits";

/** Rows read after the header to judge the columns by. */
export const SAMPLE_ROWS = 200;

export interface SampledColumns {
  order: ColumnOrderEvidence;
  swapped: boolean;
  /** The columns read as latitude and longitude (the map's own, or each other's when swapped). */
  latCol: number;
  lonCol: number;
  numeric: string[];
  /** The weightings offered: the default first, then each numeric column. */
  weightedBy: string[];
}

export function sampleColumns(
  map: ColumnMap,
  rows: readonly (readonly Cell[])[],
  isPlace: (lat: number, lon: number) => boolean,
): SampledColumns {
  const sample = rows.filter((cells) => !isBlankRow(cells)) as Cell[][];
  const order = columnOrderEvidence(map, sample, isPlace);
  const swapped = readsSwapped(order);
  const numeric = numericColumns(map, sample);
  return {
    order,
    swapped,
    latCol: swapped ? map.lon : map.lat,
    lonCol: swapped ? map.lat : map.lon,
    numeric,
    weightedBy: [DEFAULT_WEIGHTING_COLUMN, ...numeric.filter((n) => n !== DEFAULT_WEIGHTING_COLUMN)],
  };
}
