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

  /** First containing feature or -1. */
  first(lon: number, lat: number): number {
    const q = this.query(lon, lat);
    return q.length ? q[0]! : -1;
  }
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
