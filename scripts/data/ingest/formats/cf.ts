import { IngestError, type GridReadOptions, type IngestedLayer } from '../types';
import { aggregateGrid, type AggregateOptions, type PointGrid } from '../grid';

/** One array of a NetCDF-like file, as the CF helpers need it. */
export interface CfVariable {
  name: string;
  /** Dimension names; a reader that cannot name a dimension uses '' and the helpers match it by length. */
  dims: string[];
  shape: number[];
  attr(name: string): unknown;
  /** Raw (packed) values, row-major over `dims`. */
  read(): ArrayLike<number>;
  /** Floating-point storage, whose netCDF default fill applies when `_FillValue` is absent. */
  isFloat?: boolean;
  /** Bit width of integer storage, to honour `_Unsigned = "true"` (netCDF3 has only signed types). */
  intBits?: number;
}

const LAT_NAMES = ['lat', 'latitude', 'y', 'nav_lat'];
const LON_NAMES = ['lon', 'longitude', 'x', 'nav_lon'];
const NC_FILL_FLOAT = 9.969209968386869e36;

function baseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1).toLowerCase();
}

function attrString(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** Attribute as a list of numbers (scalars, typed arrays, bigint). */
export function attrNumbers(v: unknown): number[] {
  if (v === null || v === undefined) return [];
  if (typeof v === 'number') return [v];
  if (typeof v === 'bigint') return [Number(v)];
  if (typeof v === 'string') {
    const n = Number(v);
    return v.trim() !== '' && Number.isFinite(n) ? [n] : [];
  }
  if (typeof v === 'object' && 'length' in (v as object)) {
    return Array.from(v as ArrayLike<number | bigint>, (x) => Number(x));
  }
  return [];
}

function axisOf(v: CfVariable): 'lat' | 'lon' | null {
  const name = baseName(v.name);
  const std = attrString(v.attr('standard_name'))?.toLowerCase();
  const units = attrString(v.attr('units'))?.toLowerCase().replace(/\s+/g, '_');
  const axis = attrString(v.attr('axis'))?.toUpperCase();
  if (std === 'latitude' || units === 'degrees_north' || units === 'degree_north' || units === 'degrees_n')
    return 'lat';
  if (std === 'longitude' || units === 'degrees_east' || units === 'degree_east' || units === 'degrees_e') return 'lon';
  if (LAT_NAMES.includes(name)) return 'lat';
  if (LON_NAMES.includes(name)) return 'lon';
  if (axis === 'Y') return 'lat';
  if (axis === 'X') return 'lon';
  return null;
}

/** Applies `_FillValue`/`missing_value`/valid range on packed values, then `scale_factor`/`add_offset`. */
export function cfDecoder(v: CfVariable): (raw: number) => number {
  const fills = [...attrNumbers(v.attr('_FillValue')), ...attrNumbers(v.attr('missing_value'))];
  // Attributes written as double for a float variable must still match the float32 data.
  const fillSet = new Set(fills.flatMap((f) => [f, Math.fround(f)]));
  if (!fills.length && v.isFloat) fillSet.add(NC_FILL_FLOAT).add(Math.fround(NC_FILL_FLOAT));
  const range = attrNumbers(v.attr('valid_range'));
  const vmin = attrNumbers(v.attr('valid_min'))[0] ?? range[0] ?? -Infinity;
  const vmax = attrNumbers(v.attr('valid_max'))[0] ?? range[1] ?? Infinity;
  const scale = attrNumbers(v.attr('scale_factor'))[0] ?? 1;
  const offset = attrNumbers(v.attr('add_offset'))[0] ?? 0;
  const unsigned = v.intBits && String(v.attr('_Unsigned')).toLowerCase() === 'true' ? 2 ** v.intBits : 0;
  return (raw: number) => {
    if (Number.isNaN(raw) || fillSet.has(raw)) return NaN;
    const r = unsigned && raw < 0 ? raw + unsigned : raw;
    if (r < vmin || r > vmax) return NaN;
    return r * scale + offset;
  };
}

function isBounds(v: CfVariable, all: CfVariable[]): boolean {
  const n = baseName(v.name);
  if (/_(bnds|bounds)$/.test(n)) return true;
  return all.some((o) => attrString(o.attr('bounds')) === v.name);
}

export interface CfGridOptions {
  variable?: string;
  time?: number | 'mean';
}

export interface CfGridResult {
  grid: PointGrid;
  variable: string;
}

/**
 * Picks the data variable, locates its lat/lon coordinates (by dimension name, else by CF attributes, name
 * and length), selects or averages one extra dimension (time) and returns the decoded grid.
 */
export function cfGrid(vars: CfVariable[], opts: CfGridOptions, warnings: string[]): CfGridResult {
  const coords1d = vars.filter((v) => v.shape.length === 1);
  const latCoords = coords1d.filter((v) => axisOf(v) === 'lat');
  const lonCoords = coords1d.filter((v) => axisOf(v) === 'lon');
  if (!latCoords.length || !lonCoords.length) {
    throw new IngestError(
      `no 1-D latitude/longitude coordinate variables found (looked for names ${LAT_NAMES.join('/')} and ${LON_NAMES.join('/')}, ` +
        `units degrees_north/degrees_east); variables: ${vars.map((v) => v.name).join(', ')}`,
    );
  }

  // For each dimension of `v`: 'lat', 'lon' or null, with the coordinate variable used.
  const locate = (v: CfVariable) => {
    const roles = v.dims.map((dim, i) => {
      const len = v.shape[i];
      const named = dim ? coords1d.find((c) => c.name === dim || baseName(c.name) === dim.toLowerCase()) : undefined;
      if (named && named.shape[0] === len) {
        const axis = axisOf(named);
        return axis ? { axis, coord: named } : null;
      }
      return null;
    });
    // Unnamed dimensions: match lat/lon coordinates by length, preferring the conventional (…, lat, lon) order.
    for (const [axis, list] of [
      ['lat', latCoords],
      ['lon', lonCoords],
    ] as const) {
      if (roles.some((r) => r?.axis === axis)) continue;
      const order =
        axis === 'lon'
          ? [...v.dims.keys()].reverse()
          : [...v.dims.keys()]
              .reverse()
              .slice(1)
              .concat(v.dims.length - 1);
      for (const i of order) {
        if (roles[i] || (v.dims[i] && coords1d.some((c) => c.name === v.dims[i]))) continue;
        const coord = list.find((c) => c.shape[0] === v.shape[i]);
        if (coord) {
          roles[i] = { axis, coord };
          break;
        }
      }
    }
    const latDim = roles.findIndex((r) => r?.axis === 'lat');
    const lonDim = roles.findIndex((r) => r?.axis === 'lon');
    return latDim >= 0 && lonDim >= 0 ? { latDim, lonDim, lat: roles[latDim]!.coord, lon: roles[lonDim]!.coord } : null;
  };

  let data: CfVariable | undefined;
  if (opts.variable !== undefined) {
    const want = opts.variable.replace(/^\//, '');
    data =
      vars.find((v) => v.name.replace(/^\//, '') === want) ?? vars.find((v) => baseName(v.name) === want.toLowerCase());
    if (!data)
      throw new IngestError(`variable '${opts.variable}' not found; variables: ${vars.map((v) => v.name).join(', ')}`);
  } else {
    const candidates = vars.filter(
      (v) => v.shape.length >= 2 && !isBounds(v, vars) && !axisOf(v) && locate(v) !== null,
    );
    if (candidates.length === 0)
      throw new IngestError(`no variable on a (lat, lon) grid found; variables: ${vars.map((v) => v.name).join(', ')}`);
    if (candidates.length > 1) {
      throw new IngestError(
        `several gridded variables (${candidates.map((v) => v.name).join(', ')}): choose one with the 'variable' option`,
      );
    }
    data = candidates[0];
  }

  const where = locate(data);
  if (!where) {
    throw new IngestError(
      `variable '${data.name}' (dims ${data.dims.join(', ') || data.shape.join('×')}) has no latitude and longitude dimensions`,
    );
  }
  const { latDim, lonDim } = where;
  const extra = data.shape.map((_, i) => i).filter((i) => i !== latDim && i !== lonDim && data!.shape[i] > 1);
  if (extra.length > 1) {
    throw new IngestError(
      `variable '${data.name}' has several extra dimensions (${extra.map((i) => `${data!.dims[i] || `dim${i}`}=${data!.shape[i]}`).join(', ')}); only one (time) is supported`,
    );
  }
  const tDim = extra[0];
  const nt = tDim === undefined ? 1 : data.shape[tDim];
  let times: number[];
  if (opts.time === undefined || opts.time === 'mean') {
    times = [...Array(nt).keys()];
    if (nt > 1) warnings.push(`averaged ${nt} steps of dimension '${data.dims[tDim!] || `dim${tDim}`}'`);
  } else {
    if (!Number.isInteger(opts.time) || opts.time < 0 || opts.time >= nt) {
      throw new IngestError(`time index ${opts.time} is out of range 0..${nt - 1}`);
    }
    times = [opts.time];
  }

  const strides = new Array<number>(data.shape.length);
  let s = 1;
  for (let i = data.shape.length - 1; i >= 0; i--) {
    strides[i] = s;
    s *= data.shape[i];
  }
  const raw = data.read();
  if (raw.length < s) throw new IngestError(`variable '${data.name}' holds ${raw.length} values, expected ${s}`);
  const decode = cfDecoder(data);
  const decodeCoord = (c: CfVariable) => {
    const d = cfDecoder(c);
    return Float64Array.from(c.read(), (x) => d(Number(x)));
  };
  const lats = decodeCoord(where.lat);
  const lons = decodeCoord(where.lon);
  const ny = data.shape[latDim];
  const nx = data.shape[lonDim];
  const values = new Float64Array(ny * nx);
  for (let r = 0; r < ny; r++) {
    for (let c = 0; c < nx; c++) {
      const base = r * strides[latDim] + c * strides[lonDim];
      let sum = 0;
      let n = 0;
      for (const t of times) {
        const v = decode(Number(raw[base + (tDim === undefined ? 0 : t * strides[tDim])]));
        if (!Number.isNaN(v)) {
          sum += v;
          n++;
        }
      }
      values[r * nx + c] = n ? sum / n : NaN;
    }
  }
  return { grid: { lats, lons, values }, variable: data.name };
}

/**
 * A NetCDF file's layer, whichever format held its variables: the data variable cfGrid picks (named first among the
 * warnings) aggregated to hexagons as the read options ask.
 */
export function cfLayer(
  vars: CfVariable[],
  opts: GridReadOptions,
  layer: Pick<AggregateOptions, 'hazard' | 'slot' | 'format' | 'file'>,
  warnings: string[],
): IngestedLayer {
  const { grid, variable } = cfGrid(vars, { variable: opts.variable, time: opts.time }, warnings);
  warnings.unshift(`variable '${variable}'`);
  return aggregateGrid(grid, { ...layer, scale: opts.scale, areaWeighted: opts.areaWeighted, warnings });
}
