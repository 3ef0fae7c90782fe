export type IngestFormat = 'csv' | 'geotiff' | 'netcdf3' | 'netcdf4';

export interface IngestedLayer {
  hazard: string;
  /** slot key `${scenario}:${period}` (e.g. 'hist:historical', 'rcp85:2050') → (H3 res-4 cell id → mean value in [0,1]) */
  slots: Map<string, Map<string, number>>;
  source: {
    format: IngestFormat;
    file: string;
    cellsWritten: number;
    rowsRead: number;
    rowsSkipped: number;
    warnings: string[];
  };
}

/** Linear map of raw values onto 0..1: (v - min) / (max - min), clamped. */
export interface ScaleOption {
  min: number;
  max: number;
}

/** A path on disk, or the file's bytes. */
export type IngestInput = string | Uint8Array | ArrayBuffer;

export interface GridReadOptions {
  hazard: string;
  /** Defaults to 'hist' (with period 'historical') when both are omitted. */
  scenario?: string;
  period?: string;
  /** Data variable (NetCDF) or dataset path (HDF5); needed only when the file holds several candidates. */
  variable?: string;
  scale?: ScaleOption;
  /** Index along a time (or other extra) dimension, or 'mean' to average it. Default 'mean'. */
  time?: number | 'mean';
  /** GeoTIFF band (0-based). Default 0. */
  band?: number;
  /** GeoTIFF fallback extent [west, south, east, north] when the file has no geo-transform. */
  bbox?: [number, number, number, number];
  /** Weight pixels by cos(latitude) inside a cell. Default true. */
  areaWeighted?: boolean;
  /** Label for `source.file` when the input is bytes. */
  fileName?: string;
}

export interface CsvReadOptions {
  /** Keep only this hazard; also the hazard of every row when the CSV has no `hazard` column. */
  hazard?: string;
  /** Keep only this scenario; also the default when the CSV has no `scenario` column. */
  scenario?: string;
  /** Keep only this period; also the default when the CSV has no `period` column. */
  period?: string;
  /** Normalise raw values before the [0,1] check. */
  scale?: ScaleOption;
  /** Throw on the first invalid row set instead of skipping rows. */
  strict?: boolean;
  /** At most this many row messages are kept in `warnings` (the rest are summarised). Default 100. */
  maxWarnings?: number;
  fileName?: string;
}

export class IngestError extends Error {
  readonly issues: string[];
  constructor(message: string, issues: string[] = []) {
    super(
      issues.length
        ? `${message}\n  ${issues.slice(0, 20).join('\n  ')}${issues.length > 20 ? `\n  … and ${issues.length - 20} more` : ''}`
        : message,
    );
    this.name = 'IngestError';
    this.issues = issues;
  }
}
