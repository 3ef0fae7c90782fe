import { describe, expect, it } from "vitest";
import { cellShares, rasterise, type Feature } from "./naturalearth";
import { repairBorderColumns } from "../climate/rasters";
import { accumulate } from "../hydrology/flow";
import type { HydroGrid } from "../hydrology/hydro-grid";

describe("climate image border", () => {
  it("a black first column (the −69 °C legend end) takes its neighbours' values across the antimeridian", () => {
    const W = 6, H = 6;
    const rgba = new Uint8Array(W * H * 4).fill(200);
    const values = new Float32Array(W * H).fill(25);
    for (let y = 0; y < H; y++) {
      rgba[y * W * 4] = 1;
      values[y * W] = -69;
      values[y * W + 1] = 24;
      values[y * W + W - 1] = 26;
    }
    expect(repairBorderColumns(rgba, W, H, values)).toEqual([0]);
    expect(values[2 * W]).toBe(25);
  });
});

describe("Natural Earth polygons on a grid", () => {
  it("fills a ring by the even-odd rule, holes left open", () => {
    const ring = (x0: number, y0: number, x1: number, y1: number) => Float64Array.from([x0, y0, x1, y0, x1, y1, x0, y1]);
    const f: Feature = [ring(-90, -45, 90, 45), ring(-45, -20, 45, 20)];
    const grid = { width: 8, height: 4 };
    const m = rasterise([f], grid);
    // rows at 67.5, 22.5, −22.5, −67.5; columns centred at −157.5 … 157.5
    expect(Array.from(m.subarray(8, 16))).toEqual([0, 0, 1, 1, 1, 1, 0, 0]);
    expect(Array.from(m.subarray(0, 8))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    const inner = rasterise([[ring(-90, -45, 90, 45), ring(-50, 0, 50, 45)]], grid);
    expect(Array.from(inner.subarray(8, 16))).toEqual([0, 0, 1, 0, 0, 1, 0, 0]);
    const shares = cellShares(m, grid, () => 0, () => 1e12, 1);
    expect(shares[0]).toBeGreaterThan(0);
  });
});

describe("lakes store flood waves", () => {
  it("flow accumulated below a lake starts again from zero", () => {
    // a row of 5 pixels draining east (direction 0) into an outlet; pixel 2 is a lake
    const g: HydroGrid = { width: 5, height: 1, wrap: false };
    const dir = new Uint8Array([0, 0, 0, 0, 9]);
    const order = Int32Array.from([4, 3, 2, 1, 0]);
    const acc = new Float64Array(5);
    accumulate(g, dir, order, 5, () => 1, acc, (p) => p === 2);
    expect(Array.from(acc)).toEqual([1, 2, 0, 1, 2]);
    const free = new Float64Array(5);
    accumulate(g, dir, order, 5, () => 1, free);
    expect(free[3]).toBe(4);
  });
});
