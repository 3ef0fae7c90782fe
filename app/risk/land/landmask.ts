/**
 * Compact 1′ land/water mask (GSHHG shorelines) for point lookups: pure encode/decode and queries, no I/O.
 *
 *   "LMSK0001" | uint32 width | uint32 height | uint32 block | uint32 mixed count
 *   | uint8 block kinds (0 water, 1 land, 2 mixed), row-major from the north-west
 *   | for each mixed block in order: block² bits, row-major, least significant bit first
 *
 * Only blocks that straddle a shoreline keep their pixels, so the file stays small while the shore is exact
 * to one arc-minute.
 */
import { haversineKm } from "./geo";
import { seededRandom } from "../../utils/seeded-random";

export const LANDMASK_MAGIC = "LMSK0001";
const RANK_STEP = 32;
const WATER = 0,
  LAND = 1,
  MIXED = 2;

export interface LandMaskGrid {
  /** Pixels per row (360° · 60) and rows (180° · 60); pixel (0, 0) is the north-west corner. */
  width: number;
  height: number;
  /** 1 = land for pixel row r, column c at r · width + c. */
  isLand(col: number, row: number): boolean;
}

/** Encodes a full-resolution mask into the block format. */
export function encodeLandMask(grid: LandMaskGrid, block = 16): Buffer {
  const { width, height } = grid;
  if (width % block || height % block) throw new Error(`mask size ${width}×${height} is not a multiple of ${block}`);
  const bx = width / block,
    by = height / block;
  const kinds = new Uint8Array(bx * by);
  const bytesPerBlock = (block * block) / 8;
  const mixed: Uint8Array[] = [];
  for (let j = 0; j < by; j++)
    for (let i = 0; i < bx; i++) {
      const bits = new Uint8Array(bytesPerBlock);
      let land = 0;
      for (let y = 0; y < block; y++)
        for (let x = 0; x < block; x++)
          if (grid.isLand(i * block + x, j * block + y)) {
            const p = y * block + x;
            bits[p >> 3]! |= 1 << (p & 7);
            land++;
          }
      const k = land === 0 ? WATER : land === block * block ? LAND : MIXED;
      kinds[j * bx + i] = k;
      if (k === MIXED) mixed.push(bits);
    }
  const head = Buffer.alloc(24);
  head.write(LANDMASK_MAGIC, 0, "ascii");
  head.writeUInt32LE(width, 8);
  head.writeUInt32LE(height, 12);
  head.writeUInt32LE(block, 16);
  head.writeUInt32LE(mixed.length, 20);
  return Buffer.concat([head, kinds, ...mixed]);
}

export interface NearestLand {
  lat: number;
  lon: number;
  distanceKm: number;
}

export class LandMask {
  readonly width: number;
  readonly height: number;
  private readonly block: number;
  private readonly bx: number;
  private readonly kinds: Uint8Array;
  private readonly bits: Uint8Array;
  /** Mixed blocks before every 32nd block of each row: with a short scan this ranks a mixed block. */
  private readonly rank: Uint32Array;
  private readonly ranksPerRow: number;
  private readonly bytesPerBlock: number;

  constructor(buf: Uint8Array) {
    const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
    if (b.toString("ascii", 0, 8) !== LANDMASK_MAGIC) throw new Error("not a land mask");
    this.width = b.readUInt32LE(8);
    this.height = b.readUInt32LE(12);
    this.block = b.readUInt32LE(16);
    const nMixed = b.readUInt32LE(20);
    this.bx = this.width / this.block;
    const by = this.height / this.block;
    this.bytesPerBlock = (this.block * this.block) / 8;
    // own copies so the gunzipped buffer can be freed
    this.kinds = new Uint8Array(b.subarray(24, 24 + this.bx * by));
    this.bits = new Uint8Array(b.subarray(24 + this.bx * by, 24 + this.bx * by + nMixed * this.bytesPerBlock));
    this.ranksPerRow = Math.ceil(this.bx / RANK_STEP);
    this.rank = new Uint32Array(by * this.ranksPerRow);
    let c = 0;
    for (let j = 0; j < by; j++)
      for (let i = 0; i < this.bx; i++) {
        if (i % RANK_STEP === 0) this.rank[j * this.ranksPerRow + i / RANK_STEP] = c;
        if (this.kinds[j * this.bx + i] === MIXED) c++;
      }
    if (c !== nMixed) throw new Error("land mask is truncated or corrupt");
  }

  get byteLength(): number {
    return this.kinds.byteLength + this.bits.byteLength + this.rank.byteLength;
  }

  private pixelLand(col: number, row: number): boolean {
    const c = ((col % this.width) + this.width) % this.width;
    if (row < 0 || row >= this.height) return false;
    const i = Math.floor(c / this.block),
      j = Math.floor(row / this.block);
    const k = this.kinds[j * this.bx + i]!;
    if (k !== MIXED) return k === LAND;
    const start = i - (i % RANK_STEP);
    let rank = this.rank[j * this.ranksPerRow + start / RANK_STEP]!;
    const base = j * this.bx;
    for (let q = start; q < i; q++) if (this.kinds[base + q] === MIXED) rank++;
    const p = (row - j * this.block) * this.block + (c - i * this.block);
    return ((this.bits[rank * this.bytesPerBlock + (p >> 3)]! >> (p & 7)) & 1) === 1;
  }

  private col(lon: number): number {
    return Math.min(this.width - 1, Math.max(0, Math.floor(((lon + 180) * this.width) / 360)));
  }

  private row(lat: number): number {
    return Math.min(this.height - 1, Math.max(0, Math.floor(((90 - lat) * this.height) / 180)));
  }

  isLand(lat: number, lon: number): boolean {
    return this.pixelLand(this.col(lon), this.row(lat));
  }

  /** Centre of the nearest land pixel within maxKm, or null. */
  nearestLand(lat: number, lon: number, maxKm: number): NearestLand | null {
    return this.nearestPixel(lat, lon, maxKm, true);
  }

  /** Centre of the nearest land (or water) pixel within maxKm, or null. */
  nearestPixel(lat: number, lon: number, maxKm: number, land: boolean): NearestLand | null {
    const degPerPx = 180 / this.height;
    const kmPerPx = 111.2 * degPerPx;
    const rows = Math.ceil(maxKm / kmPerPx) + 1;
    const cos = Math.max(0.05, Math.cos((Math.min(89, Math.abs(lat) + rows * degPerPx) * Math.PI) / 180));
    const cols = Math.min(this.width / 2, Math.ceil(maxKm / (kmPerPx * cos)) + 1);
    const r0 = this.row(lat),
      c0 = this.col(lon);
    // compare by local planar distance (exact enough within 10 km), report the great-circle one
    const kmLon = 111.2 * Math.cos((lat * Math.PI) / 180);
    let bestCol = 0,
      bestRow = 0,
      bestD2 = Infinity;
    for (let dr = -rows; dr <= rows; dr++) {
      const r = r0 + dr;
      if (r < 0 || r >= this.height) continue;
      const dy = (90 - (r + 0.5) * degPerPx - lat) * 111.2;
      if (dy * dy >= bestD2) continue;
      for (let dc = -cols; dc <= cols; dc++) {
        const dx = (-180 + (c0 + dc + 0.5) * (360 / this.width) - lon) * kmLon;
        const d2 = dx * dx + dy * dy;
        if (d2 >= bestD2 || this.pixelLand(c0 + dc, r) !== land) continue;
        bestD2 = d2;
        bestCol = c0 + dc;
        bestRow = r;
      }
    }
    if (bestD2 === Infinity) return null;
    const pLat = 90 - (bestRow + 0.5) * degPerPx;
    let pLon = -180 + ((((bestCol % this.width) + this.width) % this.width) + 0.5) * (360 / this.width);
    if (pLon > 180) pLon -= 360;
    const d = haversineKm(lat, lon, pLat, pLon);
    const best: NearestLand | null = d <= maxKm ? { lat: pLat, lon: pLon, distanceKm: d } : null;
    return best;
  }
}

/**
 * A fixed pseudo-random sample of land points, uniform over the sphere: `tries` points drawn, those on land kept.
 * Deterministic for a seed, so a check on it is repeatable.
 */
export function sampleLandPoints(mask: LandMask, tries: number, seed = 20261124): { lat: number; lon: number }[] {
  const next = seededRandom(seed);
  const points: { lat: number; lon: number }[] = [];
  for (let k = 0; k < tries; k++) {
    const lat = (Math.asin(2 * next() - 1) * 180) / Math.PI;
    const lon = next() * 360 - 180;
    if (mask.isLand(lat, lon)) points.push({ lat, lon });
  }
  return points;
}
