import { describe, expect, it } from "vitest";
import { RISK_LEVELS } from "../../hazards/risk-levels";
import {
  boundsOfRings,
  fitProjection,
  MAP_BOUNDS_PADDING,
  padBounds,
  pickSearch,
  ringsToSvgPath,
  toLatLngBounds,
} from "./location-map";
import { mapLegend, mapLevelColour } from "./map-levels";

describe("location map geometry", () => {
  it("pads bounds by 5 % of their span on each side", () => {
    expect(MAP_BOUNDS_PADDING).toBe(0.05);
    expect(padBounds({ west: -8, east: 2, south: 50, north: 60 })).toEqual({
      west: -8.5,
      east: 2.5,
      south: 49.5,
      north: 60.5,
    });
  });
  it("never pads past the poles or the antimeridian", () => {
    expect(padBounds({ west: -180, east: 180, south: -90, north: 90 })).toEqual({
      west: -180,
      east: 180,
      south: -90,
      north: 90,
    });
  });
  it("gives Leaflet south-west then north-east", () => {
    expect(toLatLngBounds({ west: 1, east: 2, south: 3, north: 4 })).toEqual([
      [3, 1],
      [4, 2],
    ]);
  });
  it("finds the bounds of [lon, lat] rings", () => {
    expect(
      boundsOfRings([
        [
          [0, 1],
          [2, 3],
        ],
        [[-1, 5]],
      ]),
    ).toEqual({ west: -1, east: 2, south: 1, north: 5 });
    expect(boundsOfRings([])).toBeNull();
  });
  it("projects the padded bounds into the SVG box, north up", () => {
    const p = fitProjection({ west: 0, east: 10, south: -5, north: 5 }, 200, 400);
    expect(p.x(-0.5)).toBeCloseTo(0, 0);
    expect(p.x(10.5)).toBeCloseTo(200, 0);
    expect(p.y(5.5)).toBe(0);
    expect(p.y(-5.5)).toBeCloseTo(p.height, 0);
    expect(p.y(0)).toBeGreaterThan(p.y(4));
  });
  it("shrinks longitudes by the cosine of the latitude and caps the height", () => {
    const p = fitProjection({ west: 0, east: 10, south: 59, north: 61 }, 300, 300);
    // at 60°N one degree of longitude is half a degree of latitude
    expect(p.x(10) - p.x(0)).toBeCloseTo((p.y(59) - p.y(61)) * 2.5, -1);
    expect(fitProjection({ west: 0, east: 1, south: 0, north: 40 }, 300, 200).height).toBe(200);
  });
  it("writes closed SVG paths", () => {
    const p = fitProjection({ west: 0, east: 1, south: 0, north: 1 }, 100);
    expect(
      ringsToSvgPath(
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
          ],
        ],
        p,
      ),
    ).toMatch(/^M\d+ \d+l-?\d+ -?\d+ ?-?\d+ ?-?\d+Z$/);
    expect(ringsToSvgPath([[[0, 0]]], p)).toBe("");
  });
  it("draws in whole pixels with relative steps that end where the absolute points are", () => {
    const p = fitProjection({ west: 0, east: 1, south: 0, north: 1 }, 100);
    const ring: [number, number][] = [
      [0, 0],
      [0.5, 0.1],
      [0.50001, 0.10001],
      [1, 1],
      [0.2, 0.9],
    ];
    const d = ringsToSvgPath([ring], p);
    const [start, ...steps] = d.slice(1, -1).split("l");
    const [x, y] = start!.split(" ").map(Number);
    const deltas = steps[0]!.match(/-?\d+/g)!.map(Number);
    // The repeated point rounds to the same pixel and is dropped: three steps, not four.
    expect(deltas).toHaveLength(6);
    let cx = x!;
    let cy = y!;
    for (let i = 0; i < deltas.length; i += 2) {
      cx += deltas[i]!;
      cy += deltas[i + 1]!;
    }
    expect([cx, cy]).toEqual([Math.round(p.x(0.2)), Math.round(p.y(0.9))]);
  });
  it("leaves out a ring smaller than a pixel", () => {
    const p = fitProjection({ west: 0, east: 100, south: 0, north: 100 }, 100);
    expect(
      ringsToSvgPath(
        [
          [
            [1, 1],
            [1.001, 1],
            [1, 1.001],
          ],
        ],
        p,
      ),
    ).toBe("");
  });
});

describe("location map colours and picks", () => {
  it("colours a level with the risk-level table", () => {
    for (const l of RISK_LEVELS) expect(mapLevelColour({ score: l.score, state: "ok" })).toBe(l.colour);
    expect(mapLegend()).toHaveLength(7);
  });
  it("keeps the other params and drops the point when a hexagon is picked", () => {
    expect(pickSearch("scenario=rcp45&period=2050&lat=1&lon=2", { id: "84194adffffffff", kind: "hexagon" })).toBe(
      "?scenario=rcp45&period=2050&location_code=84194adffffffff",
    );
  });
});
