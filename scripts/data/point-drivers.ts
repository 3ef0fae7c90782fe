/**
 * The point drivers: each land pixel of the 2′ grid with its own relief, low-lying state, floodplain and built-up
 * state, so that a point is scored from its own place instead of its hexagon (app/risk/point/point-drivers.ts has
 * the format).
 */
import { encodePointDrivers } from "../../app/risk/point/point-drivers";
import { DIR_OUTLET } from "./hydrology/hydro-grid";
import type { GreyRelief } from "./climate/relief";
import type { FloodplainMembers } from "./hydrology/river-network";

export interface PointDriverInputs {
  relief: GreyRelief;
  greyToM: Float64Array;
  /** Flow directions of the river network: DIR_OUTLET is the sea, every other pixel is land for a point. */
  dir: Uint8Array;
  /** Per pixel: 1 where low-lying and joined to the open sea. */
  lowPixels: Uint8Array;
  /** Per pixel: 1 in a dense built-up area (Natural Earth 50m urban areas and the cores of GeoNames cities, the mask of the hexagons' urban share). */
  urban: Uint8Array;
  members: FloodplainMembers;
}

export function pointDriversFile(i: PointDriverInputs): { bin: Buffer; landPixels: number; floodplainPixels: number } {
  const { width, height, grey } = i.relief;
  let land = 0;
  const isLand = (p: number) => i.dir[p] !== DIR_OUTLET;
  for (let p = 0; p < width * height; p++) if (isLand(p)) land++;
  const bin = encodePointDrivers({
    width,
    height,
    greyToM: i.greyToM,
    grey,
    isLand,
    isLow: (p) => i.lowPixels[p] === 1,
    isUrban: (p) => i.urban[p] === 1,
    members: i.members,
  });
  return { bin, landPixels: land, floodplainPixels: i.members.pixel.length };
}
