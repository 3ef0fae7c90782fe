import { open } from 'node:fs/promises';
import { readCsvLayers } from './formats/csv';
import { readGeoTiffLayer } from './formats/geotiff';
import { readNetcdf3Layer } from './formats/netcdf3';
import { readNetcdf4Layer } from './formats/netcdf4';
import {
  IngestError,
  type CsvReadOptions,
  type GridReadOptions,
  type IngestedLayer,
  type IngestFormat,
  type IngestInput,
} from './types';

async function head(input: IngestInput): Promise<Uint8Array> {
  if (typeof input !== 'string') return (input instanceof Uint8Array ? input : new Uint8Array(input)).subarray(0, 8);
  const fh = await open(input, 'r');
  try {
    const buf = new Uint8Array(8);
    const { bytesRead } = await fh.read(buf, 0, 8, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Tells the format from the file's first bytes (magic numbers); anything else is taken as CSV text. */
export async function detectFormat(input: IngestInput): Promise<IngestFormat> {
  const b = await head(input);
  if (b[0] === 0x43 && b[1] === 0x44 && b[2] === 0x46) return 'netcdf3';
  if (b[0] === 0x89 && b[1] === 0x48 && b[2] === 0x44 && b[3] === 0x46) return 'netcdf4';
  const tiff =
    (b[0] === 0x49 && b[1] === 0x49 && (b[2] === 42 || b[2] === 43)) ||
    (b[0] === 0x4d && b[1] === 0x4d && (b[3] === 42 || b[3] === 43));
  if (tiff) return 'geotiff';
  return 'csv';
}

/**
 * Reads any supported file. Gridded files give one layer for `opts.hazard`; a CSV gives one layer per hazard in it
 * (filtered by `opts.hazard` when given).
 */
export async function readHazardFile(
  input: IngestInput,
  opts: GridReadOptions | (CsvReadOptions & { hazard?: string }),
): Promise<IngestedLayer[]> {
  const format = await detectFormat(input);
  if (format === 'csv') return readCsvLayers(input, opts as CsvReadOptions);
  if (!opts.hazard) throw new IngestError(`a ${format} file holds one layer: the hazard option is required`);
  const gridOpts = opts as GridReadOptions;
  if (format === 'geotiff') return [await readGeoTiffLayer(input, gridOpts)];
  if (format === 'netcdf3') return [await readNetcdf3Layer(input, gridOpts)];
  return [await readNetcdf4Layer(input, gridOpts)];
}
