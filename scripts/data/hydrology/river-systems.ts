/**
 * River systems as WDBII draws them, and the ones the flow may not cross between directly: where the burned beds of
 * two rivers that do not meet come within a pixel of each other on the 2′ grid, they are a conduit between two
 * basins, and where the relief smooths a gorge downstream, a river is taken by its neighbour (the upper Altmühl by
 * the Rezat and the Main, the Chad basin by the Ubangi and the Congo).
 */
import { forEachLinePixel, RIVER_LEVEL_LAST_MAJOR, RIVER_LEVEL_NONE, shortLonStep, type RiverLine } from "./burn";
import { type HydroGrid, neighbour } from "./hydro-grid";

/** WDBII lines whose ends lie within this of another line (≈ 2 km) belong to one river system. */
export const RIVER_JOIN_DEG = 0.02;
/**
 * Systems kept apart hold this many lines or more and a major river: a few lines, or minor rivers alone, may be a
 * river drawn in pieces (the Tiber) or a tributary whose mouth is drawn short (the Creuse at the Vienne).
 */
export const RIVER_SYSTEM_MIN_LINES = 10;

/**
 * River systems as WDBII draws them: lines joined where an end of one lies within `joinDeg` of another line (a shared
 * tile cut or a tributary's mouth). Returns each line's system, −1 for a line of no length (a point left by the
 * tiling), which joins nothing.
 */
export function riverSystems(lines: readonly RiverLine[], joinDeg: number): Int32Array {
  const parent = Int32Array.from(lines, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const extent = (l: RiverLine) => {
    let w = Infinity, e = -Infinity, s = Infinity, n = -Infinity;
    for (const [lon, lat] of l.points) [w, e, s, n] = [Math.min(w, lon), Math.max(e, lon), Math.min(s, lat), Math.max(n, lat)];
    return Math.max(e - w, n - s);
  };
  const real = lines.map((l) => l.points.length > 1 && extent(l) > 1e-6);
  // segments indexed by every cell they cross on a grid of cells at least joinDeg wide, so an end finds each
  // segment within joinDeg of it in its own cell or the eight around it
  const cell = Math.max(joinDeg, 0.05);
  const key = (lon: number, lat: number) => `${Math.floor(lon / cell)},${Math.floor(lat / cell)}`;
  const segments = new Map<string, number[]>();
  lines.forEach((l, i) => {
    if (!real[i]) return;
    for (let j = 0; j + 1 < l.points.length; j++) {
      const a = l.points[j]!, b = l.points[j + 1]!;
      const dLon = shortLonStep(a[0], b[0]);
      const steps = Math.max(1, Math.ceil(Math.hypot(dLon, b[1] - a[1]) / cell));
      const seen = new Set<string>();
      for (let s = 0; s <= steps; s++) {
        const k = key(a[0] + (dLon * s) / steps, a[1] + ((b[1] - a[1]) * s) / steps);
        if (seen.has(k)) continue;
        seen.add(k);
        const list = segments.get(k);
        if (list) list.push(i, j);
        else segments.set(k, [i, j]);
      }
    }
  });
  lines.forEach((l, i) => {
    if (!real[i]) return;
    for (const [lon, lat] of [l.points[0]!, l.points.at(-1)!]) {
      const cx = Math.floor(lon / cell), cy = Math.floor(lat / cell);
      const c = Math.cos((lat * Math.PI) / 180);
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++) {
          const list = segments.get(`${cx + dx},${cy + dy}`);
          for (let k = 0; list && k < list.length; k += 2) {
            const o = list[k]!;
            if (find(o) === find(i)) continue;
            const a = lines[o]!.points[list[k + 1]!]!, b = lines[o]!.points[list[k + 1]! + 1]!;
            const ax = shortLonStep(lon, a[0]) * c, ay = a[1] - lat, bx = (shortLonStep(lon, a[0]) + shortLonStep(a[0], b[0])) * c, by = b[1] - lat;
            const ex = bx - ax, ey = by - ay, len2 = ex * ex + ey * ey;
            const t = len2 > 0 ? Math.max(0, Math.min(1, -(ax * ex + ay * ey) / len2)) : 0;
            if (Math.hypot(ax + t * ex, ay + t * ey) <= joinDeg) parent[Math.max(find(o), find(i))] = Math.min(find(o), find(i));
          }
        }
    }
  });
  return Int32Array.from(lines, (_, i) => (real[i] ? find(i) : -1));
}

/**
 * The river system on each pixel (−1 where there is none), from the line that `rasteriseRivers` keeps there: the
 * most major, and of equal levels the lower system.
 */
export function rasteriseRiverSystems(g: HydroGrid, lines: readonly RiverLine[], systemOfLine: Int32Array): Int32Array {
  const level = new Uint8Array(g.width * g.height).fill(RIVER_LEVEL_NONE);
  const out = new Int32Array(g.width * g.height).fill(-1);
  lines.forEach((l, i) => {
    const s = systemOfLine[i]!;
    forEachLinePixel(g, l, (p) => {
      if (l.level < level[p]! || (l.level === level[p]! && s >= 0 && (out[p]! < 0 || s < out[p]!))) {
        level[p] = l.level;
        out[p] = s;
      }
    });
  });
  return out;
}

/**
 * The systems the flow may not cross between directly, as `apart(p, q)` for two neighbouring pixels, with how many
 * systems are kept apart and at how many touching pixel pairs, and every pixel's system (`systemOf`, −1 off the
 * rivers).
 */
export function riverSystemsKeptApart(g: HydroGrid, lines: readonly RiverLine[]): { apart: (p: number, q: number) => boolean; systems: number; contacts: number; systemOf: Int32Array } {
  const systemOfLine = riverSystems(lines, RIVER_JOIN_DEG);
  const linesOfSystem = new Map<number, number>(), withMajor = new Set<number>();
  systemOfLine.forEach((s, i) => {
    if (s < 0) return;
    linesOfSystem.set(s, (linesOfSystem.get(s) ?? 0) + 1);
    if (lines[i]!.level <= RIVER_LEVEL_LAST_MAJOR) withMajor.add(s);
  });
  const systemOf = rasteriseRiverSystems(g, lines, systemOfLine);
  const system = systemOf.slice();
  for (let p = 0; p < system.length; p++) {
    const s = system[p]!;
    if (s >= 0 && (linesOfSystem.get(s)! < RIVER_SYSTEM_MIN_LINES || !withMajor.has(s))) system[p] = -1;
  }
  const apart = (p: number, q: number) => system[p]! >= 0 && system[q]! >= 0 && system[p] !== system[q];
  const kept = new Set<number>();
  let contacts = 0;
  for (let p = 0; p < system.length; p++) {
    if (system[p]! < 0) continue;
    kept.add(system[p]!);
    // each touching pair once: the neighbours east, south-east, south and south-west
    for (const d of [0, 1, 2, 3]) {
      const q = neighbour(g, p, d);
      if (q >= 0 && apart(p, q)) contacts++;
    }
  }
  return { apart, systems: kept.size, contacts, systemOf };
}
