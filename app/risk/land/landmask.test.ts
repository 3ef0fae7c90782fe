import { LandMask, encodeLandMask } from "./landmask";

/** A 2°-wide toy world at 1′: land where lon < 0 (pixel columns 0..59 of 120), water elsewhere, one islet. */
function toyMask() {
  const width = 21600,
    height = 10800;
  const islet = { col: 10900, row: 5000 };
  return encodeLandMask({
    width,
    height,
    isLand: (c, r) => (c >= 10740 && c < 10800 && r >= 4900 && r < 5100) || (c === islet.col && r === islet.row),
  });
}

describe("land mask", () => {
  const buf = toyMask();
  const m = new LandMask(buf);

  it("keeps only shoreline blocks at full resolution", () => {
    // 21600 × 10800 / 16² block kinds plus a few mixed blocks of 32 bytes
    expect(buf.length).toBeLessThan(24 + 911_250 + 100 * 32);
    expect(m.isLand(90 - 4950 / 60, -180 + 10750 / 60)).toBe(true);
    expect(m.isLand(90 - 4950 / 60, -180 + 10850 / 60)).toBe(false);
    expect(m.isLand(0, 0)).toBe(false);
  });

  it("finds the nearest land pixel within a distance, or none", () => {
    const lat = 90 - 4950.5 / 60,
      lon = -180 + 10803 / 60; // 3.5 pixels (≈ 6.4 km) east of the shore
    const near = m.nearestLand(lat, lon, 10)!;
    expect(near).not.toBeNull();
    expect(near.distanceKm).toBeGreaterThan(6);
    expect(near.distanceKm).toBeLessThan(10);
    expect(m.isLand(near.lat, near.lon)).toBe(true);
    expect(m.nearestLand(lat, lon + 0.5, 10)).toBeNull();
    // an islet of one pixel is land too
    expect(m.isLand(90 - 5000.5 / 60, -180 + 10900.5 / 60)).toBe(true);
  });

  it("rejects files that are not a land mask", () => {
    expect(() => new LandMask(Buffer.from("not a mask at all, really"))).toThrow();
  });
});
