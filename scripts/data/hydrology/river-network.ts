/**
 * River-flood inputs from terrain hydrology on the 2′ relief: WDBII rivers burned in, Priority-Flood filling
 * with flats drained, D8 directions, drainage area and a runoff-weighted discharge proxy, then HAND and the
 * GFPLAIN floodplain rule, summed per H3 cell. The same chain HydroSHEDS uses to derive its networks, on a
 * coarser and grey-stepped relief.
 */
import type { GreyRelief } from "../climate/relief";
import { burnRivers, rasteriseRivers, seawardMinorRivers, RIVER_INTERMITTENT, RIVER_PERMANENT, riverKind, type RiverLine } from "./burn";
import { DIR_NONE, DIR_OUTLET, DIR_SINK, downstream, type HydroGrid } from "./hydro-grid";
import { depressions, drainageOrder, drainToSink, isClosed } from "./closed-basins";
import { riverSystemsKeptApart } from "./river-systems";
import { priorityFlood } from "./priority-flood";
import { accumulate, d8Directions } from "./flow";
import { channelBedHeights, floodplainHeightM, heightAboveDrainage, nearestDrainage } from "./floodplain";
import { meanFlowM3s, runoffAt, type RunoffGrid } from "./runoff";
import { ramp } from "../../../app/risk/formulas";
import { GAUGE_AGREE_FACTOR, GAUGE_SEARCH_PX, RIVER_GAUGES, type RiverGauge } from "./gauges";

/** Flood levels per grey step of the relief: room for the burn depths below one step. */
export const LEVELS_PER_GREY = 4;
/**
 * Burn depth in levels per WDBII level (0 double-lined, 1 permanent major, 2 additional major, 3 additional, 4 minor;
 * 5-7 intermittent). Major permanent rivers sit 62 grey steps (hundreds of metres) below their banks, as HydroSHEDS
 * burns its rivers: the smoothed relief often puts a river's own pixel above the land beside it, and a shallow
 * burn let big rivers leave their beds (two grey steps kept the flow on 76 % of mapped permanent-river pixels, 62
 * keep it on 96 %). Additional and minor rivers sit 30 grey steps deep, which keeps that share at 96 %: where two
 * small rivers' heads touch across a divide on the 2′ grid (the Altmühl and the Rezat, between the Danube and the
 * Main), a burn as deep as a great river's made a conduit that captured the great river behind it. Minor rivers
 * joined to the sea within SEAWARD_MINOR_REACH_PX sit SEAWARD_MINOR_BURN_LEVELS deep. Intermittent rivers sit one
 * grey step below their banks.
 */
export const BURN_LEVELS_BY_WDBII: readonly number[] = [250, 250, 250, 120, 120, 4, 4, 4];
/**
 * Minor rivers joined to the sea along minor rivers (seawardMinorRivers) within this many pixels (≈ 3.7 km) are
 * burned SEAWARD_MINOR_BURN_LEVELS deep. The Orinoco's delta arms, minor lines, run 20-30 pixels from the sea to
 * the end of its mapped main stem; with a reach of 80 or more the Loire leaves its bed above Montjean.
 */
export const SEAWARD_MINOR_REACH_PX = 40;
/**
 * Burn depth of those seaward minor rivers, in levels (50 grey steps): deeper than other minor rivers, so that a
 * delta's arms do not dam a great river at its mouth (at 30 steps the Orinoco above the Apure drained backwards
 * through the Casiquiare to the Amazon), and shallower than a major river, so that a distributary does not take a
 * river from its own mapped mouth (as deep as a major river, Bayou Lafourche took the Mississippi from New Orleans).
 */
export const SEAWARD_MINOR_BURN_LEVELS = 200;
/** Drainage area from which a flow path counts as a channel with its own floodplain, km². */
export const CHANNEL_MIN_KM2 = 1000;
/** Channel pixels (≈ 3.7 km each) above and below a reach whose heights bound its bed: the length of a smoothed gorge. */
export const CHANNEL_BED_WINDOW_PX = 3;
/** GFPLAIN rule h ≤ a·A^b (h m, A km²): b from hydraulic geometry (Nardi et al. 2006, 2019), a = 1 m. One rule for cells and points. */
import { FLOODPLAIN_FLAT_DEG, FLOODPLAIN_STEEP_DEG, GFPLAIN_A, GFPLAIN_B } from "../../../app/risk/point/point-drivers";
export { FLOODPLAIN_FLAT_DEG, FLOODPLAIN_STEEP_DEG, GFPLAIN_A, GFPLAIN_B };

export interface RiverNetwork {
  /** Per cell: share of its 2′ land pixels in the GFPLAIN floodplain of a channel ≥ CHANNEL_MIN_KM2 (valley floors, weighted by flatness). */
  floodplainShare: Float64Array;
  /** Per cell: drainage area of the largest such channel, km² (0 without a floodplain). */
  upstreamKm2: Float64Array;
  /** Per cell: mean-flow proxy of that channel (runoff-weighted accumulation), m³/s. */
  flowM3s: Float64Array;
  stats: { riverPixelsPermanent: number; riverPixelsFollowed: number; riverPixelsIntermittent: number; seawardMinorPixels: number; riverSystemsApart: number; riverSystemContacts: number; closedBasins: number; steepestDescent: number; unreached: number; channelPixels: number; floodplainPixels: number; landPixels: number };
  /** The closed basins found, largest lake first: where each keeps its water and why (closed-basins.ts). */
  closedBasins: ClosedBasin[];
  /** Drainage areas routed at the river gauges (gauges.ts) beside their published ones. */
  gauges: GaugeArea[];
  /** Every floodplain pixel on its own, for scoring a point from its own pixel (the cells' shares sum these). */
  members: FloodplainMembers;
  /** Flow directions on the 2′ grid (DIR_OUTLET marks the sea). */
  dir: Uint8Array;
}

/**
 * The floodplain pixels of the 2′ grid, parallel arrays in grid order: the pixel, its height above the channel it
 * drains to (m), its flatness weight (what it adds to its cell's floodplain share), that channel's drainage area
 * (km²) and pixel, and once flows are known the channel's mean flow (m³/s).
 */
export interface FloodplainMembers {
  pixel: Int32Array;
  channel: Int32Array;
  handM: Float32Array;
  areaKm2: Float32Array;
  flowM3s: Float32Array;
}

const R_KM = 6371.0088;

const emptyMembers = (): FloodplainMembers => ({ pixel: new Int32Array(0), channel: new Int32Array(0), handM: new Float32Array(0), areaKm2: new Float32Array(0), flowM3s: new Float32Array(0) });

/**
 * The terrain half of the network: directions, drainage areas, floodplains per cell, and for every floodplain
 * pixel the channel pixel it drains to (so that a discharge proxy can be accumulated and read per cell without
 * redoing the terrain).
 */
export interface RiverGeometry {
  grid: HydroGrid;
  dir: Uint8Array;
  order: Int32Array;
  count: number;
  /** Pixel areas, km², per row. */
  areaOfRow: Float64Array;
  latOf: (y: number) => number;
  lonOf: (x: number) => number;
  floodplainShare: Float64Array;
  upstreamKm2: Float64Array;
  /** Cell and channel pixel of every floodplain pixel (parallel arrays). */
  pairCell: Int32Array;
  pairChannel: Int32Array;
  /** Lakes and reservoirs (see RiverInputs.lake): they store the flood waves that reach them. */
  lake?: Uint8Array;
  /** The same floodplain pixels, in the same order, with their own values (flows filled by channelFlows). */
  members?: FloodplainMembers;
  stats: RiverNetwork["stats"];
  gauges: GaugeArea[];
  closedBasins: ClosedBasin[];
}

/** A closed basin: its sink, the lake its filling made (km²), and that lake's yearly inflow and loss (km²·mm). */
export interface ClosedBasin {
  lat: number;
  lon: number;
  lakeKm2: number;
  inflowKm2Mm: number;
  lossKm2Mm: number;
}

/**
 * Smallest lake at its spill, km², whose depression may be closed (about 75 pixels at 45°): a hollow of a few
 * pixels, and the lake it would hold, is within the smoothed relief's noise.
 */
export const CLOSED_BASIN_MIN_LAKE_KM2 = 1000;

/**
 * How many times its inflow a lake must lose to be closed. The year's rain is estimated from July and December
 * (6 × their sum), and runoff and evaporation from it, so where the two sides lie within a quarter of each other the
 * inputs cannot tell a closed lake from one that overflows, and the lake keeps draining over its spill: the
 * Missouri's reservoirs at Canyon Ferry (loss 1.00 × inflow) and Oahe (1.23 ×), where the mapped line stops at the
 * lake and so is not seen running on, read closed without it.
 */
export const CLOSED_BASIN_LOSS_MARGIN = 1.25;

/**
 * Latitude from which no basin is closed. Thornthwaite's PET scales each month by its day length, and where summer
 * days last 18 to 24 hours it reads a lake's surface losing 500-600 mm a year more than falls on it: around the
 * lakes of the Mackenzie's, the Lena's and the Taymyra's basins, which overflow into those rivers.
 */
export const CLOSED_BASIN_MAX_LAT_DEG = 60;

/** A gauge's published drainage area and the one the network routes there (the largest within GAUGE_SEARCH_PX). */
export interface GaugeArea {
  river: string;
  station: string;
  publishedKm2: number;
  modelledKm2: number;
}

/** The largest drainage area within `radius` pixels of each gauge: the main stem its station measures. */
export function gaugeAreas(g: HydroGrid, area: Float32Array, gauges: readonly RiverGauge[], radius: number): GaugeArea[] {
  const { width: W, height: H } = g;
  return gauges.map(({ river, station, lat, lon, areaKm2 }) => {
    const x0 = Math.floor(((lon + 180) / 360) * W), y0 = Math.floor(((90 - lat) / 180) * H);
    let best = 0;
    for (let y = Math.max(0, y0 - radius); y <= Math.min(H - 1, y0 + radius); y++)
      for (let x = x0 - radius; x <= x0 + radius; x++) best = Math.max(best, area[y * W + ((x % W) + W) % W]!);
    return { river, station, publishedKm2: areaKm2, modelledKm2: Math.round(best) };
  });
}

/** How many gauges read within GAUGE_AGREE_FACTOR of their published area, and the median factor they are off by. */
export function gaugeAgreement(gauges: readonly GaugeArea[]): { agree: number; total: number; medianFactor: number } {
  const factors = gauges.map((x) => Math.exp(Math.abs(Math.log(Math.max(x.modelledKm2, 1) / x.publishedKm2)))).sort((a, b) => a - b);
  const mid = factors.length >> 1;
  const medianFactor = factors.length === 0 ? 1 : factors.length % 2 ? factors[mid]! : (factors[mid - 1]! + factors[mid]!) / 2;
  return { agree: factors.filter((f) => f <= GAUGE_AGREE_FACTOR).length, total: factors.length, medianFactor };
}

/** What the river network is derived from: the relief, its calibration, the sea, the hexagon cells and the mapped rivers. */
export interface RiverInputs {
  relief: GreyRelief;
  greyToM: Float64Array;
  isSea: (lat: number, lon: number) => boolean;
  cellOf: (lat: number, lon: number) => number | undefined;
  cellCount: number;
  lines: readonly RiverLine[];
  /** Lakes and reservoirs on the relief's grid (1 = water standing on land; Natural Earth 50m lakes). */
  lake?: Uint8Array;
  /** Permanent ice on the relief's grid (1 = glacier, ice sheet or ice shelf; Natural Earth 50m): no floodplain. */
  ice?: Uint8Array;
  /** Potential evaporation less precipitation, mm/yr: what a lake's surface loses. Without it no basin is closed. */
  evaporationDeficit?: RunoffGrid;
}

export function riverGeometry({ relief, greyToM, isSea, cellOf, cellCount, lines, lake, ice, evaporationDeficit }: RiverInputs, runoff?: RunoffGrid): RiverGeometry {
  const { width: W, height: H, grey } = relief;
  const g: HydroGrid = { width: W, height: H, wrap: true };
  const n = W * H;
  const latOf = (y: number) => 90 - ((y + 0.5) * 180) / H;
  const lonOf = (x: number) => -180 + ((x + 0.5) * 360) / W;
  const sea = new Uint8Array(n);
  for (let y = 0; y < H; y++) {
    const lat = latOf(y);
    for (let x = 0; x < W; x++) if (isSea(lat, lonOf(x))) sea[y * W + x] = 1;
  }
  const riverLevel = rasteriseRivers(g, lines);
  const rivers = riverLevel.map(riverKind);
  let riverPixelsPermanent = 0, riverPixelsIntermittent = 0;
  for (let p = 0; p < n; p++) if (rivers[p] === RIVER_PERMANENT) riverPixelsPermanent++;
  else if (rivers[p] === RIVER_INTERMITTENT) riverPixelsIntermittent++;
  const seaward = seawardMinorRivers(g, riverLevel, (p) => sea[p] === 1, SEAWARD_MINOR_REACH_PX);
  const { z, levels } = burnRivers(grey, riverLevel, LEVELS_PER_GREY, BURN_LEVELS_BY_WDBII, { pixels: seaward.pixels, depth: SEAWARD_MINOR_BURN_LEVELS });
  const dir = new Uint8Array(n).fill(DIR_NONE);
  for (let p = 0; p < n; p++)
    if (sea[p] === 1) {
      dir[p] = DIR_OUTLET;
      z[p] = 0;
    }
  const burned = z.slice();
  const { apart, systems: riverSystemsApart, contacts: riverSystemContacts, systemOf } = riverSystemsKeptApart(g, lines);
  const riverSystem = (p: number) => (rivers[p] === RIVER_PERMANENT ? systemOf[p]! : -1);
  const cosRow = Float64Array.from({ length: H }, (_, y) => Math.cos((latOf(y) * Math.PI) / 180));
  const pixelSideKm = ((180 / H) * Math.PI * R_KM) / 180;
  const areaOfRow = Float64Array.from(cosRow, (c) => pixelSideKm * pixelSideKm * c);
  const pixelKm2 = (p: number) => areaOfRow[Math.floor(p / W)]!;
  const gridMm = (grid: RunoffGrid) => (p: number) => {
    const y = Math.floor(p / W);
    return runoffAt(grid, latOf(y), lonOf(p - y * W));
  };
  const preferred = (p: number) => rivers[p] === RIVER_PERMANENT;
  const isLake = (p: number) => lake?.[p] === 1;
  const flood = priorityFlood(g, z, dir, levels, preferred, apart);
  const steepestDescent = d8Directions(g, z, dir, (y) => cosRow[y]!, apart);
  let { order, count } = flood;
  // the lakes the filling made that would lose more than flows into them keep their water at a sink
  const closedBasins: ClosedBasin[] = [];
  if (runoff && evaporationDeficit) {
    const yearly = new Float32Array(n);
    accumulate(g, dir, order, count, (p) => pixelKm2(p) * gridMm(runoff)(p), yearly);
    const found = depressions(g, burned, z, dir, pixelKm2, gridMm(evaporationDeficit), yearly, { apart, lake: isLake, riverSystem });
    for (const d of found.list) {
      const y = Math.floor(d.lowest / W);
      if (Math.abs(latOf(y)) >= CLOSED_BASIN_MAX_LAT_DEG || !isClosed(d, CLOSED_BASIN_MIN_LAKE_KM2, CLOSED_BASIN_LOSS_MARGIN)) continue;
      drainToSink(g, dir, d, (p) => preferred(p) || isLake(p), apart);
      closedBasins.push({ lat: latOf(y), lon: lonOf(d.lowest - y * W), lakeKm2: d.areaKm2, inflowKm2Mm: d.inflowKm2Mm, lossKm2Mm: d.lossKm2Mm });
    }
    ({ order, count } = drainageOrder(g, dir));
  }
  closedBasins.sort((a, b) => b.lakeKm2 - a.lakeKm2);
  const area = new Float32Array(n);
  accumulate(g, dir, order, count, pixelKm2, area);
  // mapped permanent rivers whose flow stays on them (to the next river pixel, a lake or the sea): what the burn is for
  let riverPixelsFollowed = 0;
  for (let p = 0; p < n; p++) {
    if (rivers[p] !== RIVER_PERMANENT || dir[p] === DIR_OUTLET) continue;
    const q = downstream(g, dir, p);
    if (dir[p] === DIR_SINK || (q >= 0 && (rivers[q] === RIVER_PERMANENT || dir[q] === DIR_OUTLET || isLake(q)))) riverPixelsFollowed++;
  }
  let channelPixels = 0;
  const isChannel = (p: number) => area[p]! >= CHANNEL_MIN_KM2;
  const drain = nearestDrainage(
    g, dir, order, count,
    (p) => {
      const c = isChannel(p);
      if (c) channelPixels++;
      return c;
    },
    isLake,
  );
  const land = new Uint32Array(cellCount), plain = new Float64Array(cellCount);
  const upstreamKm2 = new Float64Array(cellCount);
  const heightM = (p: number) => Math.max(0, greyToM[grey[p]!]!);
  const greyStepM = (p: number) => {
    const v = grey[p]!;
    return v + 1 < greyToM.length ? greyToM[v + 1]! - greyToM[v]! : 0;
  };
  const bed = channelBedHeights(g, dir, order, count, isChannel, heightM, area, CHANNEL_BED_WINDOW_PX, greyStepM);
  const sideM = pixelSideKm * 1000;
  const slopeDeg = (x: number, y: number) => {
    if (y <= 0 || y >= H - 1) return 0;
    const z = (xx: number, yy: number) => heightM(yy * W + ((xx + W) % W));
    const gx = (z(x + 1, y) - z(x - 1, y)) / (2 * sideM * Math.max(cosRow[y]!, 0.01)), gy = (z(x, y - 1) - z(x, y + 1)) / (2 * sideM);
    return (Math.atan(Math.hypot(gx, gy)) * 180) / Math.PI;
  };
  let unreached = 0, floodplainPixels = 0, landPixels = 0;
  let pairs = new Int32Array(1 << 22), nPairs = 0;
  let own = new Float32Array(1 << 23);
  let ownPixel = new Int32Array(1 << 21);
  for (let y = 0; y < H; y++) {
    const lat = latOf(y);
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (dir[p] === DIR_OUTLET) continue;
      if (dir[p] === DIR_NONE) unreached++;
      // a lake is not land, and its shore drains to it rather than to a river (drain −1 below)
      if (isLake(p)) continue;
      const k = cellOf(lat, lonOf(x));
      if (k === undefined) continue;
      land[k]!++;
      landPixels++;
      const c = drain[p]!;
      if (c < 0 || ice?.[p] === 1) continue;
      const hand = heightAboveDrainage(p, drain, heightM, bed);
      if (hand > floodplainHeightM(area[c]!, GFPLAIN_A, GFPLAIN_B)) continue;
      const flat = ramp(slopeDeg(x, y), FLOODPLAIN_STEEP_DEG, FLOODPLAIN_FLAT_DEG);
      if (flat <= 0) continue;
      plain[k]! += flat;
      floodplainPixels += flat;
      if (area[c]! > upstreamKm2[k]!) upstreamKm2[k] = area[c]!;
      if (nPairs + 2 > pairs.length) {
        const grown = new Int32Array(pairs.length * 2);
        grown.set(pairs);
        pairs = grown;
        const grownOwn = new Float32Array(own.length * 2);
        grownOwn.set(own);
        own = grownOwn;
        const grownPixel = new Int32Array(ownPixel.length * 2);
        grownPixel.set(ownPixel);
        ownPixel = grownPixel;
      }
      const m = nPairs / 2;
      ownPixel[m] = p;
      own[4 * m] = hand;
      own[4 * m + 1] = flat;
      own[4 * m + 2] = area[c]!;
      pairs[nPairs++] = k;
      pairs[nPairs++] = c;
    }
  }
  const floodplainShare = new Float64Array(cellCount);
  for (let k = 0; k < cellCount; k++) floodplainShare[k] = land[k]! ? plain[k]! / land[k]! : 0;
  const pairCell = new Int32Array(nPairs / 2), pairChannel = new Int32Array(nPairs / 2);
  const nm = pairCell.length;
  const members: FloodplainMembers = { pixel: ownPixel.slice(0, nm), channel: pairChannel, handM: new Float32Array(nm), areaKm2: new Float32Array(nm), flowM3s: new Float32Array(nm) };
  for (let i = 0; i < nm; i++) {
    pairCell[i] = pairs[2 * i]!;
    pairChannel[i] = pairs[2 * i + 1]!;
    members.handM[i] = own[4 * i]!;
    members.areaKm2[i] = own[4 * i + 2]!;
  }
  return {
    grid: g, dir, order, count, areaOfRow, latOf, lonOf, floodplainShare, upstreamKm2, pairCell, pairChannel, lake, members,
    gauges: gaugeAreas(g, area, RIVER_GAUGES, GAUGE_SEARCH_PX),
    closedBasins,
    stats: { riverPixelsPermanent, riverPixelsFollowed, riverPixelsIntermittent, seawardMinorPixels: seaward.count, riverSystemsApart, riverSystemContacts, closedBasins: closedBasins.length, steepestDescent, unreached, channelPixels, floodplainPixels, landPixels },
  };
}

/**
 * Per cell, the mean-flow proxy (m³/s) of the largest channel whose floodplain lies in it: runoff accumulated
 * downstream from the last lake or reservoir upstream. A lake's storage flattens the floods that enter it (Lake
 * Ontario's outflow, the Nile below Lake Nasser since 1970), so only runoff generated below it makes a flood wave.
 */
export function channelFlows(geo: RiverGeometry, runoff: RunoffGrid, cellCount: number): Float64Array {
  const W = geo.grid.width;
  const flow = new Float32Array(geo.grid.width * geo.grid.height);
  accumulate(geo.grid, geo.dir, geo.order, geo.count, (p) => {
    const y = Math.floor(p / W);
    return geo.areaOfRow[y]! * runoffAt(runoff, geo.latOf(y), geo.lonOf(p - y * W));
  }, flow, geo.lake ? (p) => geo.lake![p] === 1 : undefined);
  const flowM3s = new Float64Array(cellCount);
  for (let i = 0; i < geo.pairCell.length; i++) {
    const k = geo.pairCell[i]!;
    const q = meanFlowM3s(flow[geo.pairChannel[i]!]!);
    if (geo.members) geo.members.flowM3s[i] = q;
    if (q > flowM3s[k]!) flowM3s[k] = q;
  }
  return flowM3s;
}

export function riverNetwork(inputs: RiverInputs, runoff: RunoffGrid): RiverNetwork {
  const { cellCount } = inputs;
  const geo = riverGeometry(inputs, runoff);
  const flowM3s = channelFlows(geo, runoff, cellCount);
  return { floodplainShare: geo.floodplainShare, upstreamKm2: geo.upstreamKm2, flowM3s, stats: geo.stats, gauges: geo.gauges, closedBasins: geo.closedBasins, members: geo.members ?? emptyMembers(), dir: geo.dir };
}
