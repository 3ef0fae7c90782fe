import { describe, expect, it } from "vitest";
import { RIVER_LINES_MAGIC, RiverLines, encodeRiverLines } from "./river-lines";

const KM_PER_DEG = 111.195;

describe("mapped river lines", () => {
  // a river along 10° E from 50° N to 51° N, one along the equator from 179.9° E across the antimeridian to 179.9° W,
  // and a one-vertex line, which is no line and is dropped
  const lines = new RiverLines(
    encodeRiverLines([
      {
        level: 1,
        points: [
          [10, 50],
          [10, 50.5],
          [10, 51],
        ],
      },
      {
        level: 2,
        points: [
          [179.9, 0],
          [-179.9, 0],
        ],
      },
      { level: 2, points: [[0, 0]] },
    ]),
  );

  it("round-trips its lines and refuses another file", () => {
    expect(lines.lineCount).toBe(2);
    expect(lines.vertexCount).toBe(5);
    expect(() => new RiverLines(Buffer.from("RLIN0009" + "\0".repeat(8)))).toThrow(/not a river-lines file/);
    expect(encodeRiverLines([]).toString("ascii", 0, 8)).toBe(RIVER_LINES_MAGIC);
  });

  it("measures the distance from a point to the nearest segment, not to its vertices", () => {
    // 0.02° of longitude east of the line at 50.25° N: between two vertices 55 km apart
    const r = lines.nearest(50.25, 10.02, 10)!;
    expect(r.level).toBe(1);
    expect(r.km).toBeCloseTo(0.02 * Math.cos((50.25 * Math.PI) / 180) * KM_PER_DEG, 2);
    // beyond the line's end, the distance is to its end
    expect(lines.nearest(51.01, 10, 10)!.km).toBeCloseTo(0.01 * KM_PER_DEG, 2);
  });

  it("answers null when no line lies within the distance asked", () => {
    const km = 0.05 * Math.cos((50.25 * Math.PI) / 180) * KM_PER_DEG;
    expect(lines.nearest(50.25, 10.05, km - 0.01)).toBeNull();
    expect(lines.nearest(50.25, 10.05, km + 0.01)!.km).toBeCloseTo(km, 3);
    expect(lines.nearest(-30, 100, 50)).toBeNull();
  });

  it("finds a line across the antimeridian from either side", () => {
    expect(lines.nearest(0.01, 180, 5)!.km).toBeCloseTo(0.01 * KM_PER_DEG, 2);
    expect(lines.nearest(-0.01, -179.95, 5)!.km).toBeCloseTo(0.01 * KM_PER_DEG, 2);
    expect(lines.nearest(0.01, 179.95, 5)!.level).toBe(2);
  });

  it("loads from a buffer at any byte offset", () => {
    const enc = encodeRiverLines([
      {
        level: 2,
        points: [
          [5, 5],
          [5, 6],
        ],
      },
    ]);
    const shifted = new Uint8Array(enc.length + 3);
    shifted.set(enc, 3);
    expect(new RiverLines(shifted.subarray(3)).nearest(5.5, 5, 1)!.km).toBeCloseTo(0, 6);
  });
});
