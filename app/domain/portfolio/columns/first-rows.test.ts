import { describe, expect, it } from "vitest";
import { FirstRowIndex } from "./first-rows";

describe("FirstRowIndex", () => {
  it("keeps the first row of each key and answers it for every later row at that key", () => {
    const index = new FirstRowIndex();
    expect(index.firstOrAdd(7.2e14, 2)).toBeUndefined();
    expect(index.firstOrAdd(0, 3)).toBeUndefined();
    expect(index.firstOrAdd(7.2e14, 9)).toBe(2);
    expect(index.firstOrAdd(7.2e14, 11)).toBe(2);
    expect(index.firstOrAdd(0, 12)).toBe(3);
    expect(index.size).toBe(2);
  });

  it("agrees with a Map over many keys, through its growth and with colliding neighbours", () => {
    const index = new FirstRowIndex();
    const expected = new Map<number, number>();
    let seed = 42;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let row = 0; row < 200_000; row++) {
      // Coordinate-like keys (lat and lon to 1e-5 degrees): a small area, so many repeat and many are neighbours.
      const key = Math.round(random() * 2000) * 4e7 + Math.round(random() * 300);
      const first = expected.get(key);
      if (first === undefined) expected.set(key, row);
      expect(index.firstOrAdd(key, row)).toBe(first);
    }
    expect(index.size).toBe(expected.size);
  });
});
