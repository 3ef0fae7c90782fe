/** Planar lon/lat polygon tools shared by the build and the engine. Pure, no I/O. */

/** A ring as a flat [lon0, lat0, lon1, lat1, ...] array; the closing point may or may not repeat the first. */
export type FlatRing = number[];
/** All rings of one feature (outer rings and holes alike: containment uses the even-odd rule). */
export type FeatureRings = FlatRing[];

/**
 * Point-in-polygon index for many features at once. Edges are bucketed into latitude bands so a query
 * only walks the edges that cross its band; a ray cast eastward counts crossings per feature.
 */
export class PolygonIndex {
  private readonly x1: Float64Array;
  private readonly y1: Float64Array;
  private readonly x2: Float64Array;
  private readonly y2: Float64Array;
  private readonly feat: Int32Array;
  private readonly bandStart: Uint32Array;
  private readonly bandEdges: Uint32Array;
  private readonly parity: Uint8Array;
  private readonly bandDeg: number;
  private readonly nBands: number;
  /** Per margin, the grid of cells a query answers without walking edges (see settled). */
  private readonly settledGrids = new Map<number, SettledGrid>();

  constructor(features: readonly (readonly ArrayLike<number>[])[], bandDeg = 0.25) {
    this.bandDeg = bandDeg;
    this.nBands = Math.ceil(180 / bandDeg) + 1;
    let nEdges = 0;
    for (const f of features) for (const r of f) nEdges += r.length / 2;
    this.x1 = new Float64Array(nEdges);
    this.y1 = new Float64Array(nEdges);
    this.x2 = new Float64Array(nEdges);
    this.y2 = new Float64Array(nEdges);
    this.feat = new Int32Array(nEdges);
    let e = 0;
    features.forEach((f, fi) => {
      for (const r of f) {
        const n = r.length / 2;
        for (let i = 0; i < n; i++) {
          const j = (i + 1) % n;
          this.x1[e] = r[2 * i]!;
          this.y1[e] = r[2 * i + 1]!;
          this.x2[e] = r[2 * j]!;
          this.y2[e] = r[2 * j + 1]!;
          this.feat[e] = fi;
          e++;
        }
      }
    });
    const counts = new Uint32Array(this.nBands + 1);
    for (let k = 0; k < e; k++) {
      const [a, b] = this.bandRange(k);
      for (let band = a; band <= b; band++) counts[band + 1]!++;
    }
    for (let i = 1; i <= this.nBands; i++) counts[i]! += counts[i - 1]!;
    this.bandStart = counts;
    this.bandEdges = new Uint32Array(counts[this.nBands]!);
    const fill = counts.slice(0, this.nBands);
    for (let k = 0; k < e; k++) {
      const [a, b] = this.bandRange(k);
      for (let band = a; band <= b; band++) this.bandEdges[fill[band]!++] = k;
    }
    this.parity = new Uint8Array(features.length);
  }

  private band(lat: number): number {
    return Math.min(this.nBands - 1, Math.max(0, Math.floor((lat + 90) / this.bandDeg)));
  }

  private bandRange(k: number): [number, number] {
    const lo = Math.min(this.y1[k]!, this.y2[k]!);
    const hi = Math.max(this.y1[k]!, this.y2[k]!);
    return [this.band(lo), this.band(hi)];
  }

  /** Indices of the features containing the point, ascending. */
  query(lon: number, lat: number): number[] {
    const b = this.band(lat);
    const touched: number[] = [];
    for (let i = this.bandStart[b]!; i < this.bandStart[b + 1]!; i++) {
      const k = this.bandEdges[i]!;
      const ya = this.y1[k]!;
      const yb = this.y2[k]!;
      if (ya > lat === yb > lat) continue;
      const xa = this.x1[k]!;
      const xint = xa + ((lat - ya) * (this.x2[k]! - xa)) / (yb - ya);
      if (xint > lon) {
        const f = this.feat[k]!;
        if (this.parity[f] === 0 && !touched.includes(f)) touched.push(f);
        this.parity[f] ^= 1;
      }
    }
    const out: number[] = [];
    for (const f of touched) {
      if (this.parity[f]) out.push(f);
      this.parity[f] = 0;
    }
    return out.sort((a, b2) => a - b2);
  }

  /**
   * Feature with the boundary edge nearest to the point within maxKm (local equirectangular distance), or -1.
   * For points just outside a generalised outline.
   */
  nearest(lon: number, lat: number, maxKm: number): { feature: number; km: number } | { feature: -1; km: number } {
    const kmLat = 111.2;
    const kmLon = kmLat * Math.max(0.01, Math.cos((lat * Math.PI) / 180));
    const dLat = maxKm / kmLat;
    const dLon = maxKm / kmLon;
    const a = this.band(lat - dLat),
      b = this.band(lat + dLat);
    let best = -1,
      bestKm = Infinity;
    const seen = new Set<number>();
    for (let band = a; band <= b; band++)
      for (let i = this.bandStart[band]!; i < this.bandStart[band + 1]!; i++) {
        const k = this.bandEdges[i]!;
        // edges wholly east or west of the search window cannot be nearer than maxKm
        if (Math.min(this.x1[k]!, this.x2[k]!) > lon + dLon || Math.max(this.x1[k]!, this.x2[k]!) < lon - dLon)
          continue;
        if (seen.has(k)) continue;
        seen.add(k);
        const ax = (this.x1[k]! - lon) * kmLon,
          ay = (this.y1[k]! - lat) * kmLat;
        const bx = (this.x2[k]! - lon) * kmLon,
          by = (this.y2[k]! - lat) * kmLat;
        const dx = bx - ax,
          dy = by - ay;
        const len2 = dx * dx + dy * dy;
        const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
        const d = Math.hypot(ax + t * dx, ay + t * dy);
        if (d < bestKm) {
          bestKm = d;
          best = this.feat[k]!;
        }
      }
    return bestKm <= maxKm ? { feature: best, km: bestKm } : { feature: -1, km: bestKm };
  }

  /**
   * Features with a boundary edge within `deg` of the point, measured in plain degrees (the space outlines are
   * simplified in, so a Douglas-Peucker tolerance bounds it), ascending.
   */
  featuresWithin(lon: number, lat: number, deg: number): number[] {
    const a = this.band(lat - deg),
      b = this.band(lat + deg);
    const out: number[] = [];
    const d2 = deg * deg;
    for (let band = a; band <= b; band++)
      for (let i = this.bandStart[band]!; i < this.bandStart[band + 1]!; i++) {
        const k = this.bandEdges[i]!;
        const f = this.feat[k]!;
        if (this.parity[f]) continue;
        const x1 = this.x1[k]!,
          x2 = this.x2[k]!;
        if ((x1 < x2 ? x1 : x2) > lon + deg || (x1 > x2 ? x1 : x2) < lon - deg) continue;
        const y1 = this.y1[k]!,
          y2 = this.y2[k]!;
        if ((y1 < y2 ? y1 : y2) > lat + deg || (y1 > y2 ? y1 : y2) < lat - deg) continue;
        const dx = x2 - x1,
          dy = y2 - y1;
        const len2 = dx * dx + dy * dy;
        const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((lon - x1) * dx + (lat - y1) * dy) / len2));
        const ex = x1 + t * dx - lon,
          ey = y1 + t * dy - lat;
        if (ex * ex + ey * ey <= d2) {
          this.parity[f] = 1;
          out.push(f);
        }
      }
    for (const f of out) this.parity[f] = 0;
    return out.sort((p, q) => p - q);
  }

  /**
   * The features containing the point when no boundary edge lies within `marginDeg` of it (then `featuresWithin` is
   * empty and `query` is the whole answer), read from a grid built once per margin; null where the point's grid cell
   * has an edge within the margin, holds more than one feature or lies outside the grid: walk the edges then.
   */
  settled(lon: number, lat: number, marginDeg: number): number[] | null {
    let g = this.settledGrids.get(marginDeg);
    if (!g) this.settledGrids.set(marginDeg, (g = this.buildSettled(marginDeg)));
    const ix = Math.floor((lon - g.x0) / SETTLED_CELL_DEG),
      iy = Math.floor((lat - g.y0) / SETTLED_CELL_DEG);
    if (ix < 0 || iy < 0 || ix >= g.nx || iy >= g.ny) return null;
    const code = g.codes[iy * g.nx + ix]!;
    return code === g.unsettled ? null : code === g.outside ? [] : [code];
  }

  /**
   * A cell is settled when no edge's box, widened by the margin, reaches it: no edge then comes within the margin of
   * any point of it, none crosses it, and every point of it lies in the same features as its centre. The centres of
   * one row of cells are classified in one sweep west to east along the row's middle latitude, flipping a feature's
   * parity at each of its edges crossed (a ring crosses a line an even number of times, so the parity west of a
   * point is the parity east of it that `query` counts).
   */
  private buildSettled(marginDeg: number): SettledGrid {
    const n = this.feat.length;
    let minX = Infinity,
      maxX = -Infinity,
      minY = Infinity,
      maxY = -Infinity;
    for (let k = 0; k < n; k++) {
      minX = Math.min(minX, this.x1[k]!);
      maxX = Math.max(maxX, this.x1[k]!);
      minY = Math.min(minY, this.y1[k]!);
      maxY = Math.max(maxY, this.y1[k]!);
    }
    const nFeatures = this.parity.length;
    // a byte a cell where the features leave two codes free
    const outside = nFeatures <= 254 ? 254 : 0x7ffe,
      unsettled = outside + 1;
    const empty = { x0: 0, y0: 0, nx: 0, ny: 0, codes: new Uint8Array(0), outside, unsettled };
    // more features than a cell code can name: leave every cell to the edge walk
    if (n === 0 || nFeatures > 0x7ffe) return empty;
    const cell = SETTLED_CELL_DEG;
    const x0 = Math.floor((minX - marginDeg) / cell) * cell,
      y0 = Math.floor((minY - marginDeg) / cell) * cell;
    const nx = Math.floor((maxX + marginDeg - x0) / cell) + 1,
      ny = Math.floor((maxY + marginDeg - y0) / cell) + 1;
    const codes = nFeatures <= 254 ? new Uint8Array(nx * ny) : new Uint16Array(nx * ny);
    for (let k = 0; k < n; k++) {
      const ax = Math.floor((Math.min(this.x1[k]!, this.x2[k]!) - marginDeg - x0) / cell),
        bx = Math.floor((Math.max(this.x1[k]!, this.x2[k]!) + marginDeg - x0) / cell),
        ay = Math.floor((Math.min(this.y1[k]!, this.y2[k]!) - marginDeg - y0) / cell),
        by = Math.floor((Math.max(this.y1[k]!, this.y2[k]!) + marginDeg - y0) / cell);
      for (let iy = Math.max(0, ay); iy <= Math.min(ny - 1, by); iy++)
        codes.fill(unsettled, iy * nx + Math.max(0, ax), iy * nx + Math.min(nx - 1, bx) + 1);
    }
    const crossX: number[] = [];
    const crossF: number[] = [];
    const odd: number[] = [];
    for (let iy = 0; iy < ny; iy++) {
      const row = codes.subarray(iy * nx, (iy + 1) * nx);
      if (row.every((c) => c === unsettled)) continue;
      const lat = y0 + (iy + 0.5) * cell;
      crossX.length = 0;
      crossF.length = 0;
      const b = this.band(lat);
      for (let i = this.bandStart[b]!; i < this.bandStart[b + 1]!; i++) {
        const k = this.bandEdges[i]!;
        const ya = this.y1[k]!,
          yb = this.y2[k]!;
        if (ya > lat === yb > lat) continue;
        const xa = this.x1[k]!;
        crossX.push(xa + ((lat - ya) * (this.x2[k]! - xa)) / (yb - ya));
        crossF.push(this.feat[k]!);
      }
      const order = crossX.map((_, i) => i).sort((p, q) => crossX[p]! - crossX[q]!);
      odd.length = 0;
      let next = 0;
      for (let ix = 0; ix < nx; ix++) {
        const x = x0 + (ix + 0.5) * cell;
        while (next < order.length && crossX[order[next]!]! < x) {
          const f = crossF[order[next++]!]!;
          const at = odd.indexOf(f);
          if (at >= 0) odd.splice(at, 1);
          else odd.push(f);
        }
        if (row[ix] === unsettled) continue;
        row[ix] = odd.length === 0 ? outside : odd.length === 1 ? odd[0]! : unsettled;
      }
    }
    return { x0, y0, nx, ny, codes, outside, unsettled };
  }

  /** First containing feature or -1. */
  first(lon: number, lat: number): number {
    const q = this.query(lon, lat);
    return q.length ? q[0]! : -1;
  }
}

/** Side of a settled-grid cell, degrees (≈ 28 km): 1 M cells of a byte over the whole globe, three land points in four settled. */
const SETTLED_CELL_DEG = 0.25;

interface SettledGrid {
  x0: number;
  y0: number;
  nx: number;
  ny: number;
  /** A feature index, `outside` (no feature) or `unsettled` (walk the edges) per cell. */
  codes: Uint8Array | Uint16Array;
  outside: number;
  unsettled: number;
}

/** Bounding box of a flat [lon, lat, …] ring, degrees. */
export function ringBounds(r: FlatRing): { x0: number; x1: number; y0: number; y1: number } {
  let x0 = Infinity,
    x1 = -Infinity,
    y0 = Infinity,
    y1 = -Infinity;
  for (let i = 0; i < r.length; i += 2) {
    x0 = Math.min(x0, r[i]!);
    x1 = Math.max(x1, r[i]!);
    y0 = Math.min(y0, r[i + 1]!);
    y1 = Math.max(y1, r[i + 1]!);
  }
  return { x0, x1, y0, y1 };
}

/** Area of a flat [lon, lat, …] ring by the shoelace formula, in square degrees (a size to compare rings by). */
export function ringArea(ring: FlatRing): number {
  let a = 0;
  for (let i = 0, n = ring.length / 2; i < n; i++) {
    const j = (i + 1) % n;
    a += ring[2 * i]! * ring[2 * j + 1]! - ring[2 * j]! * ring[2 * i + 1]!;
  }
  return Math.abs(a / 2);
}

/** Douglas-Peucker simplification of a closed ring; rings that would collapse keep a minimal 4-point outline. */
export function simplifyRing(ring: FlatRing, tolerance: number): FlatRing {
  const n = ring.length / 2;
  if (n <= 8) return ring.slice();
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  // split at the point farthest from the first so the closed ring is handled as two open chains
  let far = 0;
  let farD = -1;
  for (let i = 1; i < n; i++) {
    const d = (ring[2 * i]! - ring[0]!) ** 2 + (ring[2 * i + 1]! - ring[1]!) ** 2;
    if (d > farD) {
      farD = d;
      far = i;
    }
  }
  keep[far] = 1;
  const stack: [number, number][] = [
    [0, far],
    [far, n - 1],
  ];
  const tol2 = tolerance * tolerance;
  while (stack.length) {
    const [a, b] = stack.pop()!;
    if (b - a < 2) continue;
    const ax = ring[2 * a]!,
      ay = ring[2 * a + 1]!,
      bx = ring[2 * b]!,
      by = ring[2 * b + 1]!;
    const dx = bx - ax,
      dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let best = -1,
      bestD = -1;
    for (let i = a + 1; i < b; i++) {
      const px = ring[2 * i]! - ax,
        py = ring[2 * i + 1]! - ay;
      let d: number;
      if (len2 === 0) d = px * px + py * py;
      else {
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
        d = (px - t * dx) ** 2 + (py - t * dy) ** 2;
      }
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    if (bestD > tol2) {
      keep[best] = 1;
      stack.push([a, best], [best, b]);
    }
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) out.push(ring[2 * i]!, ring[2 * i + 1]!);
  if (out.length < 8) {
    // keep small islands visible: the four extreme points
    let minX = 0,
      maxX = 0,
      minY = 0,
      maxY = 0;
    for (let i = 1; i < n; i++) {
      if (ring[2 * i]! < ring[2 * minX]!) minX = i;
      if (ring[2 * i]! > ring[2 * maxX]!) maxX = i;
      if (ring[2 * i + 1]! < ring[2 * minY + 1]!) minY = i;
      if (ring[2 * i + 1]! > ring[2 * maxY + 1]!) maxY = i;
    }
    const idx = [...new Set([minX, minY, maxX, maxY])].sort((p, q) => p - q);
    return idx.flatMap((i) => [ring[2 * i]!, ring[2 * i + 1]!]);
  }
  return out;
}

/** Great-circle distance in km. */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const dLat = (lat2 - lat1) * r;
  const dLon = (lon2 - lon1) * r;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}
