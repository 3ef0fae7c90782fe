/**
 * Natural Earth 50m polygons as shipped by Marble (`naturalearth/*.pn2`, Marble's packed polygon format, version 2)
 * and their rasterisation on a global latitude/longitude grid. Used for masks the hazards need: permanent ice
 * (glaciated areas and Antarctic ice shelves), lakes and reservoirs, and urban areas.
 *
 * PN2 version 2 (big-endian, Qt QDataStream): uint8 version, uint32 polygon count, uint8 colour-field flag; then per
 * polygon uint8 flag (0 line, 1 ring, 2 outer boundary, 3 inner boundary, 4 multi-geometry) and uint32 placemark
 * id, [uint8 colour index when the id is new and the flag is set], and for non-multi geometries uint32 absolute
 * nodes, each int16 lat, int16 lon (1/120 degree) and int16 relative nodes of int8 lat/lon offsets.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export type Ring = Float64Array; // lon, lat pairs in degrees
/** One area feature: its outer boundary and holes, filled by the even-odd rule. */
export type Feature = Ring[];

const LINESTRING = 0, LINEARRING = 1, OUTER = 2, INNER = 3, MULTI = 4;

export function readPn2(file: string): Feature[] {
  const b = readFileSync(file);
  let o = 0;
  const u8 = () => b.readUInt8(o++);
  const i8 = () => b.readInt8(o++);
  const u32 = () => {
    const v = b.readUInt32BE(o);
    o += 4;
    return v;
  };
  const i16 = () => {
    const v = b.readInt16BE(o);
    o += 2;
    return v;
  };
  const version = u8();
  if (version !== 2) throw new Error(`${file}: PN2 version ${version}, only version 2 is read`);
  const count = u32();
  const colourField = u8() !== 0;
  const ring = (nAbs: number): Ring => {
    const pts: number[] = [];
    for (let a = 0; a < nAbs; a++) {
      const lat = i16(), lon = i16(), nRel = i16();
      pts.push(lon / 120, lat / 120);
      for (let r = 0; r < nRel; r++) {
        const dLat = i8(), dLon = i8();
        pts.push((lon + dLon) / 120, (lat + dLat) / 120);
      }
    }
    return Float64Array.from(pts);
  };
  const features: Feature[] = [];
  let prevId = 0;
  let current: Feature | null = null;
  const take = (flag: number, nAbs: number) => {
    const r = ring(nAbs);
    if (flag === LINESTRING) return;
    if (flag === INNER) {
      if (current) current.push(r);
      return;
    }
    current = [r];
    features.push(current);
    if (flag !== OUTER && flag !== LINEARRING) current = null;
  };
  for (let i = 0; i < count && o < b.length; i++) {
    const flag = u8();
    const id = u32();
    if (id !== prevId && colourField) u8();
    prevId = id;
    if (flag !== MULTI) {
      take(flag, u32());
      continue;
    }
    const size = u8();
    for (let m = 0; m < size; m++) {
      const f = u8();
      u32();
      take(f, u32());
    }
  }
  return features;
}

/** A global grid of `width` × `height` pixels, row 0 at 90° N, column 0 at 180° W (the 2′ relief's layout). */
export interface GridShape {
  width: number;
  height: number;
}

/**
 * Marks with 1 every pixel whose centre lies inside a feature (even-odd rule over its rings), by scanlines.
 * Features are split at the antimeridian in Natural Earth, so longitudes need no wrapping.
 */
export function rasterise(features: readonly Feature[], grid: GridShape, into?: Uint8Array): Uint8Array {
  const { width: W, height: H } = grid;
  const out = into ?? new Uint8Array(W * H);
  const xs: number[] = [];
  for (const f of features) {
    let latMin = Infinity, latMax = -Infinity;
    for (const r of f)
      for (let i = 1; i < r.length; i += 2) {
        if (r[i]! < latMin) latMin = r[i]!;
        if (r[i]! > latMax) latMax = r[i]!;
      }
    const y0 = Math.max(0, Math.floor(((90 - latMax) / 180) * H - 0.5));
    const y1 = Math.min(H - 1, Math.ceil(((90 - latMin) / 180) * H - 0.5));
    for (let y = y0; y <= y1; y++) {
      const lat = 90 - ((y + 0.5) * 180) / H;
      xs.length = 0;
      for (const r of f) {
        const n = r.length / 2;
        for (let i = 0, j = n - 1; i < n; j = i++) {
          const ay = r[2 * j + 1]!, by = r[2 * i + 1]!;
          if (ay > lat === by > lat) continue;
          const ax = r[2 * j]!, bx = r[2 * i]!;
          xs.push(ax + ((lat - ay) / (by - ay)) * (bx - ax));
        }
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        // pixel centres (x + 0.5) between the two crossings
        const xa = Math.max(0, Math.ceil(((xs[k]! + 180) / 360) * W - 0.5));
        const xb = Math.min(W - 1, Math.floor(((xs[k + 1]! + 180) / 360) * W - 0.5));
        for (let x = xa; x <= xb; x++) out[y * W + x] = 1;
      }
    }
  }
  return out;
}

export const NE_LAYERS = {
  lakes: "ne_50m_lakes.pn2",
  glaciated: "ne_50m_glaciated_areas.pn2",
  iceShelves: "ne_50m_antarctic_ice_shelves_polys.pn2",
  urban: "ne_50m_urban_areas.pn2",
} as const;

export function readNeLayer(marbleData: string, layer: keyof typeof NE_LAYERS): Feature[] {
  return readPn2(path.join(marbleData, "naturalearth", NE_LAYERS[layer]));
}

const R_KM = 6371.0088;

/**
 * Per cell, the share of its area that a mask covers: the mask's pixel areas summed per H3 cell (only marked pixels
 * are located) over the cell's own area.
 */
export function cellShares(mask: Uint8Array, grid: GridShape, cellOf: (lat: number, lon: number) => number | undefined, cellAreaKm2: (k: number) => number, cellCount: number): Float64Array {
  const { width: W, height: H } = grid;
  const side = ((180 / H) * Math.PI * R_KM) / 180;
  const covered = new Float64Array(cellCount);
  for (let y = 0; y < H; y++) {
    const lat = 90 - ((y + 0.5) * 180) / H;
    const a = side * side * Math.cos((lat * Math.PI) / 180);
    const row = y * W;
    for (let x = 0; x < W; x++) {
      if (mask[row + x] !== 1) continue;
      const k = cellOf(lat, -180 + ((x + 0.5) * 360) / W);
      if (k !== undefined) covered[k]! += a;
    }
  }
  for (let k = 0; k < cellCount; k++) covered[k] = Math.min(1, covered[k]! / cellAreaKm2(k));
  return covered;
}
