import { describe, expect, it } from "vitest";
import {
  failureShapes,
  heldOutBorderTown,
  heldOutPlace,
  judgeBorderTown,
  judgePair,
  judgePlace,
  parseSet,
  tally,
  type HeldOutPair,
  type HeldOutPlace,
} from "./evaluate";

const pair: HeldOutPair = {
  id: "p1",
  hazard: "FD",
  higher: { name: "plain", lat: 50.9, lon: 6.97 },
  lower: { name: "hill", lat: 50.85, lon: 6.85 },
  source: "test",
};
const place = (expect: "high" | "low"): HeldOutPlace => ({
  id: "x",
  name: "X",
  country: "DE",
  lat: 1,
  lon: 2,
  hazard: "FD",
  expect,
  source: "test",
});

describe("held-out judging", () => {
  it("a pair passes only when the first point reads strictly higher", () => {
    expect(judgePair(pair, 4, 2).passed).toBe(true);
    expect(judgePair(pair, 3, 3).passed).toBe(false);
    expect(judgePair(pair, 2, 4).passed).toBe(false);
    expect(judgePair(pair, 2, "not_applicable").passed).toBe(true);
    expect(judgePair(pair, { unscored: "at sea" }, 1).passed).toBe(false);
  });

  it("a place expected high needs level 3 or more; one expected low, 2 or less", () => {
    expect(judgePlace(place("high"), 3).passed).toBe(true);
    expect(judgePlace(place("high"), 2).passed).toBe(false);
    expect(judgePlace(place("low"), 2).passed).toBe(true);
    expect(judgePlace(place("low"), "not_applicable").passed).toBe(true);
    expect(judgePlace(place("low"), 3).passed).toBe(false);
    expect(judgePlace(place("low"), { unscored: "at sea" }).passed).toBe(false);
  });

  it("tallies per hazard", () => {
    const r = [judgePair(pair, 4, 2), judgePair(pair, 1, 2), judgePlace({ ...place("high"), hazard: "SS" }, 5)];
    const t = tally(r);
    expect(t.all).toEqual({ passed: 2, total: 3 });
    expect(t.byHazard.get("FD")).toEqual({ passed: 1, total: 2 });
    expect(t.byHazard.get("SS")).toEqual({ passed: 1, total: 1 });
  });

  it("counts the failing cases by hazard and levels, naming none", () => {
    const r = [
      judgePair(pair, 2, 2),
      judgePair(pair, 2, 2),
      judgePair(pair, 1, 3),
      judgePair(pair, 4, 1),
      judgePlace({ ...place("high"), hazard: "SS" }, 2),
      judgePlace({ ...place("low"), hazard: "SS" }, 4),
    ];
    expect(failureShapes(r)).toEqual([
      ["FD 1 vs 3", 1],
      ["FD 2 vs 2", 2],
      ["SS expected high, reads 2", 1],
      ["SS expected low, reads 4", 1],
    ]);
    for (const [key] of failureShapes(r)) expect(key).not.toMatch(/plain|hill|X/);
  });

  it("reads a bare array or an object holding it, and refuses a malformed case", () => {
    expect(parseSet([place("low")], "places", heldOutPlace)).toHaveLength(1);
    expect(parseSet({ places: [place("low")] }, "places", heldOutPlace)).toHaveLength(1);
    expect(() => parseSet([{ ...place("low"), lat: 95 }], "places", heldOutPlace)).toThrow();
    expect(() => parseSet({ other: [] }, "places", heldOutPlace)).toThrow();
  });
});

describe("held-out border towns", () => {
  it("a town passes only when it is located in the country it lies in, and a malformed town is refused", () => {
    const town = heldOutBorderTown.parse({
      name: "Słubice",
      lat: 52.35,
      lon: 14.56,
      country: "PL",
      neighbour: "DE",
      continent: "Europe",
      km_to_border: 0.5,
    });
    expect(judgeBorderTown(town, "PL")).toMatchObject({ passed: true, continent: "Europe" });
    expect(judgeBorderTown(town, "DE")).toMatchObject({ passed: false, detail: "Słubice (Europe) in PL, located in DE" });
    expect(judgeBorderTown(town, "out_of_range").passed).toBe(false);
    expect(() => parseSet([{ ...town, country: "POL" }], "towns", heldOutBorderTown)).toThrow();
  });
});
