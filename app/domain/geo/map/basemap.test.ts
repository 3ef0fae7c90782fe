import { BASEMAP_LEVELS, basemapLevelForZoom, basemapRequestBounds, clipRing, pickLabels, roundRing } from "./basemap";
import { parseBasemapQuery } from "./basemap-query";

describe("basemap detail", () => {
  it("keeps the tolerance of each level under a screen pixel at its deepest zoom", () => {
    for (const level of BASEMAP_LEVELS.slice(0, -1)) {
      const pixel = 360 / (256 * 2 ** level.maxZoom);
      expect(level.tolerance).toBeLessThan(pixel);
    }
  });

  it("picks finer detail as the map zooms in", () => {
    const levels = [1, 4, 5, 6, 9, 14].map((z) => basemapLevelForZoom(z).level);
    expect(levels).toEqual([0, 1, 2, 3, 4, 4]);
  });

  it("asks for the view and a quarter of it around each side, snapped to the level's grid", () => {
    const level = basemapLevelForZoom(8);
    expect(basemapRequestBounds({ west: 12.2, south: 55.4, east: 12.9, north: 55.9 }, level)).toEqual({
      west: 12,
      south: 55,
      east: 13.5,
      north: 56.5,
    });
  });

  it("serves the box a wide screen asks for at every zoom", () => {
    // a 2,560 px wide, 1,440 px high map
    for (let zoom = 1; zoom <= 12; zoom++) {
      const level = basemapLevelForZoom(zoom);
      const w = (2560 * 360) / (256 * 2 ** zoom);
      const h = (1440 * 180) / (256 * 2 ** zoom);
      const box = basemapRequestBounds(
        { west: 10 - w / 2, south: Math.max(-80, 45 - h / 2), east: 10 + w / 2, north: Math.min(80, 45 + h / 2) },
        level,
      );
      expect(Math.max(box.east - box.west, box.north - box.south)).toBeLessThanOrEqual(level.maxSpan);
    }
  });
});

describe("clipRing", () => {
  const box = { west: 0, south: 0, east: 10, north: 10 };

  it("keeps a ring inside the box as it is", () => {
    const ring: [number, number][] = [
      [1, 1],
      [5, 1],
      [5, 5],
    ];
    expect(clipRing(ring, box)).toEqual(ring);
  });

  it("cuts a ring crossing the box along the box's edge", () => {
    const clipped = clipRing(
      [
        [-5, 2],
        [5, 2],
        [5, 8],
        [-5, 8],
      ],
      box,
    );
    expect(clipped).toHaveLength(4);
    expect(clipped.every(([lon]) => lon >= 0 && lon <= 5)).toBe(true);
    expect(clipped.filter(([lon]) => lon === 0)).toHaveLength(2);
  });

  it("drops a ring outside the box", () => {
    expect(
      clipRing(
        [
          [20, 20],
          [30, 20],
          [30, 30],
        ],
        box,
      ),
    ).toEqual([]);
  });
});

it("rounds a ring to the level's step without repeating a point", () => {
  expect(
    roundRing(
      [
        [1.00001, 2],
        [1.00002, 2],
        [1.5, 2.5],
      ],
      0.001,
    ),
  ).toEqual([
    [1, 2],
    [1.5, 2.5],
  ]);
});

describe("parseBasemapQuery", () => {
  const parse = (q: string) => parseBasemapQuery(new URLSearchParams(q));

  it("defaults to the whole world, coarse", () => {
    expect(parse("")).toMatchObject({ success: true, data: { level: { level: 0 }, bbox: null, outline: null } });
  });

  it("snaps a box outward to the level's grid, as the map asks for it", () => {
    expect(parse("level=1&bbox=-9.3,41,9.5,59.9&i=7")).toMatchObject({
      success: true,
      data: { bbox: { west: -10, south: 40, east: 10, north: 60 } },
    });
    expect(parse("level=4&bbox=10.2,54.1,13.9,57")).toMatchObject({
      success: true,
      data: { bbox: { west: 10, south: 54, east: 14, north: 57 } },
    });
  });

  it("reads a box and an outline code", () => {
    expect(parse("level=4&bbox=10,54,14,57&outline=dk-84")).toMatchObject({
      success: true,
      data: { level: { level: 4 }, bbox: { west: 10, south: 54, east: 14, north: 57 }, outline: "dk-84" },
    });
  });

  it.each([
    ["level=9", /level must be one of/],
    ["level=1&bbox=10,54,abc,57", /bbox must be/],
    ["level=1&bbox=14,54,10,57", /bbox must be/],
    ["level=4&bbox=0,0,90,90", /at most 45°/],
    ["level=4", /at most 45°/],
    ["outline=<script>", /outline must be/],
  ])("refuses %s", (q, message) => {
    const r = parse(q);
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error).toMatch(message);
  });
});

it("labels the largest places of a box, one per crowded area", () => {
  const places = [
    { name: "Big", lat: 10, lon: 10, population: 9e6 },
    { name: "Suburb", lat: 10.1, lon: 10.1, population: 8e6 },
    { name: "Far", lat: 50, lon: 50, population: 7e6 },
    { name: "Outside", lat: -50, lon: 10, population: 6e6 },
    { name: "Small", lat: 60, lon: 60, population: 10 },
  ];
  expect(pickLabels(places, { west: 0, south: 0, east: 90, north: 90 }, 1000).map((p) => p.name)).toEqual([
    "Big",
    "Far",
  ]);
});
