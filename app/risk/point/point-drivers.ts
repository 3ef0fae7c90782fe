/**
 * Point drivers on the 2′ grid (data/point-drivers.bin.gz, gunzipped): the terrain a point is scored from, kept for
 * land pixels only. Pure encode/decode and queries, no I/O.
 *
 *   "PDRV0001" | uint32 header length | JSON header | zero padding to 8 | typed arrays in header.arrays order
 *
 * A 2′ pixel (10,800 × 5,400, row 0 at 90° N, column 0 at 180° W) is "land" when it is not sea for the river
 * network. Land pixels are found by rank in a bit set (a popcount per 32 bits, a running count per 256), so each
 * land pixel costs one byte of relief grey (heights through a 256-entry table), one bit for "low-lying and joined
 * to the open sea", one bit for "in a river floodplain" and one bit for "in a dense built-up area" (Natural Earth
 * 50m urban areas and the cores of GeoNames cities, as the hexagons' urban share); floodplain pixels add four bytes:
 * height above their channel, the channel's mean flow and drainage area, and the distance to it. (Files before
 * dataset 4.13.0 also hold a flatness byte per floodplain pixel, which nothing reads: a point's flatness is its own
 * slope's.)
 *
 * Version 2 ("PDRV0002") added the built-up bit set; a version-1 file still loads, its points then keep their
 * hexagon's urban share.
 */

import type { RiverLines } from "./river-lines";

export const POINT_DRIVERS_MAGIC = "PDRV0002";
/** The format before the built-up bit set. */
const POINT_DRIVERS_MAGIC_V1 = "PDRV0001";

/** Flow and drainage-area codes: log10 steps of 1/30 (8 %); flow from 0.01 m³/s, area from 1 km². */
const LOG_STEPS = 30;
const FLOW_LOG_OFFSET = 2;
/** Distance to the channel in steps of this many km (a 2′ pixel is 3.7 km north-south). */
export const CHANNEL_DIST_STEP_KM = 0.5;
/** The sea is searched this far from a point; beyond it the hexagon's distance to the sea stands. */
export const COAST_SEARCH_KM = 30;
/** A point's relief is the height range of the 5 × 5 pixels around it (≈ 18 km north-south). */
export const RELIEF_WINDOW_PX = 2;
/**
 * A point's urban share is the built-up share of the land pixels within this many pixels of its own: 3 × 3 pixels
 * (≈ 11 km north-south). Natural Earth 50m outlines are generalised to a kilometre or two and a point's coordinates
 * carry a pixel of error, so one pixel alone would flip between 0 and 1 across an outline's edge; the 3 × 3 window
 * reads 1 in a city's core, a graded share on its edge, and 0 in the open land beyond, whose wildfire stands (the
 * wildland-urban interface burns). A wider window would carry the core's damping out into that interface.
 */
export const URBAN_WINDOW_PX = 1;
/**
 * A point's low-lying share is read from the land pixels within this many pixels of each pixel around it: 3 × 3
 * pixels (≈ 11 km north-south). The 2′ relief calls a pixel low-lying when its mean height is, so the edge of the low
 * land runs somewhere through the pixels on either side of a low/high pair, not along their common edge; read pixel
 * by pixel, a point 2 km from a delta's edge moved from none of its land low to half of it and its storm surge three
 * bands (0.17 % of 2-km pairs on the coast in a 50,000-point sweep; 0.04 % with the window, the land-wide shares per
 * band unchanged to 0.1 %).
 */
export const LOW_WINDOW_PX = 1;
/**
 * A point's landslide slope is the steepest of the pixels within this many pixels of its own: 3 × 3 pixels (≈ 11 km
 * north-south). A town on a valley floor lies below the slopes that fail onto it (debris flows run out across the
 * floor), and its own pixel's slope, a mean over 3.7 km, reads the floor.
 */
export const STEEP_WINDOW_PX = 1;
/** A point is compared with the channels of floodplain pixels up to this many pixels away (≈ 7 km): see riverAt. */
export const FLOODPLAIN_REACH_PX = 2;
/**
 * GFPLAIN's floodplain rule (Nardi, Vivoni & Grimaldi 2006; Nardi et al. 2019, Scientific Data 6: 180309): land lies
 * in a channel's floodplain when its height above that channel is at most a·A^b metres, A the channel's drainage
 * area in km². The data build applies it to every 2′ pixel (scripts/data/hydrology/river-network.ts); a point applies it to
 * the channels around it.
 */
export const GFPLAIN_A = 1;
export const GFPLAIN_B = 0.3;
export const floodplainHeightLimitM = (areaKm2: number): number => GFPLAIN_A * Math.pow(areaKm2, GFPLAIN_B);
/**
 * The highest a river's flood stands above its channel's 2′ height, m: GFPLAIN's a·A^b, capped at FLOOD_STAGE_CAP_M.
 * GFPLAIN's limit keeps growing with drainage area (32 m at 100,000 km², 63 m at a million), while the floods of
 * record of great rivers stand 7-15 m above their mean water (Rhine at Köln 1926 and Elbe at Dresden 2002 about
 * 7-8 m, Danube at Passau 2013 about 8 m, Mississippi at Vicksburg 1927 about 17 m above low water).
 */
export const FLOOD_STAGE_CAP_M = 12;
export const floodStageM = (areaKm2: number): number => Math.min(FLOOD_STAGE_CAP_M, floodplainHeightLimitM(areaKm2));
/**
 * Metres of flood stage a point's distance from the channel uses up per km: the water surface of a flood across its
 * plain and the plain's rise away from the channel, together. A point level with a channel of 12 m flood stage may
 * lie up to 12 km from it; one 6 m above it, 6 km.
 */
export const FLOOD_FALL_M_PER_KM = 1;
/**
 * Pixels added to a valley floor's half-width for how far a point may lie from its channel: the 2′ grid places the
 * point and the channel each within a pixel of where they lie. See valleyReachKm.
 */
export const VALLEY_POSITION_PX = 2;
/**
 * Farthest a point may lie from a channel and be in its floodplain, km: the valley floor's half-width, the flood stage
 * over the mean gradient of the valley's sides (the relief around the point, `reliefM`, over the RELIEF_WINDOW_PX
 * pixels from its centre to its edge), plus VALLEY_POSITION_PX pixels. In hilly land the 2′ relief smooths a valley
 * cut into a plateau up to the plateau's height (the Danube below Passau runs at about 290 m; the grid reads 392-450 m
 * beside its channel), so a point on the plateau kilometres away reads level with the channel: 150 m of relief
 * leaves a 12 m flood 0.6 km of valley floor either side, and the point at most 8 km from the channel. On a plain
 * (30 m of relief) the floor is 3 km wide either side; with no relief there is no limit but the flood stage's.
 */
export function valleyReachKm(stageM: number, reliefM: number, pixelKm: number): number {
  return valleyFloorKm(stageM, reliefM, pixelKm) + VALLEY_POSITION_PX * pixelKm;
}
/**
 * Half-width of a valley floor that a flood of `stageM` covers, km: the stage over the mean gradient of the valley's
 * sides (the relief around the point over the RELIEF_WINDOW_PX pixels from its centre to its edge); no limit without
 * relief.
 */
export function valleyFloorKm(stageM: number, reliefM: number, pixelKm: number): number {
  return reliefM > 0 ? (stageM * RELIEF_WINDOW_PX * pixelKm) / reliefM : Infinity;
}
/**
 * How far a mapped river line and a point may each lie from where they are drawn, km: WDBII was digitised from maps
 * of about 1:1,000,000 to 1:3,000,000, on which a line's width and placing stand for 0.5-1 km of ground (Köln's and
 * Dresden's river banks lie 0.2-0.6 km nearer their cathedrals than the lines), and a geocoded address lies within
 * a few hundred metres of its building.
 */
export const MAPPED_LINE_ERROR_KM = 1;
/**
 * Drainage area from which a river's channel on the 2′ grid is taken to be one of the mapped single-lined major lines
 * (WDBII levels 1-2) when one lies where the grid puts that channel: the major lines are the rivers of atlas maps, from
 * about the Jhelum at Srinagar (6,300 km², level 2) up; a smaller river's channel is left as the grid reads it.
 */
export const MAPPED_RIVER_MIN_KM2 = 5000;
/**
 * Share of a valley floor a point holds from its own distance to the mapped line of its river, `lineKm`: 1 within the
 * floor's half-width (valleyFloorKm) and the line's placing error (MAPPED_LINE_ERROR_KM), falling linearly to 0 over
 * another such error. It stands beside the share of a 2′ pixel's width that the floor covers (valleyShare): a pixel
 * whose valley sides leave its floor a fraction of its width gives every point in it that fraction, while the town on
 * the river's bank holds all of the floor.
 */
export function mappedFloorShare(lineKm: number, floorKm: number): number {
  const edge = floorKm + MAPPED_LINE_ERROR_KM;
  if (lineKm <= edge) return 1;
  return Math.max(0, 1 - (lineKm - edge) / MAPPED_LINE_ERROR_KM);
}
/** Membership weight of a point's own flatness: 1 up to FLOODPLAIN_FLAT_DEG of 2′ slope, 0 from FLOODPLAIN_STEEP_DEG. */
export function flatnessOf(slopeDeg: number): number {
  return Math.min(1, Math.max(0, (FLOODPLAIN_STEEP_DEG - slopeDeg) / (FLOODPLAIN_STEEP_DEG - FLOODPLAIN_FLAT_DEG)));
}
/**
 * A point's floodplain re-read from its distance to its river's mapped line (`lineKm`), where the line lies where the
 * grid puts the channel: its valley share is the larger of the pixel's and its own (mappedFloorShare), its flood depth
 * left the larger of the grid distance's and the line's, and its distance the line's. The line only adds: it gives no
 * height, and a line drawn within 1 km cannot show that a point beside it stands on a terrace, so a point far from it
 * keeps the grid's reading (a plain's floodplain reaches kilometres from its river's line: Guwahati, 5 km from the
 * Brahmaputra's).
 */
export function withMappedLine(
  r: PointRiver,
  lineKm: number,
  slopeDeg: number,
  reliefM: number,
  pixelKm: number,
): PointRiver {
  const valleyShare = Math.max(r.valleyShare, mappedFloorShare(lineKm, valleyFloorKm(r.stageM, reliefM, pixelKm)));
  const limit = r.stageM + r.allowanceM;
  const depthShare = Math.max(
    r.depthShare,
    limit > 0 ? Math.max(0, limit - r.handM - FLOOD_FALL_M_PER_KM * lineKm) / limit : 0,
  );
  return {
    ...r,
    valleyShare,
    depthShare,
    membership: Math.max(r.membership, flatnessOf(slopeDeg) * valleyShare * depthShare),
    channelKm: Math.round(lineKm * 10) / 10,
    lineKm: Math.round(lineKm * 10) / 10,
  };
}
/**
 * The 2′ relief is smoothed over several pixels and stepped in grey levels, so a pixel beside a river reads tens of
 * metres above its channel where the ground is a few metres above it (Paris 34 m, Omaha 51 m, Asunción 39 m above
 * their channel pixels on the 2′ grid). A point's height above its channel is read with an allowance of the height
 * range around it (RELIEF_WINDOW_PX) or, where that is less, the grey step at its height (a flat plain's pixels
 * sit on one level of up to 20-25 m), at most this many metres: a point within the allowance keeps a graded share
 * of the flood (its depth left, below), a terrace or ridge above it none.
 */
export const HEIGHT_ALLOWANCE_MAX_M = 40;
/**
 * A floodplain is a valley floor: full weight up to FLOODPLAIN_FLAT_DEG of 2′ slope, none from FLOODPLAIN_STEEP_DEG
 * (the landslide ramp's 1° lower end is where the 2′ grid's plains end). Without it, a hillside that the grey
 * steps put level with its channel would count, and mountain ridges would read as floodplain. One rule for the
 * build's floodplain pixels and a point's own ground.
 */
export const FLOODPLAIN_FLAT_DEG = 1;
export const FLOODPLAIN_STEEP_DEG = 3;

const R_KM = 6371.0088;
const RAD = Math.PI / 180;

export const flowCode = (q: number): number =>
  q > 0 ? Math.min(255, Math.max(1, Math.round(LOG_STEPS * (Math.log10(q) + FLOW_LOG_OFFSET)))) : 0;
export const flowOfCode = (c: number): number => (c ? Math.pow(10, c / LOG_STEPS - FLOW_LOG_OFFSET) : 0);
export const areaCode = (a: number): number => (a > 1 ? Math.min(255, Math.round(LOG_STEPS * Math.log10(a))) : 0);
export const areaOfCode = (c: number): number => (c ? Math.pow(10, c / LOG_STEPS) : 0);
/** The flood stage of each drainage-area code: riverAt compares a point with up to 25 channels. */
const STAGE_OF_AREA_CODE = Float64Array.from({ length: 256 }, (_, c) => floodStageM(areaOfCode(c)));

export interface PointDriversHeader {
  width: number;
  height: number;
  /** Metres for each relief grey level. */
  greyToM: number[];
  nLand: number;
  nMembers: number;
  arrays: { name: string; length: number; kind: "u8" | "u32" }[];
}

/** What the build gives per 2′ pixel (full grid) and per floodplain pixel (parallel arrays). */
export interface PointDriversGrid {
  width: number;
  height: number;
  greyToM: ArrayLike<number>;
  grey: Uint8Array;
  isLand: (p: number) => boolean;
  isLow: (p: number) => boolean;
  /** In a dense built-up area (Natural Earth 50m urban areas and the cores of GeoNames cities). */
  isUrban: (p: number) => boolean;
  members: {
    pixel: Int32Array;
    channel: Int32Array;
    handM: Float32Array;
    areaKm2: Float32Array;
    flowM3s: Float32Array;
  };
}

function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Running counts of set bits before every 8th word. */
function rankOf(words: Uint32Array): Uint32Array {
  const rank = new Uint32Array((words.length >>> 3) + 1);
  let n = 0;
  for (let w = 0; w < words.length; w++) {
    if ((w & 7) === 0) rank[w >>> 3] = n;
    n += popcount(words[w]!);
  }
  return rank;
}

/** Index of bit p among the set bits, or −1 when p is not set. */
function rankAt(words: Uint32Array, rank: Uint32Array, p: number): number {
  const w = p >>> 5,
    b = p & 31;
  const word = words[w]!;
  if (!((word >>> b) & 1)) return -1;
  let r = rank[w >>> 3]!;
  for (let i = w & ~7; i < w; i++) r += popcount(words[i]!);
  return r + (b ? popcount(word & (((1 << b) - 1) >>> 0)) : 0);
}

/** Number of set bits before bit p. */
function rankBefore(words: Uint32Array, rank: Uint32Array, p: number): number {
  const w = p >>> 5,
    b = p & 31;
  let r = rank[w >>> 3]!;
  for (let i = w & ~7; i < w; i++) r += popcount(words[i]!);
  return r + (b ? popcount(words[w]! & (((1 << b) - 1) >>> 0)) : 0);
}

/**
 * Half-width of the window of pixels a pixel's drivers read around it: its relief window, the floodplains it
 * reaches, and the heights around its steepest slope.
 */
const WIN = Math.max(RELIEF_WINDOW_PX, FLOODPLAIN_REACH_PX, STEEP_WINDOW_PX + 1, URBAN_WINDOW_PX, LOW_WINDOW_PX);
const WIN_SIDE = 2 * WIN + 1;

const setBit = (words: Uint32Array, i: number) => {
  words[i >>> 5] = (words[i >>> 5]! | (1 << (i & 31))) >>> 0;
};

/** Encodes the point drivers of the 2′ grid. Floodplain members must come in grid order. */
export function encodePointDrivers(g: PointDriversGrid): Buffer {
  const n = g.width * g.height;
  const landWords = new Uint32Array(Math.ceil(n / 32));
  let nLand = 0;
  for (let p = 0; p < n; p++)
    if (g.isLand(p)) {
      setBit(landWords, p);
      nLand++;
    }
  const grey = new Uint8Array(nLand);
  const lowWords = new Uint32Array(Math.ceil(nLand / 32));
  const urbanWords = new Uint32Array(Math.ceil(nLand / 32));
  let i = 0;
  for (let p = 0; p < n; p++) {
    if (!((landWords[p >>> 5]! >>> (p & 31)) & 1)) continue;
    grey[i] = g.grey[p]!;
    if (g.isLow(p)) setBit(lowWords, i);
    if (g.isUrban(p)) setBit(urbanWords, i);
    i++;
  }
  const landRank = rankOf(landWords);
  const m = g.members;
  const memberWords = new Uint32Array(Math.ceil(nLand / 32));
  const keep: number[] = [];
  let last = -1;
  for (let j = 0; j < m.pixel.length; j++) {
    const p = m.pixel[j]!;
    if (p <= last) throw new Error("floodplain members must come in grid order");
    last = p;
    const r = rankAt(landWords, landRank, p);
    if (r < 0) continue;
    setBit(memberWords, r);
    keep.push(j);
  }
  const nm = keep.length;
  const hand = new Uint8Array(nm),
    flow = new Uint8Array(nm),
    area = new Uint8Array(nm),
    dist = new Uint8Array(nm);
  const W = g.width,
    H = g.height;
  const latOf = (y: number) => 90 - ((y + 0.5) * 180) / H;
  const lonOf = (x: number) => -180 + ((x + 0.5) * 360) / W;
  keep.forEach((j, k) => {
    hand[k] = Math.min(255, Math.round(m.handM[j]!));
    flow[k] = flowCode(m.flowM3s[j]!);
    area[k] = areaCode(m.areaKm2[j]!);
    const p = m.pixel[j]!,
      c = m.channel[j]!;
    const py = Math.floor(p / W),
      cy = Math.floor(c / W);
    const km = greatCircleKm(latOf(py), lonOf(p - py * W), latOf(cy), lonOf(c - cy * W));
    dist[k] = Math.min(255, Math.round(km / CHANNEL_DIST_STEP_KM));
  });
  const list: [string, Uint8Array | Uint32Array][] = [
    ["landWords", landWords],
    ["grey", grey],
    ["lowWords", lowWords],
    ["memberWords", memberWords],
    ["hand", hand],
    ["flow", flow],
    ["area", area],
    ["dist", dist],
    ["urbanWords", urbanWords],
  ];
  const header: PointDriversHeader = {
    width: W,
    height: H,
    greyToM: Array.from(g.greyToM, (v) => Math.round(v)),
    nLand,
    nMembers: nm,
    arrays: list.map(([name, t]) => ({ name, length: t.length, kind: t instanceof Uint32Array ? "u32" : "u8" })),
  };
  const json = Buffer.from(JSON.stringify(header), "utf8");
  const parts: Buffer[] = [Buffer.from(POINT_DRIVERS_MAGIC, "ascii")];
  const len = Buffer.alloc(4);
  len.writeUInt32LE(json.length);
  parts.push(len, json);
  let off = 12 + json.length;
  const pad = () => {
    const q = (8 - (off % 8)) % 8;
    parts.push(Buffer.alloc(q));
    off += q;
  };
  pad();
  for (const [, t] of list) {
    parts.push(Buffer.from(t.buffer, t.byteOffset, t.byteLength));
    off += t.byteLength;
    pad();
  }
  return Buffer.concat(parts);
}

function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD,
    dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * R_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The floodplain a point lies in: the largest river whose floodplain height reaches the point's own ground. */
export interface PointRiver {
  /** Height of the point's own pixel above that river's channel, m. */
  handM: number;
  /**
   * Floodplain membership: the point's own flatness (1 on a valley floor, 0 from 3° of slope) times the share of
   * the 2′ pixel the floodplain's width covers (valleyShare) times the flood depth left there (depthShare).
   */
  membership: number;
  /** Share of the 2′ pixel's width that the floodplain covers: 2·(flood stage) over the valley sides' gradient, ≤ 1. */
  valleyShare: number;
  /** Flood stage left above the point's ground, after its height and distance, as a share of the stage (0-1). */
  depthShare: number;
  /** Mean flow and drainage area of that channel. */
  flowM3s: number;
  areaKm2: number;
  /** Distance from the point to that channel, km (0 on the channel's own pixel). */
  channelKm: number;
  /** Flood stage of that channel above its 2′ height, m (floodStageM). */
  stageM: number;
  /** The 2′ relief's height allowance at the point, m (HEIGHT_ALLOWANCE_MAX_M at most). */
  allowanceM: number;
  /** Distance from the point to its river's mapped line, km, where that line was read (withMappedLine); else absent. */
  lineKm?: number;
}

/**
 * Whether a point takes a floodplain only within the 2′ relief's height error: its height above the channel and its
 * distance's fall (FLOOD_FALL_M_PER_KM) exceed the channel's flood stage, so that without the height allowance it
 * would lie above the flood. The grid cannot tell its ground from the river bank or from the terrace above it.
 */
export function floodplainWithinHeightError(r: PointRiver | null): boolean {
  return r !== null && r.membership > 0 && r.handM + FLOOD_FALL_M_PER_KM * r.channelKm > r.stageM;
}

/**
 * A point's drivers: each the bilinear mean of the four 2′ pixels whose centres surround the point (see
 * PointDrivers.sample), so each changes gradually from one pixel centre to the next.
 */
export interface PointSample {
  /** The 2′ pixel the point lies in (or its nearest land neighbour when that pixel is sea at 2′). */
  pixelLat: number;
  pixelLon: number;
  elevM: number;
  slopeDeg: number;
  /** Steepest slope of the 3 × 3 pixels around each pixel read (STEEP_WINDOW_PX), degrees: the valley sides above it. */
  steepSlopeDeg: number;
  reliefM: number;
  /**
   * Share of the land within LOW_WINDOW_PX of the point's surrounding pixels (bilinear weights) that is low-lying
   * (≤ 10 m) and joined to the sea.
   */
  lowShare: number;
  /**
   * Share of the land pixels within URBAN_WINDOW_PX of each pixel read that lie in a dense built-up area; null from
   * a version-1 file, which has no built-up pixels.
   */
  urbanShare: number | null;
  /** Distance to the nearest sea pixel, km; null when none lies within COAST_SEARCH_KM. */
  coastKm: number | null;
  river: PointRiver | null;
}

/** A fraction of a pixel, with rounding error near 0 and 1 removed. */
const snapUnit = (t: number): number => (t < 1e-9 ? 0 : t > 1 - 1e-9 ? 1 : t);

/** The drivers of one 2′ land pixel, read from the window around it. */
interface PixelDrivers {
  elevM: number;
  slopeDeg: number;
  steepSlopeDeg: number;
  reliefM: number;
  /** Low-lying share of the land pixels within LOW_WINDOW_PX. */
  lowShare: number;
  urbanShare: number | null;
  river: PointRiver | null;
}

/**
 * The floodplain of a point from those of its surrounding pixels (weights summing to 1): its membership, valley share
 * and depth share are the weighted means (a pixel outside every floodplain counts 0), so membership fades to 0
 * towards a pixel without one; the river's flow and drainage area are the geometric means, and its height and
 * distance the means, weighted by each pixel's share of that membership. null when no pixel has a floodplain.
 */
export function blendRivers(read: readonly { w: number; river: PointRiver | null }[]): PointRiver | null {
  let membership = 0,
    total = 0,
    wet = 0;
  for (const r of read)
    if (r.river !== null && r.w > 0) {
      membership += r.w * r.river.membership;
      total += r.w;
      wet++;
    }
  if (!wet) return null;
  let valleyShare = 0,
    depthShare = 0,
    handM = 0,
    channelKm = 0,
    stageM = 0,
    allowanceM = 0,
    logFlow = 0,
    logArea = 0;
  for (const r of read) {
    valleyShare += r.w * (r.river ? r.river.valleyShare : 0);
    depthShare += r.w * (r.river ? r.river.depthShare : 0);
    if (r.river === null || r.w <= 0) continue;
    // where every floodplain pixel has no membership, its rivers still count alike
    const share = membership > 0 ? (r.w * r.river.membership) / membership : r.w / total;
    handM += share * r.river.handM;
    channelKm += share * r.river.channelKm;
    stageM += share * r.river.stageM;
    allowanceM += share * r.river.allowanceM;
    logFlow += share * Math.log(Math.max(r.river.flowM3s, 1e-6));
    logArea += share * Math.log(Math.max(r.river.areaKm2, 1e-6));
  }
  return {
    membership,
    valleyShare,
    depthShare,
    handM: Math.round(handM),
    channelKm: Math.round(channelKm * 2) / 2,
    flowM3s: Math.exp(logFlow),
    areaKm2: Math.exp(logArea),
    stageM,
    allowanceM,
  };
}

export class PointDrivers {
  readonly width: number;
  readonly height: number;
  readonly byteLength: number;
  readonly nLand: number;
  readonly nMembers: number;
  private readonly lut: Float64Array;
  private readonly landWords: Uint32Array;
  private readonly landRank: Uint32Array;
  private readonly grey: Uint8Array;
  private readonly lowWords: Uint32Array;
  private readonly memberWords: Uint32Array;
  private readonly memberRank: Uint32Array;
  private readonly hand: Uint8Array;
  private readonly flow: Uint8Array;
  private readonly area: Uint8Array;
  private readonly dist: Uint8Array;
  private readonly urbanWords: Uint32Array | null;
  /** North-south size of a pixel, km. */
  private readonly pixelKm: number;
  /** Land rank and floodplain index (−1 for none) of the window around the pixel being sampled. */
  private readonly winLand = new Int32Array(WIN_SIDE * WIN_SIDE);
  private readonly winMember = new Int32Array(WIN_SIDE * WIN_SIDE);
  /** Heights (m, NaN at sea) of the window around the pixel being sampled. */
  private readonly winZ = new Float64Array(WIN_SIDE * WIN_SIDE);

  /**
   * `lines`: the mapped major rivers (river-lines.bin.gz), from which a point near a large river reads its own distance
   * to it (withMappedLine); without them every point reads the grid alone.
   */
  constructor(
    buf: Uint8Array,
    private readonly lines: RiverLines | null = null,
  ) {
    const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
    const magic = b.toString("ascii", 0, 8);
    if (magic !== POINT_DRIVERS_MAGIC && magic !== POINT_DRIVERS_MAGIC_V1) throw new Error("not a point-drivers file");
    const hl = b.readUInt32LE(8);
    const header = JSON.parse(b.toString("utf8", 12, 12 + hl)) as PointDriversHeader;
    // typed views need aligned offsets: copy once when the buffer itself is not 8-aligned
    const src = buf.byteOffset % 8 ? Uint8Array.from(buf) : buf;
    let off = 12 + hl;
    off += (8 - (off % 8)) % 8;
    const out: Record<string, Uint8Array | Uint32Array> = {};
    for (const a of header.arrays) {
      const size = a.kind === "u32" ? 4 : 1;
      out[a.name] =
        a.kind === "u32"
          ? new Uint32Array(src.buffer, src.byteOffset + off, a.length)
          : new Uint8Array(src.buffer, src.byteOffset + off, a.length);
      off += a.length * size;
      off += (8 - (off % 8)) % 8;
    }
    this.width = header.width;
    this.height = header.height;
    this.nLand = header.nLand;
    this.nMembers = header.nMembers;
    this.lut = Float64Array.from(header.greyToM);
    this.landWords = out.landWords as Uint32Array;
    this.grey = out.grey as Uint8Array;
    this.lowWords = out.lowWords as Uint32Array;
    this.memberWords = out.memberWords as Uint32Array;
    this.hand = out.hand as Uint8Array;
    this.flow = out.flow as Uint8Array;
    this.area = out.area as Uint8Array;
    this.dist = out.dist as Uint8Array;
    this.urbanWords = magic === POINT_DRIVERS_MAGIC ? (out.urbanWords as Uint32Array) : null;
    this.landRank = rankOf(this.landWords);
    this.memberRank = rankOf(this.memberWords);
    this.pixelKm = ((180 / this.height) * Math.PI * R_KM) / 180;
    this.byteLength =
      src.byteLength + this.landRank.byteLength + this.memberRank.byteLength + (lines ? lines.byteLength : 0);
  }

  private isLandPx(x: number, y: number): boolean {
    if (y < 0 || y >= this.height) return false;
    const p = y * this.width + ((x + this.width) % this.width);
    return ((this.landWords[p >>> 5]! >>> (p & 31)) & 1) === 1;
  }

  /** Land rank of pixel (x, y), or −1 at sea. */
  private rank(x: number, y: number): number {
    if (y < 0 || y >= this.height) return -1;
    return rankAt(this.landWords, this.landRank, y * this.width + ((x + this.width) % this.width));
  }

  /**
   * Fills the window around (x, y): one rank count per row, then the row's pixels in order (land ranks and
   * floodplain indices are consecutive along a row), instead of a count per pixel.
   */
  private fillWindow(x: number, y: number): void {
    const W = this.width;
    for (let dy = -WIN; dy <= WIN; dy++) {
      const yy = y + dy,
        row = (dy + WIN) * WIN_SIDE;
      if (yy < 0 || yy >= this.height) {
        this.winLand.fill(-1, row, row + WIN_SIDE);
        this.winMember.fill(-1, row, row + WIN_SIDE);
        continue;
      }
      if (x - WIN < 0 || x + WIN >= W) {
        for (let dx = -WIN; dx <= WIN; dx++) {
          const r = this.rank(x + dx, yy);
          this.winLand[row + dx + WIN] = r;
          this.winMember[row + dx + WIN] = r < 0 ? -1 : rankAt(this.memberWords, this.memberRank, r);
        }
        continue;
      }
      const p0 = yy * W + x - WIN;
      let r = rankBefore(this.landWords, this.landRank, p0),
        m = -1;
      for (let i = 0; i < WIN_SIDE; i++) {
        const p = p0 + i;
        if (((this.landWords[p >>> 5]! >>> (p & 31)) & 1) === 0) {
          this.winLand[row + i] = -1;
          this.winMember[row + i] = -1;
          continue;
        }
        this.winLand[row + i] = r;
        if (m < 0) m = rankBefore(this.memberWords, this.memberRank, r);
        if (((this.memberWords[r >>> 5]! >>> (r & 31)) & 1) === 1) this.winMember[row + i] = m++;
        else this.winMember[row + i] = -1;
        r++;
      }
    }
  }

  /** Land rank of the window's pixel (dx, dy) from its centre, or −1 at sea. */
  private wLand(dx: number, dy: number): number {
    return this.winLand[(dy + WIN) * WIN_SIDE + dx + WIN]!;
  }

  private wMember(dx: number, dy: number): number {
    return this.winMember[(dy + WIN) * WIN_SIDE + dx + WIN]!;
  }

  /** Reads the heights of the window's pixels once (NaN at sea): every driver of a pixel reads them from there. */
  private fillHeights(): void {
    for (let dy = -WIN; dy <= WIN; dy++)
      for (let dx = -WIN; dx <= WIN; dx++) {
        const r = this.wLand(dx, dy);
        this.winZ[(dy + WIN) * WIN_SIDE + dx + WIN] = r < 0 ? NaN : this.lut[this.grey[r]!]!;
      }
  }

  /** Height of the window's pixel (dx, dy), m: sea at 0, as the slopes of the build. */
  private heightAt(dx: number, dy: number): number {
    const z = this.winZ[(dy + WIN) * WIN_SIDE + dx + WIN]!;
    // NaN (sea) and depressions below sea level read 0
    return z > 0 ? z : 0;
  }

  private latOf(y: number): number {
    return 90 - ((y + 0.5) * 180) / this.height;
  }

  private lonOf(x: number): number {
    return -180 + ((x + 0.5) * 360) / this.width;
  }

  /**
   * The drivers of a point, read at the point: every driver of the 2′ pixels whose centres surround it (the four
   * nearest), weighted bilinearly by the point's position among them (land pixels only), so that a driver changes
   * gradually between pixel centres instead of stepping at a pixel's edge (2 km apart, a point could otherwise move
   * from a floodplain pixel to a terrace pixel and jump three bands). A point at a pixel's centre reads that pixel
   * alone. Where none of the four is land, the nearest land pixel around the point's own is read alone. null where
   * neither it nor a neighbour is land. `nearSea` false skips the search for the sea (its hexagon lies far inland):
   * the distance is then null.
   */
  sample(lat: number, lon: number, nearSea = true): PointSample | null {
    const W = this.width,
      H = this.height;
    const own = this.ownLandPixel(lat, lon);
    if (!own) return null;
    const fx = ((lon + 180) / 360) * W - 0.5,
      fy = ((90 - lat) / 180) * H - 0.5;
    const x0 = Math.floor(fx),
      y0 = Math.floor(fy);
    // a point at a pixel's centre (to rounding) reads that pixel alone
    const tx = snapUnit(fx - x0),
      ty = snapUnit(fy - y0);
    const read: { w: number; px: PixelDrivers }[] = [];
    for (const [dx, dy, w] of [
      [0, 0, (1 - tx) * (1 - ty)],
      [1, 0, tx * (1 - ty)],
      [0, 1, (1 - tx) * ty],
      [1, 1, tx * ty],
    ] as const) {
      const y = y0 + dy;
      if (w <= 0 || y < 0 || y >= H) continue;
      const x = (((x0 + dx) % W) + W) % W;
      if (!this.isLandPx(x, y)) continue;
      read.push({ w, px: this.pixelDrivers(x, y) });
    }
    if (!read.length) read.push({ w: 1, px: this.pixelDrivers(own.x, own.y) });
    let total = 0,
      elev = 0,
      slope = 0,
      steep = 0,
      relief = 0,
      low = 0,
      urban = 0;
    for (const { w, px } of read) {
      total += w;
      elev += w * px.elevM;
      slope += w * px.slopeDeg;
      steep += w * px.steepSlopeDeg;
      relief += w * px.reliefM;
      low += w * px.lowShare;
      urban += w * (px.urbanShare ?? 0);
    }
    return {
      pixelLat: this.latOf(own.y),
      pixelLon: this.lonOf(own.x),
      elevM: elev / total,
      slopeDeg: slope / total,
      steepSlopeDeg: steep / total,
      reliefM: relief / total,
      lowShare: low / total,
      urbanShare: read[0]!.px.urbanShare === null ? null : urban / total,
      coastKm: nearSea ? this.coastKm(lat, lon, own.x, own.y) : null,
      river: this.mappedRiver(
        blendRivers(read.map((r) => ({ w: r.w / total, river: r.px.river }))),
        lat,
        lon,
        slope / total,
        relief / total,
      ),
    };
  }

  /**
   * The point's floodplain re-read from the mapped line of its river (withMappedLine) when the river is large enough to
   * be mapped (MAPPED_RIVER_MIN_KM2) and a mapped line lies where the grid could put its channel: within the grid's
   * distance to it, VALLEY_POSITION_PX pixels and the line's error. Otherwise the grid's reading stands.
   */
  private mappedRiver(
    r: PointRiver | null,
    lat: number,
    lon: number,
    slopeDeg: number,
    reliefM: number,
  ): PointRiver | null {
    if (!this.lines || !r || r.areaKm2 < MAPPED_RIVER_MIN_KM2) return r;
    const line = this.lines.nearest(lat, lon, r.channelKm + VALLEY_POSITION_PX * this.pixelKm + MAPPED_LINE_ERROR_KM);
    return line ? withMappedLine(r, line.km, slopeDeg, reliefM, this.pixelKm) : r;
  }

  /** The 2′ pixel a point lies in, or its nearest land neighbour when that pixel is sea at 2′; null without either. */
  private ownLandPixel(lat: number, lon: number): { x: number; y: number } | null {
    const W = this.width,
      H = this.height;
    let x = Math.floor(((lon + 180) / 360) * W);
    x = ((x % W) + W) % W;
    const y = Math.min(H - 1, Math.max(0, Math.floor(((90 - lat) / 180) * H)));
    if (this.isLandPx(x, y)) return { x, y };
    // a shore point whose 2′ pixel is mostly sea: its nearest land neighbour
    let best = Infinity,
      bx = -1,
      by = -1;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        if (!this.isLandPx(x + dx, y + dy)) continue;
        const d = this.km(lat, lon, this.latOf(y + dy), this.lonOf((x + dx + W) % W));
        if (d < best) {
          best = d;
          bx = (x + dx + W) % W;
          by = y + dy;
        }
      }
    return bx < 0 ? null : { x: bx, y: by };
  }

  /** The drivers of one land pixel (x, y), read from the window around it. */
  private pixelDrivers(x: number, y: number): PixelDrivers {
    const r = this.rank(x, y);
    this.fillWindow(x, y);
    this.fillHeights();
    const reliefM = this.relief();
    return {
      elevM: this.lut[this.grey[r]!]!,
      slopeDeg: this.slope(y),
      steepSlopeDeg: this.steepestSlope(y),
      reliefM,
      lowShare: this.lowShare(),
      urbanShare: this.urbanShare(),
      river: this.riverAt(y, reliefM),
    };
  }

  /**
   * The river whose flood reaches a point, from the point's own ground. A point's 2′ pixel is compared with the
   * channels of the floodplain pixels within FLOODPLAIN_REACH_PX pixels (each names its channel: that pixel's height
   * less its height above it, and the channel's drainage area and distance): the point's own height above that
   * channel, h, and its distance to it, d (to the floodplain pixel, then on to its channel), must both fit within the
   * channel's flood stage and the height allowance of the 2′ relief (HEIGHT_ALLOWANCE_MAX_M):
   * h + FLOOD_FALL_M_PER_KM·d < floodStageM(A) + allowance. So a point level with its channel may lie kilometres from
   * it (a wide plain), one near the limit only beside it, and a terrace or ridge above it never, however close; and d
   * must fit within the valley floor that the relief around the point leaves (valleyReachKm), so a plateau beside a
   * gorge that the grid smooths level with its river stays out. Of the channels that reach the point, it takes the one of largest
   * mean flow (the rasterised main river of a town whose own pixel drains first to a tributary still floods it).
   * Membership is the point's own flatness (1 up to FLOODPLAIN_FLAT_DEG of 2′ slope, 0 from FLOODPLAIN_STEEP_DEG)
   * times the share of its pixel's width that the floodplain covers (valleyShare) times the flood depth left there
   * (the limit less h and the distance's fall, as a share of the limit).
   */
  private riverAt(y: number, reliefM: number): PointRiver | null {
    const z = this.heightAt(0, 0);
    const allowanceM = Math.min(HEIGHT_ALLOWANCE_MAX_M, Math.max(reliefM, this.greyStepM(this.wLand(0, 0))));
    const cos = Math.cos(this.latOf(y) * RAD);
    let best = -1,
      bestChannelM = 0,
      bestKm = 0,
      bestMargin = 0,
      bestStage = 0;
    for (let dy = -FLOODPLAIN_REACH_PX; dy <= FLOODPLAIN_REACH_PX; dy++)
      for (let dx = -FLOODPLAIN_REACH_PX; dx <= FLOODPLAIN_REACH_PX; dx++) {
        const m = this.wMember(dx, dy);
        if (m < 0) continue;
        const channelM = this.heightAt(dx, dy) - this.hand[m]!;
        const stage = STAGE_OF_AREA_CODE[this.area[m]!]!;
        const km = this.pixelKm * Math.hypot(dx * cos, dy) + this.dist[m]! * CHANNEL_DIST_STEP_KM;
        const margin = stage + allowanceM - Math.max(0, z - channelM) - FLOOD_FALL_M_PER_KM * km;
        if (margin <= 0) continue;
        if (km > valleyReachKm(stage, reliefM, this.pixelKm)) continue;
        if (
          best >= 0 &&
          (this.flow[m]! < this.flow[best]! || (this.flow[m] === this.flow[best] && margin <= bestMargin))
        )
          continue;
        best = m;
        bestChannelM = channelM;
        bestKm = km;
        bestMargin = margin;
        bestStage = stage;
      }
    if (best < 0) return null;
    const areaKm2 = areaOfCode(this.area[best]!);
    const flat = flatnessOf(this.slope(y));
    const gradient = this.sideGradient(0, 0, y);
    const widthKm = gradient > 0 ? (2 * floodStageM(areaKm2)) / gradient / 1000 : Infinity;
    const valleyShare = Math.min(1, widthKm / this.pixelKm);
    const depthShare = bestMargin / (bestStage + allowanceM);
    return {
      handM: Math.round(Math.max(0, z - bestChannelM)),
      membership: flat * valleyShare * depthShare,
      valleyShare,
      depthShare,
      flowM3s: flowOfCode(this.flow[best]!),
      areaKm2,
      channelKm: Math.round(bestKm * 2) / 2,
      stageM: bestStage,
      allowanceM,
    };
  }

  /** The larger step between a land pixel's grey level and the levels either side of it, m. */
  private greyStepM(r: number): number {
    const g = this.grey[r]!,
      z = this.lut[g]!;
    return Math.max(g < 255 ? this.lut[g + 1]! - z : 0, g > 0 ? z - this.lut[g - 1]! : 0);
  }

  /**
   * Mean rise from pixel (x, y) to its 8 neighbours (a neighbour below counts as level), m per m: the sides of the
   * valley it lies in. A pixel between two valley sides rises on both; one hill beside a plain rises on one.
   */
  private sideGradient(cx: number, cy: number, y: number): number {
    const z = this.heightAt(cx, cy);
    const cos = Math.max(Math.cos(this.latOf(y) * RAD), 0.01);
    let sum = 0,
      n = 0;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        if ((!dx && !dy) || y + dy < 0 || y + dy >= this.height) continue;
        const d = this.pixelKm * 1000 * Math.hypot(dx * cos, dy);
        sum += Math.max(0, this.heightAt(cx + dx, cy + dy) - z) / d;
        n++;
      }
    return n ? sum / n : 0;
  }

  /** Slope of pixel (x, y), degrees: central differences of the calibrated heights, as the build's 2′ slopes. */
  private slope(y: number): number {
    if (y <= 0 || y >= this.height - 1) return 0;
    const step = this.pixelKm * 1000;
    const dx = step * Math.cos(this.latOf(y) * RAD),
      dy = step;
    const gx = (this.heightAt(1, 0) - this.heightAt(-1, 0)) / (2 * dx);
    const gy = (this.heightAt(0, -1) - this.heightAt(0, 1)) / (2 * dy);
    return Math.atan(Math.hypot(gx, gy)) / RAD;
  }

  /**
   * Steepest slope of the land pixels within STEEP_WINDOW_PX of the window's centre, degrees: the largest of their
   * gradients, each by central differences as slope() reads the centre's.
   */
  private steepestSlope(y: number): number {
    const step = this.pixelKm * 1000;
    let steepest = 0;
    for (let dy = -STEEP_WINDOW_PX; dy <= STEEP_WINDOW_PX; dy++) {
      const yy = y + dy;
      if (yy <= 0 || yy >= this.height - 1) continue;
      const dxM = 2 * step * Math.cos(this.latOf(yy) * RAD),
        dyM = 2 * step;
      for (let dx = -STEEP_WINDOW_PX; dx <= STEEP_WINDOW_PX; dx++) {
        if (this.wLand(dx, dy) < 0) continue;
        const gx = (this.heightAt(dx + 1, dy) - this.heightAt(dx - 1, dy)) / dxM;
        const gy = (this.heightAt(dx, dy - 1) - this.heightAt(dx, dy + 1)) / dyM;
        steepest = Math.max(steepest, Math.hypot(gx, gy));
      }
    }
    return Math.atan(steepest) / RAD;
  }

  /** Built-up share of the land pixels within URBAN_WINDOW_PX of the pixel read; null without built-up pixels. */
  private urbanShare(): number | null {
    return this.urbanWords ? this.windowShare(this.urbanWords, URBAN_WINDOW_PX) : null;
  }

  /** Low-lying share of the land pixels within LOW_WINDOW_PX of the pixel read. */
  private lowShare(): number {
    return this.windowShare(this.lowWords, LOW_WINDOW_PX);
  }

  /** Share of the land pixels within `radius` pixels of the pixel read whose bit (by land rank) is set in `words`. */
  private windowShare(words: Uint32Array, radius: number): number {
    let land = 0,
      set = 0;
    for (let dy = -radius; dy <= radius; dy++)
      for (let dx = -radius; dx <= radius; dx++) {
        const r = this.wLand(dx, dy);
        if (r < 0) continue;
        land++;
        if (((words[r >>> 5]! >>> (r & 31)) & 1) === 1) set++;
      }
    return land ? set / land : 0;
  }

  /** Height range of the land pixels around (x, y), m. */
  private relief(): number {
    let lo = Infinity,
      hi = -Infinity;
    for (let dy = -RELIEF_WINDOW_PX; dy <= RELIEF_WINDOW_PX; dy++)
      for (let dx = -RELIEF_WINDOW_PX; dx <= RELIEF_WINDOW_PX; dx++) {
        const z = this.winZ[(dy + WIN) * WIN_SIDE + dx + WIN]!;
        // NaN at sea: never below or above
        if (z < lo) lo = z;
        if (z > hi) hi = z;
      }
    return hi >= lo ? hi - lo : 0;
  }

  private km(lat1: number, lon1: number, lat2: number, lon2: number): number {
    let dLon = Math.abs(lon2 - lon1);
    if (dLon > 180) dLon = 360 - dLon;
    const dx = dLon * RAD * Math.cos(((lat1 + lat2) / 2) * RAD),
      dy = (lat2 - lat1) * RAD;
    return Math.hypot(dx, dy) * R_KM;
  }

  /** Distance from the point to the nearest sea pixel's edge, km, within COAST_SEARCH_KM; else null. */
  private coastKm(lat: number, lon: number, x: number, y: number): number | null {
    const ry = Math.ceil(COAST_SEARCH_KM / this.pixelKm);
    const cos = Math.max(Math.cos(lat * RAD), 0.05);
    const rx = Math.min(this.width >> 1, Math.ceil(ry / cos));
    let best = Infinity;
    // rows outward from the point's own (0, 1, −1, 2, −2, …): a row whose nearest pixel lies beyond the best
    // distance found ends the search
    for (let k = 0; k <= 2 * ry; k++) {
      const dy = k & 1 ? (k + 1) >> 1 : -(k >> 1);
      if ((Math.abs(dy) - 1) * this.pixelKm > best) break;
      const yy = y + dy;
      if (yy < 0 || yy >= this.height) continue;
      const pl = this.latOf(yy);
      for (let dx = -rx; dx <= rx; dx++) {
        const xx = (x + dx + this.width) % this.width;
        const p = yy * this.width + xx;
        // 32 pixels of land in one word: skip them at once
        if ((p & 31) === 0 && this.landWords[p >>> 5] === 0xffffffff && dx + 31 <= rx && xx + 31 < this.width) {
          dx += 31;
          continue;
        }
        if (((this.landWords[p >>> 5]! >>> (p & 31)) & 1) === 1) continue;
        const d = this.km(lat, lon, pl, this.lonOf(xx));
        if (d < best) best = d;
      }
    }
    // from the sea pixel's centre to its edge: half a pixel
    const edge = best - this.pixelKm / 2;
    return best <= COAST_SEARCH_KM ? Math.max(0, edge) : null;
  }
}
