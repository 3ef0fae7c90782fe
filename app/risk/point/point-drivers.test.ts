import { describe, expect, it } from "vitest";
import {
  CHANNEL_DIST_STEP_KM,
  FLOOD_STAGE_CAP_M,
  HEIGHT_ALLOWANCE_MAX_M,
  POINT_DRIVERS_MAGIC,
  PointDrivers,
  RELIEF_WINDOW_PX,
  VALLEY_POSITION_PX,
  areaCode,
  areaOfCode,
  blendRivers,
  encodePointDrivers,
  floodStageM,
  floodplainWithinHeightError,
  floodplainHeightLimitM,
  flowCode,
  flowOfCode,
  MAPPED_LINE_ERROR_KM,
  MAPPED_RIVER_MIN_KM2,
  mappedFloorShare,
  valleyFloorKm,
  valleyReachKm,
  withMappedLine,
  type PointRiver,
} from "./point-drivers";
import { RiverLines, encodeRiverLines } from "./river-lines";

/**
 * A 64 × 32 grid (5.625° pixels): sea west of column 8, land east of it; a valley floor at column 20 (grey 10,
 * 10 m) between plateaus (grey 200, 500 m); the coast's first land column is low-lying. Built up: a town of columns
 * 30-32 on rows 10-20, and a harbour town on the coast's first two land columns, rows 0-3.
 */
function grid() {
  const width = 64,
    height = 32,
    n = width * height;
  const greyToM = Array.from({ length: 256 }, (_, g) => (g < 5 ? -100 : g * 2.5));
  const grey = new Uint8Array(n);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) grey[y * width + x] = x < 8 ? 0 : x === 8 ? 6 : x >= 19 && x <= 21 ? 10 : 200;
  const valley = [] as number[];
  for (let y = 0; y < height; y++) valley.push(y * width + 20);
  const members = {
    pixel: Int32Array.from(valley),
    channel: Int32Array.from(valley),
    handM: Float32Array.from(valley, () => 3.4),
    areaKm2: Float32Array.from(valley, () => 140_000),
    flowM3s: Float32Array.from(valley, () => 2100),
  };
  const isUrban = (p: number) => {
    const x = p % width,
      y = Math.floor(p / width);
    return (x >= 30 && x <= 32 && y >= 10 && y <= 20) || (x >= 8 && x <= 9 && y <= 3);
  };
  return {
    width,
    height,
    greyToM,
    grey,
    isLand: (p: number) => p % width >= 8,
    isLow: (p: number) => p % width === 8,
    isUrban,
    members,
  };
}

const lonOfCol = (x: number) => -180 + (x + 0.5) * 5.625;
const latOfRow = (y: number) => 90 - (y + 0.5) * 5.625;

/** The same file as version 1 wrote it: the old magic, no built-up bit set. */
function withoutUrban(v2: Buffer): Buffer {
  expect(v2.toString("ascii", 0, 8)).toBe(POINT_DRIVERS_MAGIC);
  const hl = v2.readUInt32LE(8);
  const header = JSON.parse(v2.toString("utf8", 12, 12 + hl)) as {
    arrays: { name: string; length: number; kind: string }[];
  };
  const pad8 = (n: number) => n + ((8 - (n % 8)) % 8);
  let off = pad8(12 + hl);
  const parts: Buffer[] = [];
  for (const a of header.arrays) {
    const bytes = a.length * (a.kind === "u32" ? 4 : 1);
    if (a.name !== "urbanWords") parts.push(v2.subarray(off, off + pad8(bytes)));
    off += pad8(bytes);
  }
  const json = Buffer.from(
    JSON.stringify({ ...header, arrays: header.arrays.filter((a) => a.name !== "urbanWords") }),
    "utf8",
  );
  const len = Buffer.alloc(4);
  len.writeUInt32LE(json.length);
  return Buffer.concat([
    Buffer.from("PDRV0001", "ascii"),
    len,
    json,
    Buffer.alloc(pad8(12 + json.length) - 12 - json.length),
    ...parts,
  ]);
}

describe("point drivers", () => {
  const d = new PointDrivers(encodePointDrivers(grid()));

  it("keeps land pixels only, each with its own height, low-lying state and floodplain", () => {
    expect(d.nLand).toBe(56 * 32);
    expect(d.nMembers).toBe(32);
    const valley = d.sample(latOfRow(16), lonOfCol(20))!;
    expect(valley.elevM).toBe(25);
    expect(valley.lowShare).toBe(0);
    expect(valley.river).not.toBeNull();
    expect(valley.river!.handM).toBe(3);
    // 3 m above its channel: the depth left of the flood stage and the height allowance is a little under all of it
    expect(valley.river!.valleyShare).toBe(1);
    expect(valley.river!.membership).toBe(valley.river!.depthShare);
    expect(valley.river!.membership).toBeGreaterThan(0.9);
    expect(valley.river!.membership).toBeLessThan(1);
    expect(Math.abs(valley.river!.flowM3s / 2100 - 1)).toBeLessThan(0.04);
    expect(Math.abs(valley.river!.areaKm2 / 140_000 - 1)).toBeLessThan(0.04);
    expect(valley.river!.channelKm).toBe(0);
    const plateau = d.sample(latOfRow(16), lonOfCol(30))!;
    expect(plateau.elevM).toBe(500);
    expect(plateau.river).toBeNull();
    // the low-lying coast column is half the land of the 3 × 3 pixels around its centre (the column behind it the rest)
    const shore = d.sample(latOfRow(16), lonOfCol(8))!;
    expect(shore.lowShare).toBe(0.5);
    expect(shore.elevM).toBe(15);
  });

  it("reads slope and relief from the neighbouring pixels", () => {
    // the valley's walls rise 475 m over two 5.625° pixels: a gentle slope, but the relief spans them
    const wall = d.sample(latOfRow(16), lonOfCol(22))!;
    expect(wall.slopeDeg).toBeGreaterThan(0);
    expect(d.sample(latOfRow(16), lonOfCol(40))!.slopeDeg).toBe(0);
    expect(wall.reliefM).toBe(475);
    expect(d.sample(latOfRow(16), lonOfCol(40))!.reliefM).toBe(0);
  });

  it("reads the steepest slope within one pixel: a valley floor takes the walls above it", () => {
    // the floor (columns 19-21, all at 25 m) is level at its middle; its edge columns rise to the plateau beside them
    const floor = d.sample(latOfRow(16), lonOfCol(20))!;
    const edge = d.sample(latOfRow(16), lonOfCol(19))!;
    expect(floor.slopeDeg).toBe(0);
    expect(edge.slopeDeg).toBeGreaterThan(0);
    expect(floor.steepSlopeDeg).toBeGreaterThanOrEqual(edge.slopeDeg);
    // no pixel of its 3 × 3 is steeper than its own where one is
    expect(edge.steepSlopeDeg).toBeGreaterThanOrEqual(edge.slopeDeg);
    // the plateau, three pixels and more from any wall, has none
    const plateau = d.sample(latOfRow(16), lonOfCol(40))!;
    expect(plateau.steepSlopeDeg).toBe(0);
    // two pixels from the wall's foot the steepest slope is gone: the window is one pixel wide
    expect(d.sample(latOfRow(16), lonOfCol(24))!.steepSlopeDeg).toBe(0);
  });

  it("measures the distance to the sea within its search radius only", () => {
    // pixels are 625 km wide: beyond 30 km nothing is searched, so an inland pixel has no distance of its own
    expect(d.sample(latOfRow(16), lonOfCol(30))!.coastKm).toBeNull();
  });

  it("answers a point over a sea pixel from its nearest land neighbour, and nothing far at sea", () => {
    const s = d.sample(latOfRow(16), lonOfCol(7))!;
    expect(s.pixelLon).toBeCloseTo(lonOfCol(8), 9);
    expect(d.sample(latOfRow(16), lonOfCol(2))).toBeNull();
  });

  it("reads the built-up share of the land in the 3 × 3 pixels around a point", () => {
    expect(d.sample(latOfRow(15), lonOfCol(31))!.urbanShare).toBe(1);
    // the town's edge: one of three columns of the window is built up
    expect(d.sample(latOfRow(15), lonOfCol(33))!.urbanShare).toBeCloseTo(1 / 3, 9);
    expect(d.sample(latOfRow(10), lonOfCol(33))!.urbanShare).toBeCloseTo(2 / 9, 9);
    expect(d.sample(latOfRow(15), lonOfCol(34))!.urbanShare).toBe(0);
    // the sea is neither built up nor open land: the harbour town's shore pixel is all built up
    expect(d.sample(latOfRow(2), lonOfCol(8))!.urbanShare).toBe(1);
  });

  it("reads a point between pixel centres as the bilinear mean of the four around it", () => {
    // a quarter of the way from the valley floor's centre (column 20, 25 m) to its edge pixel's (column 21, 25 m)
    // and on to the plateau (column 22, 500 m): elevation and floodplain change with the position, not at an edge
    const at = (col: number) => d.sample(latOfRow(16), -180 + (col + 0.5) * 5.625)!;
    const floor = at(20),
      edge = at(21),
      plateau = at(22);
    expect(at(20.25).elevM).toBeCloseTo(0.75 * floor.elevM + 0.25 * edge.elevM, 9);
    expect(at(21.5).elevM).toBeCloseTo((edge.elevM + plateau.elevM) / 2, 9);
    const between = at(20.5).river!;
    expect(between.membership).toBeCloseTo((floor.river!.membership + (edge.river?.membership ?? 0)) / 2, 9);
    // a pixel's edge is no step: 1/20 of a pixel either side of it reads almost the same
    for (const edgeCol of [20.5, 21.5, 22.5]) {
      const a = at(edgeCol - 0.05),
        b = at(edgeCol + 0.05);
      expect(Math.abs(a.elevM - b.elevM), `elevation at column ${edgeCol}`).toBeLessThan(0.11 * 475);
      expect(
        Math.abs((a.river?.membership ?? 0) - (b.river?.membership ?? 0)),
        `floodplain at column ${edgeCol}`,
      ).toBeLessThan(0.11);
    }
    // the low-lying shore column fades into the land behind it: a quarter of the shore pixel's share (half its
    // window's land) and three quarters of the next column's (a third of its window's land)
    const shoreward = d.sample(latOfRow(16), -180 + (8.75 + 0.5) * 5.625)!;
    expect(shoreward.lowShare).toBeCloseTo(0.25 * 0.5 + 0.75 / 3, 9);
  });

  it("blends the floodplains of the pixels read: membership fades to none, the river's size by its share", () => {
    const river = (membership: number, flowM3s: number) => ({
      membership,
      valleyShare: 1,
      depthShare: membership,
      handM: 2,
      channelKm: 1,
      flowM3s,
      areaKm2: flowM3s * 50,
      stageM: 12,
      allowanceM: 40,
    });
    expect(blendRivers([{ w: 1, river: null }])).toBeNull();
    const half = blendRivers([
      { w: 0.5, river: river(0.8, 1000) },
      { w: 0.5, river: null },
    ])!;
    expect(half.membership).toBeCloseTo(0.4, 9);
    expect(half.flowM3s).toBeCloseTo(1000, 6);
    const two = blendRivers([
      { w: 0.5, river: river(0.6, 100) },
      { w: 0.5, river: river(0.2, 10_000) },
    ])!;
    expect(two.membership).toBeCloseTo(0.4, 9);
    // weighted by membership: three parts of the 100 m³/s river, one of the 10,000 m³/s one
    expect(two.flowM3s).toBeCloseTo(Math.pow(100, 0.75) * Math.pow(10_000, 0.25), 6);
  });

  it("lets a point lie only as far from its channel as the valley floor reaches, plus the grid's placing", () => {
    const px = 3.7;
    // a 12 m flood in 150 m of relief (a valley cut into a plateau): 0.6 km of floor either side, plus two pixels
    expect(valleyReachKm(12, 150, px)).toBeCloseTo((12 * RELIEF_WINDOW_PX * px) / 150 + VALLEY_POSITION_PX * px, 9);
    expect(valleyReachKm(12, 150, px)).toBeLessThan(9);
    // the same river on a plain of 30 m relief reaches farther, and a smaller flood less far
    expect(valleyReachKm(12, 30, px)).toBeGreaterThan(valleyReachKm(12, 150, px));
    expect(valleyReachKm(6, 30, px)).toBeLessThan(valleyReachKm(12, 30, px));
    // never nearer than the grid can place a point, and without relief only the flood stage limits it
    expect(valleyReachKm(12, 5000, px)).toBeGreaterThan(VALLEY_POSITION_PX * px);
    expect(valleyReachKm(12, 0, px)).toBe(Infinity);
  });

  it("loads a version-1 file, which has no built-up pixels: its points keep their hexagon's share", () => {
    const v1 = withoutUrban(encodePointDrivers(grid()));
    expect(v1.toString("ascii", 0, 8)).toBe("PDRV0001");
    const old = new PointDrivers(v1);
    const s = old.sample(latOfRow(15), lonOfCol(31))!;
    expect(s.urbanShare).toBeNull();
    expect(s.elevM).toBe(d.sample(latOfRow(15), lonOfCol(31))!.elevM);
    expect(() => new PointDrivers(Buffer.from("PDRV0003" + "\0".repeat(8)))).toThrow(/not a point-drivers file/);
  });

  it("codes flow and area on a log scale within 8 %", () => {
    for (const q of [0.5, 3, 330, 2100, 38_000, 200_000])
      expect(Math.abs(flowOfCode(flowCode(q)) / q - 1)).toBeLessThan(0.04);
    for (const a of [1000, 140_000, 6_100_000]) expect(Math.abs(areaOfCode(areaCode(a)) / a - 1)).toBeLessThan(0.04);
    expect(flowOfCode(flowCode(0))).toBe(0);
    expect(CHANNEL_DIST_STEP_KM).toBe(0.5);
  });

  describe("the river whose flood reaches a point", () => {
    /**
     * The 2′ grid (10,800 × 5,400, 3.7 km north-south) of land at 100 m in 2 m grey steps, built once: each case
     * lies at its own column `x0` along row 1,500 (40° N, where a pixel is 2.8 km wide), 20 pixels from the next.
     * Floodplain pixels are given as [dx, height above channel, drainage area, flow], each its own channel; heights
     * as [dx, dy, m].
     */
    const width = 10_800,
      height = 5_400,
      Y = 1500;
    const cases = {
      tributary: {
        members: [
          [0, 2, 1500, 12],
          [1, 0, 144_000, 2300],
        ],
        heights: [[1, 0, 90]],
      },
      deepMain: {
        members: [
          [0, 2, 1500, 12],
          [1, 0, 144_000, 2300],
        ],
        heights: [[1, 0, 50]],
      },
      terrace: { members: [[0, 0, 144_000, 2300]], heights: [[1, 0, 160]] },
      level: { members: [[0, 0, 144_000, 2300]], heights: [] },
      higher: { members: [[0, 0, 144_000, 2300]], heights: [[2, 0, 108]] },
      gorge: { members: [[0, 0, 1000, 20]], heights: [-1, 1].flatMap((dx) => [-1, 0, 1].map((dy) => [dx, dy, 500])) },
      steepMain: {
        members: [[0, 0, 144_000, 2300]],
        heights: [-1, 1].flatMap((dx) => [-1, 0, 1].map((dy) => [dx, dy, 300])),
      },
      plain: { members: [[0, 0, 1000, 20]], heights: [] },
    } as const satisfies Record<
      string,
      { members: readonly (readonly number[])[]; heights: readonly (readonly number[])[] }
    >;
    const x0 = Object.fromEntries(Object.keys(cases).map((k, i) => [k, 500 + 20 * i])) as Record<
      keyof typeof cases,
      number
    >;
    const buf = (() => {
      const greyToM = Array.from({ length: 256 }, (_, g) => g * 2);
      const grey = new Uint8Array(width * height).fill(50);
      const members: [number, number, number, number][] = [];
      for (const [k, c] of Object.entries(cases) as [keyof typeof cases, (typeof cases)[keyof typeof cases]][]) {
        for (const [dx, dy, h] of c.heights) grey[(Y + dy!) * width + x0[k] + dx!] = h! / 2;
        for (const [dx, hand, area, flow] of c.members) members.push([Y * width + x0[k] + dx!, hand!, area!, flow!]);
      }
      members.sort((a, b) => a[0] - b[0]);
      return encodePointDrivers({
        width,
        height,
        greyToM,
        grey,
        isLand: () => true,
        isLow: () => false,
        isUrban: () => false,
        members: {
          pixel: Int32Array.from(members, (m) => m[0]),
          channel: Int32Array.from(members, (m) => m[0]),
          handM: Float32Array.from(members, (m) => m[1]),
          areaKm2: Float32Array.from(members, (m) => m[2]),
          flowM3s: Float32Array.from(members, (m) => m[3]),
        },
      });
    })();
    const d = new PointDrivers(buf);
    const lonOf = (k: keyof typeof cases, dx = 0) => -180 + (x0[k] + dx + 0.5) / 30;
    const latY = 90 - (Y + 0.5) / 30;
    const at = (k: keyof typeof cases, dx = 0) => d.sample(latY, lonOf(k, dx))!.river;
    // mapped lines along the channels of the steep valley's large river and of the gorge's small one
    const lines = new RiverLines(
      encodeRiverLines(
        (["steepMain", "gorge"] as const).map((k) => ({
          level: 1,
          points: [
            [lonOf(k), latY - 0.5],
            [lonOf(k), latY + 0.5],
          ],
        })),
      ),
    );
    const withLines = new PointDrivers(buf, lines);
    const atMapped = (k: keyof typeof cases, dx = 0) => withLines.sample(latY, lonOf(k, dx))!.river;

    it("caps the flood stage at the height great rivers' floods of record reach", () => {
      expect(floodplainHeightLimitM(1000)).toBeCloseTo(7.94, 2);
      expect(floodStageM(1000)).toBeCloseTo(7.94, 2);
      expect(floodStageM(144_000)).toBe(FLOOD_STAGE_CAP_M);
    });

    it("a town whose pixel drains to a tributary lies in the main river's floodplain beside it, by its own height", () => {
      // the tributary's floodplain pixel is the town's own, 2 m above its channel; the main river's channel, one
      // pixel (2.8 km) away, lies 10 m below the town
      const r = at("tributary")!;
      expect(Math.abs(r.flowM3s / 2300 - 1)).toBeLessThan(0.04);
      expect(Math.abs(r.areaKm2 / 144_000 - 1)).toBeLessThan(0.04);
      expect(r.handM).toBe(10);
      expect(r.channelKm).toBe(3);
    });

    it("a main river whose channel lies far below the point's own ground does not reach it", () => {
      // the main channel 50 m below the town: beyond its 12 m flood stage and the 40 m most of height allowance, so
      // the town keeps its tributary, 2 m below it
      const r = at("deepMain")!;
      expect(Math.abs(r.flowM3s / 12 - 1)).toBeLessThan(0.04);
      expect(r.handM).toBe(2);
    });

    it("a terrace above its channel takes no floodplain from the valley floor beside it", () => {
      // the valley floor's own pixel lies in the floodplain; the terrace one pixel away stands 60 m above its channel
      expect(at("terrace")).not.toBeNull();
      expect(at("terrace", 1)).toBeNull();
      expect(HEIGHT_ALLOWANCE_MAX_M).toBeLessThan(60 - FLOOD_STAGE_CAP_M);
    });

    it("the reach shrinks as the point's height above the channel grows", () => {
      // level ground 2 pixels (5.7 km) from the channel floods; the same distance 8 m higher keeps less depth
      const level = at("level", 2)!,
        higher = at("higher", 2)!;
      expect(level.handM).toBe(0);
      expect(higher.handM).toBe(8);
      expect(higher.depthShare).toBeLessThan(level.depthShare);
      expect(level.channelKm).toBeGreaterThan(5);
      expect(level.channelKm).toBeLessThan(6.5);
    });

    it("says when a point takes the floodplain only within the grid's height error", () => {
      // level ground 5.7 km from a 12 m flood stage's channel lies within it; 8 m higher, the height and the distance's
      // fall (8 + 5.7 m) exceed the stage, and only the allowance (the 8 m height range around it) keeps it in
      const level = at("level", 2)!,
        higher = at("higher", 2)!;
      expect(level.stageM).toBe(FLOOD_STAGE_CAP_M);
      expect(higher.stageM).toBe(FLOOD_STAGE_CAP_M);
      expect(higher.allowanceM).toBe(8);
      expect(floodplainWithinHeightError(level)).toBe(false);
      expect(floodplainWithinHeightError(at("level"))).toBe(false);
      expect(floodplainWithinHeightError(higher)).toBe(true);
      expect(floodplainWithinHeightError(null)).toBe(false);
      expect(floodplainWithinHeightError({ ...higher, membership: 0 })).toBe(false);
    });

    it("a valley floor between steep sides covers a small share of its pixel, a plain all of it", () => {
      const gorge = at("gorge")!,
        plain = at("plain")!;
      expect(plain.valleyShare).toBe(1);
      expect(plain.membership).toBe(1);
      // six of eight neighbours rise 400 m over 2.8-4.7 km: a floodplain 2 × 7.9 m high is ≈ 0.1 km wide
      expect(gorge.valleyShare).toBeGreaterThan(0.005);
      expect(gorge.valleyShare).toBeLessThan(0.1);
      expect(gorge.membership).toBeCloseTo(gorge.valleyShare, 9);
    });

    it("a point on a large river's mapped line holds the whole valley floor; the grid alone gives it a share", () => {
      const grid = at("steepMain")!,
        mapped = atMapped("steepMain")!;
      expect(grid.valleyShare).toBeLessThan(0.5);
      expect(grid.lineKm).toBeUndefined();
      expect(mapped.valleyShare).toBe(1);
      expect(mapped.lineKm).toBe(0);
      expect(mapped.channelKm).toBe(0);
      expect(mapped.membership).toBeGreaterThan(2 * grid.membership);
      expect(mapped.flowM3s).toBe(grid.flowM3s);
    });

    it("a river too small to be mapped, or a point with no mapped line near, keeps the grid's reading", () => {
      expect(MAPPED_RIVER_MIN_KM2).toBeGreaterThan(1000);
      expect(atMapped("gorge")).toEqual(at("gorge"));
      expect(atMapped("level")).toEqual(at("level"));
      expect(atMapped("higher", 2)).toEqual(at("higher", 2));
    });

    it("a plateau with no floodplain pixel within two pixels reads no river", () => {
      expect(at("level", 3)).toBeNull();
      expect(at("level", 2)).not.toBeNull();
    });
  });

  describe("a point's distance to its river's mapped line", () => {
    it("holds the whole floor within its half-width and the line's error, none beyond another error", () => {
      expect(mappedFloorShare(0, 0.5)).toBe(1);
      expect(mappedFloorShare(0.5 + MAPPED_LINE_ERROR_KM, 0.5)).toBe(1);
      expect(mappedFloorShare(0.5 + 1.5 * MAPPED_LINE_ERROR_KM, 0.5)).toBeCloseTo(0.5, 9);
      expect(mappedFloorShare(0.5 + 2 * MAPPED_LINE_ERROR_KM, 0.5)).toBe(0);
      expect(mappedFloorShare(50, Infinity)).toBe(1);
      // the floor is the flood stage over the valley sides' gradient: 150 m over two 3.7 km pixels, a 12 m flood
      expect(valleyFloorKm(12, 150, 3.7)).toBeCloseTo(0.592, 3);
      expect(valleyFloorKm(12, 0, 3.7)).toBe(Infinity);
      expect(valleyReachKm(12, 150, 3.7)).toBeCloseTo(0.592 + VALLEY_POSITION_PX * 3.7, 3);
    });

    it("only adds to the grid's floodplain: never a lower share, depth or membership", () => {
      const base: PointRiver = {
        handM: 20,
        membership: 0.3,
        valleyShare: 0.6,
        depthShare: 0.5,
        flowM3s: 2000,
        areaKm2: 100_000,
        channelKm: 4,
        stageM: 12,
        allowanceM: 40,
      };
      for (const lineKm of [0, 0.5, 1, 2, 3, 5, 8])
        for (const slope of [0, 1, 2, 3, 5])
          for (const relief of [0, 50, 150, 400]) {
            const r = withMappedLine(base, lineKm, slope, relief, 3.7);
            expect(r.membership).toBeGreaterThanOrEqual(base.membership);
            expect(r.valleyShare).toBeGreaterThanOrEqual(base.valleyShare);
            expect(r.depthShare).toBeGreaterThanOrEqual(base.depthShare);
            expect(r.lineKm).toBe(Math.round(lineKm * 10) / 10);
            expect([r.handM, r.flowM3s, r.areaKm2, r.stageM]).toEqual([20, 2000, 100_000, 12]);
          }
      // beside the line on a flat floor: the whole floor, and the depth left from 20 m and 0 km of 52 m
      const beside = withMappedLine(base, 0, 0.5, 150, 3.7);
      expect(beside.valleyShare).toBe(1);
      expect(beside.depthShare).toBeCloseTo(32 / 52, 9);
      expect(beside.membership).toBeCloseTo(32 / 52, 9);
      // steep ground keeps the grid's membership however near the line
      expect(withMappedLine(base, 0, 3, 150, 3.7).membership).toBe(0.3);
    });
  });
});
