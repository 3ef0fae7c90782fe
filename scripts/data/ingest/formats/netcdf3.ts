import { NetCDFReader } from 'netcdfjs';
import { requireHazard, resolveSlot } from '../axes';
import { attrNumbers, cfLayer, type CfVariable } from './cf';
import { loadInput } from '../input';
import { IngestError, type GridReadOptions, type IngestedLayer, type IngestInput } from '../types';

const INT_BITS: Record<string, number> = { byte: 8, short: 16, int: 32 };

// netcdfjs hands bytes back unsigned; NetCDF3 bytes are signed (_Unsigned is applied later).
const signedByte = (b: number) => (b > 127 ? b - 256 : b);

function flatten(data: unknown, out: number[]): void {
  if (Array.isArray(data)) for (const d of data) flatten(d, out);
  else out.push(Number(data));
}

/** Reads a classic (CDF-1) or 64-bit-offset (CDF-2) NetCDF file into one hazard layer. */
export async function readNetcdf3Layer(input: IngestInput, opts: GridReadOptions): Promise<IngestedLayer> {
  const hazard = requireHazard(opts.hazard);
  const warnings: string[] = [];
  const slot = resolveSlot(opts.scenario, opts.period, warnings);
  const { bytes, file } = await loadInput(input, opts.fileName);

  const magic = String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0, bytes[2] ?? 0);
  if (magic !== 'CDF') {
    const hdf = bytes[1] === 0x48 && bytes[2] === 0x44 && bytes[3] === 0x46;
    throw new IngestError(`${file}: not a NetCDF3 file${hdf ? ' (it is HDF5/NetCDF4: use readNetcdf4Layer)' : ''}`);
  }
  if (bytes[3] !== 1 && bytes[3] !== 2) {
    throw new IngestError(`${file}: NetCDF3 variant CDF-${bytes[3]} is not supported (only classic and 64-bit offset)`);
  }

  let reader: NetCDFReader;
  try {
    reader = new NetCDFReader(bytes);
  } catch (err) {
    throw new IngestError(`${file}: cannot parse NetCDF3 header: ${(err as Error).message}`);
  }
  const dims = reader.dimensions;
  const recordId = reader.header.recordDimension.id;
  const numRecs = reader.recordDimension.length;

  const vars: CfVariable[] = reader.variables.map((v) => {
    const shape = v.dimensions.map((id) => (id === recordId ? numRecs : dims[id].size));
    const attrs = new Map<string, unknown>(
      (v.attributes as { name: string; type: string; value: unknown }[]).map((a) => [
        a.name,
        a.type === 'byte' ? attrNumbers(a.value).map(signedByte) : a.value,
      ]),
    );
    const size = shape.reduce((a, b) => a * b, 1);
    return {
      name: v.name,
      dims: v.dimensions.map((id) => dims[id].name),
      shape,
      attr: (name: string) => attrs.get(name),
      isFloat: v.type === 'float' || v.type === 'double',
      intBits: INT_BITS[v.type],
      read: () => {
        if (v.type === 'char') throw new IngestError(`${file}: variable '${v.name}' holds characters, not numbers`);
        const data = reader.getDataVariable(v);
        const out: number[] = [];
        if (v.record) {
          // Each record is padded to 4 bytes; keep only the real values of every record.
          const perRecord = size / Math.max(numRecs, 1);
          for (const rec of data) {
            const one: number[] = [];
            flatten(rec, one);
            for (let i = 0; i < perRecord; i++) out.push(one[i]);
          }
        } else {
          flatten(data, out);
          out.length = Math.min(out.length, size);
        }
        if (v.type === 'byte') for (let i = 0; i < out.length; i++) out[i] = signedByte(out[i]);
        return out;
      },
    };
  });

  return cfLayer(vars, opts, { hazard, slot, format: 'netcdf3', file }, warnings);
}
