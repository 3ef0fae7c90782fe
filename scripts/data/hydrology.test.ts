/** Terrain hydrology on small synthetic grids: each algorithm of the river network on a case worked by hand. */
import { describe, expect, it } from "vitest";
import { DIR_NONE, DIR_OUTLET, DIR_SINK, downstream, type HydroGrid } from "./hydrology/hydro-grid";
import { priorityFlood } from "./hydrology/priority-flood";
import { accumulate, d8Directions } from "./hydrology/flow";
import { burnRivers, rasteriseRivers, seawardMinorRivers, type RiverLine, RIVER_INTERMITTENT, RIVER_LEVEL_NONE, RIVER_NONE, RIVER_PERMANENT, riverKind } from "./hydrology/burn";
import { channelBedHeights, floodplainHeightM, heightAboveDrainage, nearestDrainage } from "./hydrology/floodplain";
import { effectiveTemperature, effectiveThornthwaitePet, meanFlowM3s, schreiberRunoffMm } from "./hydrology/runoff";
import { potentialEvap } from "../../app/risk/formulas";
import { BURN_LEVELS_BY_WDBII, channelFlows, gaugeAgreement, gaugeAreas, LEVELS_PER_GREY, type RiverGeometry, SEAWARD_MINOR_BURN_LEVELS, SEAWARD_MINOR_REACH_PX } from "./hydrology/river-network";
import { parseGmtSegments } from "./geography/wdbii";
import { rasteriseRiverSystems, riverSystems } from "./hydrology/river-systems";
import { depressions, drainageOrder, drainToSink, isClosed } from "./hydrology/closed-basins";

/** A grid from rows of heights; "S" marks sea. */
function grid(rows: (number | "S")[][]): { g: HydroGrid; z: Uint16Array; dir: Uint8Array } {
  const H = rows.length, W = rows[0]!.length;
  const z = new Uint16Array(W * H), dir = new Uint8Array(W * H).fill(DIR_NONE);
  rows.forEach((r, y) =>
    r.forEach((v, x) => {
      if (v === "S") dir[y * W + x] = DIR_OUTLET;
      else z[y * W + x] = v;
    }),
  );
  return { g: { width: W, height: H, wrap: false }, z, dir };
}

/** The pixels a drop passes from p to the sea (throws on a cycle). */
function path(g: HydroGrid, dir: Uint8Array, p: number): number[] {
  const out = [p];
  for (let q = p; dir[q]! < 8; ) {
    q = downstream(g, dir, q);
    if (out.includes(q)) throw new Error(`cycle at ${q}`);
    out.push(q);
  }
  return out;
}

/** Where a drop from p reaches the sea once burned heights are routed to the given outlets, each lowered to 0. */
function mouthFrom(g: HydroGrid, z: Uint16Array, levels: number, outlets: Iterable<number>, p: number): number | undefined {
  const dir = new Uint8Array(g.width * g.height).fill(DIR_NONE);
  for (const o of outlets) {
    dir[o] = DIR_OUTLET;
    z[o] = 0;
  }
  priorityFlood(g, z, dir, levels);
  d8Directions(g, z, dir);
  return path(g, dir, p).at(-1);
}

function condition(rows: (number | "S")[][]) {
  const { g, z, dir } = grid(rows);
  const levels = Math.max(...z) + 1;
  const flood = priorityFlood(g, z, dir, levels);
  d8Directions(g, z, dir);
  return { g, z, dir, flood };
}

describe("Priority-Flood", () => {
  it("fills a pit to its spill level and drains it over the spill", () => {
    const { g, z, dir, flood } = condition([
      ["S", 5, 5, 5, 5],
      ["S", 5, 9, 9, 9],
      ["S", 4, 9, 1, 9],
      ["S", 5, 9, 9, 9],
      ["S", 5, 5, 5, 5],
    ]);
    const pit = 2 * 5 + 3;
    // the lowest way out of the pit crosses a 9: the pit fills to 9 and is drained, never left as a sink
    expect(z[pit]).toBe(9);
    expect(flood.count).toBe(20);
    expect(path(g, dir, pit).at(-1)).toBe(2 * 5 + 0);
    for (let p = 0; p < 25; p++) expect(dir[p]).not.toBe(DIR_NONE);
  });

  it("drains a flat along the shortest way to its outlet, with no cycle", () => {
    const rows: (number | "S")[][] = [
      [9, 9, 9, 9, 9, 9, 9],
      [9, 3, 3, 3, 3, 9, 9],
      [9, 3, 3, 3, 3, 9, 9],
      [9, 3, 3, 3, 3, 2, "S"],
      [9, 9, 9, 9, 9, 9, 9],
    ];
    const { g, dir } = condition(rows);
    // every flat pixel reaches the sea through the one outlet (the 2 on the east side, then the sea)
    for (let y = 1; y <= 3; y++)
      for (let x = 1; x <= 4; x++) {
        const route = path(g, dir, y * 7 + x);
        expect(route.slice(-2)).toEqual([3 * 7 + 5, 3 * 7 + 6]);
        // breadth-first across the flat: as many steps as the Chebyshev distance to the outlet pixel
        expect(route.length).toBe(Math.max(5 - x, 3 - y) + 2);
      }
  });
});

describe("closed basins by their water balance", () => {
  // a basin (3s around a 1) behind a rim of 9s, whose lowest way out is the 7 on its west side, then land to the sea
  const rows: (number | "S")[][] = [
    ["S", 5, 9, 9, 9, 9],
    ["S", 5, 9, 3, 3, 9],
    ["S", 5, 9, 3, 1, 9],
    ["S", 5, 7, 3, 3, 9],
    ["S", 5, 9, 9, 9, 9],
  ];
  const W = 6, floor = 2 * W + 4, spill = 3 * W + 2;
  /** The filled grid and its one depression, with 1 km² pixels, `runoffMm` of runoff and `lossMm` lost per pixel. */
  function fill(runoffMm: number, lossMm: number) {
    const { g, z, dir } = grid(rows);
    const burned = z.slice();
    const flood = priorityFlood(g, z, dir, 10);
    d8Directions(g, z, dir);
    const yearly = new Float64Array(W * 5);
    accumulate(g, dir, flood.order, flood.count, () => runoffMm, yearly);
    return { g, burned, z, dir, yearly, found: depressions(g, burned, z, dir, () => 1, () => lossMm, yearly).list };
  }

  it("finds the lake a filling makes, with its area, its loss, what flows out over its spill and its lowest pixel", () => {
    const { z, yearly, found } = fill(100, 2000);
    expect(z[floor]).toBe(7);
    expect(found).toHaveLength(1);
    const [lake] = found;
    // the six raised pixels are the lake; what leaves it is all that reaches the spill
    expect(lake!.areaKm2).toBe(6);
    expect(lake!.lossKm2Mm).toBe(6 * 2000);
    expect(lake!.inflowKm2Mm).toBe(yearly[spill]! - 100);
    expect(lake!.inflowKm2Mm).toBeGreaterThanOrEqual(6 * 100);
    expect(lake!.lowest).toBe(floor);
  });

  it("counts the water that crosses an island at the lake's level and runs back into the lake as still in it", () => {
    const { g, z, dir } = grid([
      ["S", 5, 9, 9, 9, 9, 9],
      ["S", 5, 9, 3, 3, 3, 9],
      ["S", 5, 9, 3, 7, 3, 9],
      ["S", 5, 7, 3, 3, 1, 9],
      ["S", 5, 9, 9, 9, 9, 9],
    ]);
    const W7 = 7, island = 2 * W7 + 4, spill7 = 3 * W7 + 2;
    const burned = z.slice();
    const flood = priorityFlood(g, z, dir, 10);
    d8Directions(g, z, dir);
    const yearly = new Float64Array(W7 * 5);
    accumulate(g, dir, flood.order, flood.count, () => 1, yearly);
    const [lake] = depressions(g, burned, z, dir, () => 1, () => 0, yearly).list;
    // the island is not raised, and some of the lake drains across it
    expect(z[island]).toBe(burned[island]);
    expect(Array.from({ length: W7 * 5 }, (_, p) => p).some((p) => z[p]! > burned[p]! && downstream(g, dir, p) === island)).toBe(true);
    // what leaves the lake leaves over the spill, counted once
    for (const p of lake!.exits) expect(downstream(g, dir, p)).toBe(spill7);
    expect(lake!.inflowKm2Mm).toBe(lake!.exits.reduce((sum, p) => sum + yearly[p]!, 0));
    expect(lake!.inflowKm2Mm).toBeLessThanOrEqual(yearly[spill7]! - 1);
  });

  it("sinks a closed basin in its standing water where it holds some, not in the lowest bed that feeds it", () => {
    const { g, burned, z, dir, yearly } = fill(100, 2000);
    const shore = 1 * W + 3;
    const [lake] = depressions(g, burned, z, dir, () => 1, () => 2000, yearly, { lake: (p) => p === shore || p === 1 * W + 4 }).list;
    expect(lake!.lowest).toBe(shore);
  });

  it("closes a basin whose lake would lose more than flows in, and leaves one open that fills and overflows", () => {
    const dry = fill(100, 2000).found[0]!, wet = fill(100, 50).found[0]!;
    expect(isClosed(dry, 6)).toBe(true);
    expect(isClosed(wet, 6)).toBe(false);
    // a lake smaller than the least that may close stays open
    expect(isClosed(dry, 7)).toBe(false);
    // and so does one whose loss does not exceed its inflow by the margin
    const ratio = dry.lossKm2Mm / dry.inflowKm2Mm;
    expect(isClosed(dry, 6, ratio * 0.99)).toBe(true);
    expect(isClosed(dry, 6, ratio * 1.01)).toBe(false);
  });

  it("leaves a dry basin open where a river that feeds it runs on from it, and closed where its spill leads to another river", () => {
    const { g, burned, z, dir, yearly } = fill(100, 2000);
    const lakeWith = (system: Map<number, number>) =>
      depressions(g, burned, z, dir, () => 1, () => 2000, yearly, { riverSystem: (p) => system.get(p) ?? -1 }).list[0]!;
    // river 1 from the rim down to the lake's floor; beyond the spill, a river of the same system or of another one
    const feeder: [number, number][] = [[2 * W + 5, 1], [floor, 1]];
    const same = lakeWith(new Map([...feeder, [3 * W + 1, 1]]));
    expect(same.riverRunsOn).toBe(true);
    expect(isClosed(same, 0)).toBe(false);
    const other = lakeWith(new Map([...feeder, [3 * W + 1, 2]]));
    expect(other.riverRunsOn).toBe(false);
    expect(isClosed(other, 0)).toBe(true);
    // a river that runs only outside the lake, past its spill, does not feed it
    expect(lakeWith(new Map([[3 * W + 1, 1]])).riverRunsOn).toBe(false);
  });

  it("drains a closed lake to its sink: what drained into it ends there, the land outside still reaches the sea", () => {
    const { g, dir, found } = fill(100, 2000);
    const [lake] = found;
    drainToSink(g, dir, lake!, () => false);
    expect(dir[floor]).toBe(DIR_SINK);
    for (const p of [...lake!.pixels, 2 * W + 5, 1 * W + 5]) expect(path(g, dir, p).at(-1)).toBe(floor);
    expect(path(g, dir, 2 * W + 1).at(-1)).toBe(2 * W);
    // every land pixel once, each after the pixel it drains to
    const { order, count } = drainageOrder(g, dir);
    expect(count).toBe(W * 5 - 5);
    const at = new Map(Array.from(order.subarray(0, count), (p, i) => [p, i]));
    expect(at.size).toBe(count);
    for (const [p, i] of at) {
      const q = downstream(g, dir, p);
      if (q >= 0 && dir[q] !== DIR_OUTLET) expect(at.get(q)!).toBeLessThan(i);
    }
  });
});

describe("a closed lake's flat surface", () => {
  it("drains along its mapped river to the sink, and by the shortest way without it", () => {
    // a lake filled flat; a mapped river along row 1; its sink at the east end of row 2
    const W = 6, H = 4, sink = 2 * W + 5, head = 1 * W + 0;
    const g: HydroGrid = { width: W, height: H, wrap: false };
    const river = (p: number) => Math.floor(p / W) === 1;
    const headPath = (preferred: (p: number) => boolean) => {
      const dir = new Uint8Array(W * H).fill(DIR_NONE);
      const pixels = Array.from({ length: W * H }, (_, p) => p);
      drainToSink(g, dir, { areaKm2: W * H, lossKm2Mm: 0, inflowKm2Mm: 0, lowest: sink, exits: [], pixels, riverRunsOn: false }, preferred);
      return path(g, dir, head);
    };
    const along = headPath(river);
    expect(along.at(-1)).toBe(sink);
    expect(along.slice(0, -1).every(river)).toBe(true);
    expect(headPath(() => false).slice(0, -1).every(river)).toBe(false);
  });
});

describe("Priority-Flood with mapped rivers preferred", () => {
  it("drains a filled flat along its mapped river, and the land beside it to the river", () => {
    // a depression: a mapped river (1) along row 1 and low land (2) below it, filled to the sill (5) at the east
    // side of row 3, which leads to the sea
    const rows: (number | "S")[][] = [
      [9, 9, 9, 9, 9, 9, 9, 9, 9],
      [9, 1, 1, 1, 1, 1, 1, 9, 9],
      [9, 2, 2, 2, 2, 2, 2, 9, 9],
      [9, 2, 2, 2, 2, 2, 2, 5, "S"],
      [9, 9, 9, 9, 9, 9, 9, 9, 9],
    ];
    const W = 9;
    const river = (p: number) => Math.floor(p / W) === 1 && p % W >= 1 && p % W <= 6;
    const drain = (preferred?: (p: number) => boolean) => {
      const { g, z, dir } = grid(rows);
      priorityFlood(g, z, dir, Math.max(...z) + 1, preferred);
      d8Directions(g, z, dir);
      return (p: number) => path(g, dir, p);
    };
    const plain = drain(), withRiver = drain(river);
    // breadth-first alone, the river's head crosses the flat diagonally, leaving its course at once
    expect(plain(1 * W + 1)[1]).not.toBe(1 * W + 2);
    // with the river preferred, its head runs down its own course to the sill and the sea
    const route = withRiver(1 * W + 1);
    expect(route.slice(0, 5)).toEqual([1, 2, 3, 4, 5].map((x) => 1 * W + x));
    expect(route.slice(-2)).toEqual([3 * W + 7, 3 * W + 8]);
    // the land beside it drains to the river, the nearest river pixel first
    expect(river(withRiver(2 * W + 2)[1]!)).toBe(true);
  });
});

describe("river systems kept apart", () => {
  it("joins lines that share an end or end on another line, and keeps apart a line that ends beside one", () => {
    const line = (points: [number, number][]): RiverLine => ({ kind: 1, level: 4, points });
    const s = riverSystems(
      [
        line([[0, 0], [1, 0]]),
        line([[1, 0], [2, 0]]), // shares an end with the first (a tile cut)
        line([[1.5, 0.01], [1.5, 1]]), // a tributary whose mouth lies 0.01° off the main stem
        line([[1.2, 0.05], [1.2, 1]]), // a head 0.05° from the main stem, joined to nothing
        line([[5, 5], [5, 5]]), // a point left by the tiling
      ],
      0.02,
    );
    expect(s[1]).toBe(s[0]);
    expect(s[2]).toBe(s[0]);
    expect(s[3]).not.toBe(s[0]);
    expect(s[3]).toBeGreaterThanOrEqual(0);
    expect(s[4]).toBe(-1);
  });

  it("keeps a river's upper course on its own river where another system's head touches it below a high reach", () => {
    // river A (row 3) runs east to the sea over a high reach at column 4 (the smoothed relief's gorge); river B
    // (column 2) rises beside A's upper course and runs north to another sea, lower than A's gorge
    const rows: (number | "S")[][] = [
      [60, 60, "S", 60, 60, 60, 60, 60, 60, 60],
      [60, 60, 19, 60, 60, 60, 60, 60, 60, 60],
      [60, 60, 21, 60, 60, 60, 60, 60, 60, 60],
      [60, 20, 19, 18, 25, 17, 16, 15, 14, "S"],
      [60, 60, 60, 60, 60, 60, 60, 60, 60, 60],
    ];
    const W = 10;
    const systemOf = (p: number) => (Math.floor(p / W) === 3 && p % W >= 1 ? 1 : p % W === 2 && Math.floor(p / W) <= 2 ? 2 : -1);
    const apart = (p: number, q: number) => systemOf(p) >= 0 && systemOf(q) >= 0 && systemOf(p) !== systemOf(q);
    const mouth = (barrier?: (p: number, q: number) => boolean) => {
      const { g, z, dir } = grid(rows);
      priorityFlood(g, z, dir, Math.max(...z) + 1, undefined, barrier);
      d8Directions(g, z, dir, undefined, barrier);
      return path(g, dir, 3 * W + 1).at(-1);
    };
    // one surface: A's upper course fills to B's head (21, below the gorge's 25) and leaves through B
    expect(mouth()).toBe(2);
    // systems apart: the water crosses its own gorge to its own sea
    expect(mouth(apart)).toBe(3 * W + 9);
  });

  it("gives a pixel the system of its most major line", () => {
    const g: HydroGrid = { width: 360, height: 180, wrap: true };
    const lines: RiverLine[] = [
      { kind: 1, level: 4, points: [[10.5, 10.5], [12.5, 10.5]] },
      { kind: 1, level: 1, points: [[11.5, 12.5], [11.5, 9.5]] },
    ];
    const system = rasteriseRiverSystems(g, lines, Int32Array.from([7, 3]));
    const at = (lon: number, lat: number) => system[Math.floor(90 - lat) * 360 + Math.floor(lon + 180)];
    expect(at(10.5, 10.5)).toBe(7);
    expect(at(11.5, 10.5)).toBe(3);
    expect(at(11.5, 12)).toBe(3);
    expect(at(20, 20)).toBe(-1);
  });
});

describe("D8 and flow accumulation", () => {
  it("sends each pixel down its steepest drop and sums drainage area downstream", () => {
    const { g, dir, flood } = condition([
      [4, 3, 2, 1, "S"],
      [4, 3, 2, 1, "S"],
      [9, 9, 9, 9, "S"],
    ]);
    expect(path(g, dir, 0)).toEqual([0, 1, 2, 3, 4]);
    const acc = new Float64Array(15);
    accumulate(g, dir, flood.order, flood.count, () => 1, acc);
    // the east pixels of the two valley rows collect their rows (and the ridge row above the sea drains straight out)
    expect(acc[3]! + acc[8]!).toBeGreaterThanOrEqual(8);
    let total = 0;
    for (const p of [4, 9, 14]) total += acc[p]!;
    expect(total).toBe(12);
  });
});

describe("stream burning", () => {
  it("routes water along a mapped river the bare relief would not follow", () => {
    // the relief falls west to the sea; a river is mapped running south along column 3 to a sea pixel there
    const W = 6, H = 6;
    const grey = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) grey[y * W + x] = 10 + x;
    const g: HydroGrid = { width: W, height: H, wrap: false };
    const rivers = new Uint8Array(W * H).fill(RIVER_LEVEL_NONE);
    for (let y = 0; y < H; y++) rivers[y * W + 3] = 1;
    const { z, levels } = burnRivers(grey, rivers, 4, [8, 8, 8, 8, 8, 4, 4, 4]);
    const dir = new Uint8Array(W * H).fill(DIR_NONE);
    for (let y = 0; y < H; y++) dir[y * W] = DIR_OUTLET;
    dir[5 * W + 3] = DIR_OUTLET;
    const flood = priorityFlood(g, z, dir, levels);
    d8Directions(g, z, dir);
    const route = path(g, dir, 3);
    expect(route).toEqual([3, 9, 15, 21, 27, 33]);
    // unburned, the same head would run west
    const bare = burnRivers(grey, new Uint8Array(W * H).fill(RIVER_LEVEL_NONE), 4, [8, 8, 8, 8, 8, 4, 4, 4]);
    const dir2 = new Uint8Array(W * H).fill(DIR_NONE);
    for (let y = 0; y < H; y++) dir2[y * W] = DIR_OUTLET;
    dir2[5 * W + 3] = DIR_OUTLET;
    priorityFlood(g, bare.z, dir2, bare.levels);
    d8Directions(g, bare.z, dir2);
    expect(path(g, dir2, 3)[1]).not.toBe(9);
    expect(flood.count).toBe(W * H - H - 1);
  });

  it("keeps the flow on a mapped river that the smoothed relief puts ten grey steps above the land beside it", () => {
    // the land falls 1 step per column west to the sea; the river's column 3 reads 10 steps higher than column 2
    // (its narrow valley smoothed to the hills' height) and runs south to a sea pixel at its mouth
    const W = 6, H = 8;
    const grey = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) grey[y * W + x] = 20 + x + (x === 3 ? 10 : 0);
    const g: HydroGrid = { width: W, height: H, wrap: false };
    const rivers = new Uint8Array(W * H).fill(RIVER_LEVEL_NONE);
    for (let y = 0; y < H; y++) rivers[y * W + 3] = 1;
    const routeFrom = (depthOfLevel: readonly number[]) => {
      const { z, levels } = burnRivers(grey, rivers, LEVELS_PER_GREY, depthOfLevel);
      const dir = new Uint8Array(W * H).fill(DIR_NONE);
      for (let y = 0; y < H; y++) dir[y * W] = DIR_OUTLET;
      dir[(H - 1) * W + 3] = DIR_OUTLET;
      priorityFlood(g, z, dir, levels);
      d8Directions(g, z, dir);
      return path(g, dir, 3);
    };
    expect(routeFrom(BURN_LEVELS_BY_WDBII)).toEqual(Array.from({ length: H }, (_, y) => y * W + 3));
    // two grey steps of burn leave the river for the land beside it
    expect(routeFrom(BURN_LEVELS_BY_WDBII.map(() => 2 * LEVELS_PER_GREY))[1]! % W).not.toBe(3);
  });

  it("keeps a great river's water behind a smoothed gorge where two minor rivers' heads touch across a divide", () => {
    // a major river (level 1) runs east along row 5 to the sea at column 9, through a gorge the relief smooths to
    // 45 at column 6; a second river (level 2) runs west along row 1 to the sea at column 0; two minor rivers
    // (level 4) climb column 3 from each of them and touch head to head at rows 2-3, on a divide at 35
    const W = 10, H = 7;
    const grey = new Uint8Array(W * H).fill(60);
    const level = new Uint8Array(W * H).fill(RIVER_LEVEL_NONE);
    for (let x = 1; x <= 8; x++) {
      grey[5 * W + x] = x === 6 ? 45 : 31 - x;
      level[5 * W + x] = 1;
      grey[1 * W + x] = 20 + x;
      level[1 * W + x] = 2;
    }
    for (const [y, g] of [[4, 32], [3, 35], [2, 35]] as const) {
      grey[y * W + 3] = g;
      level[y * W + 3] = 4;
    }
    const g: HydroGrid = { width: W, height: H, wrap: false };
    const mouthOf = (depthOfLevel: readonly number[]) => {
      const { z, levels } = burnRivers(grey, level, LEVELS_PER_GREY, depthOfLevel);
      return mouthFrom(g, z, levels, [5 * W + 9, 1 * W], 5 * W + 1);
    };
    expect(mouthOf(BURN_LEVELS_BY_WDBII)).toBe(5 * W + 9);
    // burned as deep as the great rivers, the minor rivers make a conduit over the divide that captures it
    expect(mouthOf(BURN_LEVELS_BY_WDBII.map((d, l) => (l <= 4 ? BURN_LEVELS_BY_WDBII[0]! : d)))).toBe(1 * W);
  });

  it("burns a delta's minor arms deep, so a great river leaves by its mouth and not by a channel to the next basin", () => {
    // a major river (level 1) runs east along row 3 to column 5, where minor arms (level 4) on the low delta take
    // it on to the sea at column 9; a major channel (level 1) climbs column 1 from its upper course to another sea
    // at the top left, over higher ground; a minor tributary (level 4) joins at column 2 from below
    const W = 10, H = 6;
    const grey = new Uint8Array(W * H).fill(60);
    const level = new Uint8Array(W * H).fill(RIVER_LEVEL_NONE);
    for (let x = 1; x <= 5; x++) {
      grey[3 * W + x] = 41 - x;
      level[3 * W + x] = 1;
    }
    for (let x = 6; x <= 8; x++) {
      grey[3 * W + x] = 30;
      level[3 * W + x] = 4;
    }
    for (let y = 0; y <= 2; y++) {
      grey[y * W + 1] = 50;
      level[y * W + 1] = 1;
    }
    for (const y of [4, 5]) level[y * W + 2] = 4;
    const sea = new Set([3 * W + 9, 0]);
    const g: HydroGrid = { width: W, height: H, wrap: false };
    const seaward = (reach: number) => seawardMinorRivers(g, level, (p) => sea.has(p), reach);
    const mouthOf = (pixels?: Uint8Array) => {
      const { z, levels } = burnRivers(grey, level, LEVELS_PER_GREY, BURN_LEVELS_BY_WDBII, pixels && { pixels, depth: SEAWARD_MINOR_BURN_LEVELS });
      return mouthFrom(g, z, levels, sea, 3 * W + 3);
    };
    // burned as shallow as other minor rivers, the arms stand above the major channel's bed and the river leaves through it
    expect(mouthOf()).toBe(0);
    const { pixels, count } = seaward(SEAWARD_MINOR_REACH_PX);
    expect(count).toBe(3);
    expect([6, 7, 8].map((x) => pixels[3 * W + x])).toEqual([1, 1, 1]);
    expect(mouthOf(pixels)).toBe(3 * W + 9);
    // the tributary reaches the sea only through a major river: it stays a minor river
    expect([pixels[4 * W + 2], pixels[5 * W + 2]]).toEqual([0, 0]);
    // a reach shorter than the arms leaves the delta shallow where it meets the main stem
    const short = seaward(1);
    expect(short.count).toBe(2);
    expect(mouthOf(short.pixels)).toBe(0);
  });

  it("keeps a great river on its own mapped mouth when a minor distributary reaches the sea sooner", () => {
    // a major river (level 1) runs east along row 1 to the sea at column 9; at column 2 a minor distributary
    // (level 4) leaves it down column 2 to a nearer sea at row 5, over ground as low as the river's
    const W = 10, H = 6;
    const grey = new Uint8Array(W * H).fill(60);
    const level = new Uint8Array(W * H).fill(RIVER_LEVEL_NONE);
    for (let x = 0; x <= 8; x++) {
      grey[1 * W + x] = 30;
      level[1 * W + x] = 1;
    }
    for (let y = 2; y <= 4; y++) {
      grey[y * W + 2] = 30;
      level[y * W + 2] = 4;
    }
    const sea = new Set([1 * W + 9, 5 * W + 2]);
    const g: HydroGrid = { width: W, height: H, wrap: false };
    const { pixels } = seawardMinorRivers(g, level, (p) => sea.has(p), SEAWARD_MINOR_REACH_PX);
    const mouthOf = (depth: number) => {
      const { z, levels } = burnRivers(grey, level, LEVELS_PER_GREY, BURN_LEVELS_BY_WDBII, { pixels, depth });
      return mouthFrom(g, z, levels, sea, 1 * W);
    };
    expect(mouthOf(SEAWARD_MINOR_BURN_LEVELS)).toBe(1 * W + 9);
    // burned as deep as the major river, the distributary takes it to the nearer sea
    expect(mouthOf(BURN_LEVELS_BY_WDBII[1]!)).toBe(5 * W + 2);
  });

  it("burns each river by the depth of its WDBII level", () => {
    const grey = Uint8Array.from([10, 10, 10, 10]);
    const { z, levels } = burnRivers(grey, Uint8Array.from([RIVER_LEVEL_NONE, 1, 4, 6]), 4, [8, 8, 8, 8, 6, 4, 4, 4]);
    expect(Array.from(z)).toEqual([48, 40, 42, 44]);
    expect(levels).toBe(49);
  });

  it("rasterises a line across every pixel it crosses, permanent over intermittent", () => {
    const g: HydroGrid = { width: 36, height: 18, wrap: true };
    const r = rasteriseRivers(g, [
      { kind: RIVER_INTERMITTENT, level: 6, points: [[-175, 5], [-135, 5]] },
      { kind: RIVER_PERMANENT, level: 3, points: [[-155, 5], [-155, -5]] },
    ]);
    // 10° pixels: row 8 holds 0°-10° N; columns 0-4 hold 180° W-130° W
    for (const x of [0, 1, 3, 4]) expect(riverKind(r[8 * 36 + x]!)).toBe(RIVER_INTERMITTENT);
    expect(r[8 * 36 + 2]).toBe(3);
    expect(riverKind(r[9 * 36 + 2]!)).toBe(RIVER_PERMANENT);
    expect(riverKind(r[0]!)).toBe(RIVER_NONE);
    expect(r.reduce((s, v) => s + (v !== RIVER_LEVEL_NONE ? 1 : 0), 0)).toBe(6);
  });
});

describe("HAND and the GFPLAIN rule", () => {
  it("measures height above the channel a pixel drains to", () => {
    // a valley: the middle row is the channel (heights in metres), the slopes drain into it
    const heights = [
      [30, 30, 30, 30],
      [12, 12, 12, 12],
      [2, 2, 2, 2],
      [15, 15, 15, 15],
    ];
    const rows: (number | "S")[][] = heights.map((r) => [...r.map((v, x) => v + (3 - x)), "S"]);
    const { g, dir, flood } = condition(rows);
    const acc = new Float64Array(20);
    accumulate(g, dir, flood.order, flood.count, () => 1, acc);
    const drain = nearestDrainage(g, dir, flood.order, flood.count, (p) => Math.floor(p / 5) === 2);
    const heightM = (p: number) => heights[Math.floor(p / 5)]![p % 5]!;
    const bed = channelBedHeights(g, dir, flood.order, flood.count, (p) => Math.floor(p / 5) === 2, heightM, acc, 3, () => 0);
    // the pixel at 12 m drains to the channel at 2 m: 10 m above it
    expect(drain[1 * 5 + 1]).toBe(2 * 5 + 1 + (dir[1 * 5 + 1] === 1 ? 1 : 0) - (dir[1 * 5 + 1] === 3 ? 1 : 0));
    expect(heightAboveDrainage(1 * 5 + 1, drain, heightM, bed)).toBe(10);
    expect(heightAboveDrainage(3 * 5 + 2, drain, heightM, bed)).toBe(13);
    expect(heightAboveDrainage(2 * 5 + 0, drain, heightM, bed)).toBe(0);
  });

  it("lowers a channel's bed where the relief smooths a narrow valley to its banks, and keeps a falling profile", () => {
    // the channel (middle row) runs east to the sea; its third pixel reads 40 m, its banks' height, between 25 m
    // upstream and 10 m downstream
    const heights = [
      [60, 60, 60, 60],
      [20, 25, 40, 10],
      [60, 60, 60, 60],
    ];
    const rows: (number | "S")[][] = [
      [...heights[0]!, "S"],
      [4, 3, 2, 1, "S"],
      [...heights[2]!, "S"],
    ];
    const { g, dir, flood } = condition(rows);
    const isChannel = (p: number) => Math.floor(p / 5) === 1;
    const drain = nearestDrainage(g, dir, flood.order, flood.count, isChannel);
    const heightM = (p: number) => heights[Math.floor(p / 5)]![p % 5]!;
    const acc = new Float64Array(15);
    accumulate(g, dir, flood.order, flood.count, () => 1, acc);
    const bedOf = (h: (p: number) => number, windowPx: number, toleranceM: number) =>
      Array.from(channelBedHeights(g, dir, flood.order, flood.count, isChannel, h, acc, windowPx, () => toleranceM).slice(5, 9));
    // the bump comes down to the higher of its two sides (the lowest upstream, 20 m, and the lowest downstream, 10 m)
    expect(bedOf(heightM, 3, 0)).toEqual([20, 20, 20, 10]);
    // with one pixel each side, to 25 m
    expect(bedOf(heightM, 1, 0)).toEqual([20, 25, 25, 10]);
    // a bump within the tolerance (the relief's rounding) is kept
    expect(bedOf(heightM, 1, 20)).toEqual([20, 25, 40, 10]);
    // a profile that falls all the way is kept
    const falling = [40, 25, 20, 10];
    expect(bedOf((p) => (isChannel(p) ? falling[p % 5]! : heightM(p)), 3, 0)).toEqual(falling);
    // a hill pixel beside the smoothed reach stands 40 m above the bed, not 20 m above the banks' 40 m
    const bed = channelBedHeights(g, dir, flood.order, flood.count, isChannel, heightM, acc, 3, () => 0);
    expect(drain[2]).toBeGreaterThanOrEqual(5);
    expect(heightAboveDrainage(2, drain, heightM, bed)).toBe(60 - bed[drain[2]!]!);
    expect(heightAboveDrainage(2, drain, heightM, bed)).toBeGreaterThanOrEqual(40);
  });

  it("widens the floodplain height with drainage area as a·A^b", () => {
    expect(floodplainHeightM(1000, 1, 0.3)).toBeCloseTo(7.94, 2);
    expect(floodplainHeightM(100_000, 1, 0.3)).toBeCloseTo(31.6, 1);
  });
});

describe("runoff and the river lines", () => {
  it("turns most rain into runoff in wet climates and almost none in deserts", () => {
    expect(schreiberRunoffMm(2000, 1000)).toBeCloseTo(2000 * Math.exp(-0.5), 6);
    expect(schreiberRunoffMm(100, 1500)).toBeLessThan(0.001);
    expect(schreiberRunoffMm(0, 1000)).toBe(0);
    // 100,000 km² at 315.576 mm/yr is 1,000 m³/s
    expect(meanFlowM3s(100_000 * 315.576)).toBeCloseTo(1000, 3);
  });

  it("reads a wide day-night range as drier air: Camargo's effective temperature, held between the mean and the daily maximum", () => {
    // 0.36·(3·Tmax − Tmin) with Tmax = T + r/2, Tmin = T − r/2 is 0.72·(T + r)
    expect(effectiveTemperature(20, 16)).toBeCloseTo(0.72 * 36, 9);
    // humid month: the formula reads below the mean, so the mean stands (Thornthwaite unchanged)
    expect(effectiveTemperature(28, 7)).toBe(28);
    // cold month with a wide range: no hotter than the days
    expect(effectiveTemperature(4, 14)).toBe(11);
  });

  it("raises Thornthwaite's PET where the days are dry and leaves humid tropical years as they were", () => {
    // a humid tropical year (ranges ≤ 0.39 × the mean): every month keeps its mean, the PET is Thornthwaite's
    const tropics = [26, 26.5, 27, 27.5, 28, 28, 27.5, 27, 27, 26.5, 26, 26];
    expect(effectiveThornthwaitePet(tropics, tropics.map(() => 7), 5)).toBeCloseTo(potentialEvap(tropics, 5), 9);
    const year = [10, 11, 14, 17, 20, 23, 25, 24, 21, 17, 13, 10];
    const humid = year.map(() => 7), dry = year.map(() => 16);
    expect(effectiveThornthwaitePet(year, humid, 35)).toBeGreaterThanOrEqual(potentialEvap(year, 35));
    expect(effectiveThornthwaitePet(year, dry, 35)).toBeGreaterThan(1.2 * potentialEvap(year, 35));
    expect(schreiberRunoffMm(600, effectiveThornthwaitePet(year, dry, 35))).toBeLessThan(schreiberRunoffMm(600, potentialEvap(year, 35)));
  });

  it("accumulates runoff down the channels and gives each cell the flow of its largest channel", () => {
    // a 3 × 1 strip draining east to a sea pixel: pixels 0 → 1 → 2 → sea (3); cell 0 holds pixels 0-1, cell 1 pixel 2
    const g: HydroGrid = { width: 4, height: 1, wrap: false };
    const dir = Uint8Array.from([0, 0, 0, DIR_OUTLET]);
    const geo: RiverGeometry = {
      grid: g, dir, order: Int32Array.from([3, 2, 1, 0]), count: 4, areaOfRow: Float64Array.from([100_000]),
      latOf: () => 10, lonOf: () => 10, floodplainShare: new Float64Array(2), upstreamKm2: new Float64Array(2),
      pairCell: Int32Array.from([0, 0, 1]), pairChannel: Int32Array.from([0, 1, 2]),
      members: { pixel: Int32Array.from([0, 1, 2]), channel: Int32Array.from([0, 1, 2]), handM: new Float32Array(3), areaKm2: new Float32Array(3), flowM3s: new Float32Array(3) },
      stats: { riverPixelsPermanent: 0, riverPixelsFollowed: 0, riverPixelsIntermittent: 0, seawardMinorPixels: 0, riverSystemsApart: 0, riverSystemContacts: 0, closedBasins: 0, steepestDescent: 0, unreached: 0, channelPixels: 3, floodplainPixels: 3, landPixels: 3 },
      gauges: [], closedBasins: [],
    };
    const runoff = { step: 180, nx: 2, ny: 1, mm: Float32Array.from([315.576, 315.576]) };
    const q = channelFlows(geo, runoff, 2);
    // 100,000 km² at 315.576 mm/yr is 1,000 m³/s per pixel: cell 0's largest channel pixel drains two, cell 1's three
    expect(q[0]).toBeCloseTo(2000, 0);
    expect(q[1]).toBeCloseTo(3000, 0);
    // each floodplain pixel keeps the flow of its own channel, for scoring a point on it
    expect(Array.from(geo.members!.flowM3s, Math.round)).toEqual([1000, 2000, 3000]);
  });

  it("reads a gauge's drainage area from the largest river near it and counts the gauges that agree", () => {
    // 10° pixels; a river grows east along row 4 (40°-50° N); gauges at 35° N sit one row south of it
    const g: HydroGrid = { width: 36, height: 18, wrap: true };
    const area = new Float32Array(36 * 18);
    for (let x = 0; x < 36; x++) area[4 * 36 + x] = 1000 * (x + 1);
    area[5 * 36 + 20] = 500;
    const gauge = (lon: number, areaKm2: number) => ({ river: "R", station: String(lon), lat: 35, lon, areaKm2 });
    const read = gaugeAreas(g, area, [gauge(25, 21_000), gauge(-165, 5000), gauge(-175, 36_000)], 1);
    // 25° E is column 20: the window reaches column 21 (22,000 km²); 175° W's window wraps to column 35 (36,000 km²)
    expect(read.map((x) => x.modelledKm2)).toEqual([22_000, 3000, 36_000]);
    expect(gaugeAreas(g, area, [gauge(25, 21_000)], 0)[0]!.modelledKm2).toBe(500);
    // 22,000 against 21,000 and 36,000 against 36,000 agree; 3,000 against 5,000 is 5/3 off
    expect(gaugeAgreement(read)).toEqual({ agree: 2, total: 3, medianFactor: expect.closeTo(22 / 21, 6) });
  });

  it("reads GMT multi-segment river lines", () => {
    const lines = parseGmtSegments("> River Bin # 1, Level 2\n10\t50\n11\t50.5\n> River Bin # 2, Level 4\n12\t51\n12.5\t51\n> River Bin # 3, Level 2\n13\t51\n", RIVER_PERMANENT);
    expect(lines).toEqual([
      { kind: RIVER_PERMANENT, level: 2, points: [[10, 50], [11, 50.5]] },
      { kind: RIVER_PERMANENT, level: 4, points: [[12, 51], [12.5, 51]] },
    ]);
    expect(() => parseGmtSegments("> no level\n10\t50\n11\t50\n", RIVER_PERMANENT)).toThrow(/level/);
  });
});
