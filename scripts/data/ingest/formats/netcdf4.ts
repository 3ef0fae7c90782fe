import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import h5wasm from 'h5wasm/node';
import type { Dataset, File as H5File } from 'h5wasm/node';
import { requireHazard, resolveSlot } from '../axes';
import { cfLayer, type CfVariable } from './cf';
import { IngestError, type GridReadOptions, type IngestedLayer, type IngestInput } from '../types';

const HDF5_MAGIC = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];

function numericDtype(dtype: unknown): { isFloat: boolean } | null {
  if (typeof dtype !== 'string') return null;
  // h5wasm reports struct-style codes ('<h', '<f', '>d', '<B'); numpy-style ('<f4') is accepted too.
  const code = dtype.replace(/^[<>=|!]/, '');
  if (/^([efd]|f\d+)$/.test(code)) return { isFloat: true };
  if (/^([bBhHiIlLqQ]|[iu]\d+)$/.test(code)) return { isFloat: false };
  return null;
}

function toVariable(f: H5File, path: string): CfVariable | null {
  const entity = f.get(path);
  if (!(entity instanceof h5wasm.Dataset)) return null;
  const ds = entity as Dataset;
  const shape = ds.shape;
  const kind = numericDtype(ds.dtype);
  if (!shape || shape.length === 0 || !kind) return null;
  const attrNames = new Set(Object.keys(ds.attrs));
  const dims = shape.map((_, i) => {
    // netCDF4 links each dimension to its coordinate variable through an HDF5 dimension scale.
    try {
      const scales = ds.get_attached_scales(i);
      if (scales.length) return scales[0].replace(/^\//, '');
    } catch {
      // no scales attached
    }
    return '';
  });
  return {
    name: path.replace(/^\//, ''),
    dims,
    shape,
    isFloat: kind.isFloat,
    attr: (name: string) => {
      if (!attrNames.has(name)) return undefined;
      try {
        return ds.attrs[name].value;
      } catch {
        return undefined;
      }
    },
    read: () => {
      const v = ds.value;
      if (v === null || typeof v !== 'object' || !('length' in v)) {
        throw new IngestError(`dataset '${path}' has no numeric array value`);
      }
      if (v instanceof BigInt64Array || v instanceof BigUint64Array) return Float64Array.from(v, (x) => Number(x));
      return v as ArrayLike<number>;
    },
  };
}

/**
 * Reads a NetCDF4 (HDF5) file into one hazard layer. Coordinates are found through dimension scales when present,
 * otherwise by name (lat/latitude/y, lon/longitude/x) or CF attributes. Byte input goes through a temporary file
 * because the HDF5 library reads from a path.
 */
export async function readNetcdf4Layer(input: IngestInput, opts: GridReadOptions): Promise<IngestedLayer> {
  const hazard = requireHazard(opts.hazard);
  const warnings: string[] = [];
  const slot = resolveSlot(opts.scenario, opts.period, warnings);
  await h5wasm.ready;

  let path: string;
  let file: string;
  let tmp: string | null = null;
  if (typeof input === 'string') {
    path = input;
    file = opts.fileName ?? input;
  } else {
    const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
    checkMagic(bytes, opts.fileName ?? '<buffer>');
    tmp = await mkdtemp(join(tmpdir(), 'ingest-h5-'));
    path = join(tmp, 'input.nc');
    await writeFile(path, bytes);
    file = opts.fileName ?? '<buffer>';
  }

  try {
    if (typeof input === 'string') {
      const fh = await open(path, 'r');
      try {
        const head = new Uint8Array(8);
        await fh.read(head, 0, 8, 0);
        checkMagic(head, file);
      } finally {
        await fh.close();
      }
    }
    let f: H5File;
    try {
      f = new h5wasm.File(path, 'r');
    } catch (err) {
      throw new IngestError(`${file}: cannot open HDF5 file: ${(err as Error).message}`);
    }
    try {
      const vars = f
        .paths()
        .map((p) => toVariable(f, p))
        .filter((v): v is CfVariable => v !== null);
      return cfLayer(vars, opts, { hazard, slot, format: 'netcdf4', file }, warnings);
    } finally {
      f.close();
    }
  } finally {
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
}

function checkMagic(bytes: Uint8Array, file: string): void {
  if (!HDF5_MAGIC.every((b, i) => bytes[i] === b)) {
    const cdf = bytes[0] === 0x43 && bytes[1] === 0x44 && bytes[2] === 0x46;
    throw new IngestError(`${file}: not an HDF5/NetCDF4 file${cdf ? ' (it is NetCDF3: use readNetcdf3Layer)' : ''}`);
  }
}
