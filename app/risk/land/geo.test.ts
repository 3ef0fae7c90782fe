import { PolygonIndex, haversineKm, ringArea, simplifyRing } from "./geo";

describe("PolygonIndex", () => {
  const square = [[0, 0, 10, 0, 10, 10, 0, 10]];
  const withHole = [
    [20, 0, 30, 0, 30, 10, 20, 10],
    [24, 4, 26, 4, 26, 6, 24, 6],
  ];
  const idx = new PolygonIndex([square, withHole]);
  it("finds containing features and respects holes", () => {
    expect(idx.query(5, 5)).toEqual([0]);
    expect(idx.query(21, 1)).toEqual([1]);
    expect(idx.query(25, 5)).toEqual([]);
    expect(idx.query(15, 5)).toEqual([]);
    expect(idx.first(-1, 5)).toBe(-1);
  });

  it("answers from its settled grid exactly what the edge walk answers, and leaves cells near a boundary to it", () => {
    const margin = 0.3;
    expect(idx.settled(5, 5, margin)).toEqual([0]);
    expect(idx.settled(15, 5, margin)).toEqual([]);
    expect(idx.settled(25, 5, margin)).toEqual([]);
    expect(idx.settled(10.1, 5, margin)).toBeNull();
    expect(idx.settled(24, 5, margin)).toBeNull();
    // a diamond, so that boxes of edges are wider than the edges
    const diamond = new PolygonIndex([[[0, -5, 5, 0, 0, 5, -5, 0]], square]);
    let settled = 0;
    for (let i = 0; i < 20_000; i++) {
      const lon = -7 + ((i * 7919) % 20_000) / 1000,
        lat = -7 + ((i * 104_729) % 20_000) / 1000;
      for (const index of [idx, diamond]) {
        const s = index.settled(lon, lat, margin);
        if (s === null) continue;
        settled++;
        expect(s).toEqual(index.query(lon, lat));
        expect(index.featuresWithin(lon, lat, margin)).toEqual([]);
      }
    }
    expect(settled).toBeGreaterThan(10_000);
  });
});

describe("simplifyRing", () => {
  it("drops collinear points and keeps small rings visible", () => {
    const ring: number[] = [];
    for (let i = 0; i <= 10; i++) ring.push(i, 0);
    for (let i = 10; i >= 0; i--) ring.push(i, 1);
    const s = simplifyRing(ring, 0.01);
    expect(s.length).toBeLessThan(ring.length);
    expect(s.length).toBeGreaterThanOrEqual(8);
    const tiny = [
      0, 0, 0.001, 0, 0.001, 0.001, 0, 0.001, 0, 0.0005, 0.0002, 0.0002, 0.0003, 0.0001, 0.0001, 0.0004, 0.0005, 0.0009,
    ];
    expect(simplifyRing(tiny, 1).length).toBeGreaterThanOrEqual(6);
  });
});

it("haversine London–Paris ≈ 344 km", () => {
  expect(haversineKm(51.5074, -0.1278, 48.8566, 2.3522)).toBeGreaterThan(335);
  expect(haversineKm(51.5074, -0.1278, 48.8566, 2.3522)).toBeLessThan(350);
});

describe("ringArea", () => {
  it("is the shoelace area in square degrees, whichever way the ring turns", () => {
    const square = [0, 0, 2, 0, 2, 3, 0, 3];
    expect(ringArea(square)).toBe(6);
    expect(ringArea([0, 3, 2, 3, 2, 0, 0, 0])).toBe(6);
    expect(ringArea([0, 0, 1, 0, 0, 1])).toBe(0.5);
    expect(ringArea([5, 5, 6, 6])).toBe(0);
  });
});
