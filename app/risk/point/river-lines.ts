/**
 * Mapped river lines (data/river-lines.bin.gz): the WDBII lines of the single-lined major permanent rivers (levels 1-2:
 * permanent major, additional major), kept as drawn, so a point's distance to its river is read at the point instead
 * of between 2′ pixel centres (≈ 3.7 km apart). Pure: encodes and decodes the file and answers the nearest line.
 */

export const RIVER_LINES_FILE = "river-lines.bin.gz";
export const RIVER_LINES_MAGIC = "RLIN0001";
/** Coordinates are stored in units of 1e-5° (about 1 m), far below the lines' own drawing error. */
const COORD_SCALE = 1e5;
/** Side of the index's tiles, degrees: a search of a few km reads one to four tiles, and the index holds 0.3 MB. */
const TILE_DEG = 1;
const TILES_X = 360 / TILE_DEG;
const TILES_Y = 180 / TILE_DEG;
const KM_PER_DEG = 111.195;
const tileX = (lon: number) => Math.min(TILES_X - 1, Math.max(0, Math.floor((lon + 180) / TILE_DEG)));
const tileY = (lat: number) => Math.min(TILES_Y - 1, Math.max(0, Math.floor((90 - lat) / TILE_DEG)));
/** Scratch box of segmentTiles: first and last tile column, first and last tile row. */
const BOX = new Int32Array(4);
const RAD = Math.PI / 180;

export interface MappedLine {
  /** WDBII level: 1 permanent major, 2 additional major. */
  level: number;
  /** Longitude, latitude pairs, degrees. */
  points: readonly (readonly [number, number])[];
}

interface Header {
  lines: number;
  vertices: number;
}

export function encodeRiverLines(lines: readonly MappedLine[]): Buffer {
  const kept = lines.filter((l) => l.points.length >= 2);
  const vertices = kept.reduce((s, l) => s + l.points.length, 0);
  const header = Buffer.from(JSON.stringify({ lines: kept.length, vertices } satisfies Header), "utf8");
  const levels = Uint8Array.from(kept.map((l) => l.level));
  const starts = new Uint32Array(kept.length + 1);
  const coords = new Int32Array(2 * vertices);
  let v = 0;
  kept.forEach((l, i) => {
    starts[i] = v;
    for (const [lon, lat] of l.points) {
      coords[2 * v] = Math.round(lon * COORD_SCALE);
      coords[2 * v + 1] = Math.round(lat * COORD_SCALE);
      v++;
    }
  });
  starts[kept.length] = v;
  const head = Buffer.alloc(12);
  head.write(RIVER_LINES_MAGIC, 0, "ascii");
  head.writeUInt32LE(header.length, 8);
  const pad = (n: number) => Buffer.alloc((8 - (n % 8)) % 8);
  const parts: Buffer[] = [head, header];
  let off = 12 + header.length;
  for (const arr of [starts, coords, levels]) {
    const p = pad(off);
    parts.push(p);
    off += p.length;
    const b = Buffer.from(arr.buffer, arr.byteOffset, arr.byteLength);
    parts.push(b);
    off += b.length;
  }
  return Buffer.concat(parts);
}

/** The nearest mapped line to a point, read through a tile index built once. */
export class RiverLines {
  readonly lineCount: number;
  readonly vertexCount: number;
  readonly byteLength: number;
  private readonly coords: Int32Array;
  private readonly levels: Uint8Array;
  /** Segments (index of their first vertex) by tile: tileStart[t] .. tileStart[t + 1] in tileSegments. */
  private readonly tileStart: Uint32Array;
  private readonly tileSegments: Uint32Array;
  /** First vertex of each line, and one past the last line's end. */
  private readonly starts: Uint32Array;

  constructor(buf: Uint8Array) {
    const src = buf.byteOffset % 8 ? Uint8Array.from(buf) : buf;
    const b = Buffer.from(src.buffer, src.byteOffset, src.byteLength);
    if (b.toString("ascii", 0, 8) !== RIVER_LINES_MAGIC) throw new Error("not a river-lines file");
    const hl = b.readUInt32LE(8);
    const header = JSON.parse(b.toString("utf8", 12, 12 + hl)) as Header;
    let off = 12 + hl;
    const align = () => (off += (8 - (off % 8)) % 8);
    align();
    const starts = new Uint32Array(src.buffer, src.byteOffset + off, header.lines + 1);
    off += starts.byteLength;
    align();
    this.coords = new Int32Array(src.buffer, src.byteOffset + off, 2 * header.vertices);
    off += this.coords.byteLength;
    align();
    this.levels = new Uint8Array(src.buffer, src.byteOffset + off, header.lines);
    this.lineCount = header.lines;
    this.vertexCount = header.vertices;

    this.starts = starts;
    // counting sort of the segments (each line's vertices but its last) into every tile their bounding box touches:
    // one pass counts, the second places
    const counts = new Uint32Array(TILES_X * TILES_Y + 1);
    this.tileStart = counts;
    this.tileSegments = new Uint32Array(0);
    let fill: Uint32Array | null = null;
    for (let pass = 0; pass < 2; pass++) {
      if (pass === 1) {
        for (let t = 0; t < TILES_X * TILES_Y; t++) counts[t + 1]! += counts[t]!;
        this.tileSegments = new Uint32Array(counts[TILES_X * TILES_Y]!);
        fill = counts.slice(0, TILES_X * TILES_Y);
      }
      for (let l = 0; l < header.lines; l++)
        for (let v = starts[l]!; v + 1 < starts[l + 1]!; v++) {
          this.segmentTiles(v);
          for (let ty = BOX[2]!; ty <= BOX[3]!; ty++)
            for (let tx = BOX[0]!; tx <= BOX[1]!; tx++) {
              const t = ty * TILES_X + tx;
              if (fill) this.tileSegments[fill[t]!++] = v;
              else counts[t + 1]!++;
            }
        }
    }
    this.byteLength = src.byteLength + this.tileStart.byteLength + this.tileSegments.byteLength;
  }

  /**
   * Writes into BOX the tile columns and rows (first, last) a segment's bounding box touches; a segment across the
   * antimeridian lies in the tiles at both ends, so in its rows' every tile.
   */
  private segmentTiles(v: number): void {
    const lonA = this.coords[2 * v]! / COORD_SCALE,
      latA = this.coords[2 * v + 1]! / COORD_SCALE,
      lonB = this.coords[2 * v + 2]! / COORD_SCALE,
      latB = this.coords[2 * v + 3]! / COORD_SCALE;
    const across = Math.abs(lonA - lonB) > 180;
    BOX[0] = across ? 0 : tileX(Math.min(lonA, lonB));
    BOX[1] = across ? TILES_X - 1 : tileX(Math.max(lonA, lonB));
    BOX[2] = tileY(Math.max(latA, latB));
    BOX[3] = tileY(Math.min(latA, latB));
  }

  /**
   * Distance from a point to the nearest mapped line within `maxKm`, km, and that line's WDBII level; null when none
   * lies that close. Distances are on a plane tangent at the point (under 0.1 % off within tens of km).
   */
  nearest(lat: number, lon: number, maxKm: number): { km: number; level: number } | null {
    const cos = Math.max(Math.cos(lat * RAD), 0.01);
    const dLatDeg = maxKm / KM_PER_DEG,
      dLonDeg = Math.min(180, maxKm / (KM_PER_DEG * cos));
    const y0 = Math.max(0, Math.floor((90 - lat - dLatDeg) / TILE_DEG)),
      y1 = Math.min(TILES_Y - 1, Math.floor((90 - lat + dLatDeg) / TILE_DEG));
    const nx = Math.min(TILES_X, Math.floor((2 * dLonDeg) / TILE_DEG) + 2);
    const x0 = Math.floor((lon + 180 - dLonDeg) / TILE_DEG);
    let best = maxKm * maxKm,
      bestV = -1,
      lastSeen = -1;
    for (let ty = y0; ty <= y1; ty++)
      for (let i = 0; i < nx; i++) {
        const tx = (((x0 + i) % TILES_X) + TILES_X) % TILES_X;
        const t = ty * TILES_X + tx;
        for (let k = this.tileStart[t]!; k < this.tileStart[t + 1]!; k++) {
          const v = this.tileSegments[k]!;
          if (v === lastSeen) continue;
          lastSeen = v;
          const d2 = this.segmentKm2(v, lat, lon, cos);
          if (d2 < best || (d2 === best && bestV < 0)) {
            best = d2;
            bestV = v;
          }
        }
      }
    return bestV < 0 ? null : { km: Math.sqrt(best), level: this.levels[this.lineOf(bestV)]! };
  }

  /** The line a vertex belongs to: the last line starting at or before it. */
  private lineOf(v: number): number {
    let lo = 0,
      hi = this.lineCount - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid]! <= v) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Squared distance from the point to segment v .. v + 1, km², on the plane tangent at the point. */
  private segmentKm2(v: number, lat: number, lon: number, cos: number): number {
    const x = (lonDeg: number) => {
      let d = lonDeg - lon;
      if (d > 180) d -= 360;
      else if (d < -180) d += 360;
      return d * cos * KM_PER_DEG;
    };
    const ax = x(this.coords[2 * v]! / COORD_SCALE),
      ay = (this.coords[2 * v + 1]! / COORD_SCALE - lat) * KM_PER_DEG,
      bx = x(this.coords[2 * v + 2]! / COORD_SCALE),
      by = (this.coords[2 * v + 3]! / COORD_SCALE - lat) * KM_PER_DEG;
    const ex = bx - ax,
      ey = by - ay;
    const len2 = ex * ex + ey * ey;
    const t = len2 > 0 ? Math.min(1, Math.max(0, -(ax * ex + ay * ey) / len2)) : 0;
    const px = ax + t * ex,
      py = ay + t * ey;
    return px * px + py * py;
  }
}
