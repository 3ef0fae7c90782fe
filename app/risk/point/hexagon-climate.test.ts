import { cellToLatLng, gridDisk, latLngToCell } from "h3-js";
import type { CellInputs } from "../formulas";
import { seededRandom } from "~/utils/seeded-random";
import { blendClimateInto, triangleWeights } from "./hexagon-climate";

/** The hexagons a point reads and their weights, from H3 directly (the scorer keeps the same per dataset row). */
function centreWeights(lat: number, lon: number, own: string): { cell: string; weight: number }[] {
  const cells = gridDisk(own, 1);
  const centres = cells.map((cell) => cellToLatLng(cell));
  const weights = triangleWeights(
    lat,
    lon,
    centres.map(([la]) => la),
    centres.map(([, lo]) => lo),
    0,
    cells.length,
  );
  return weights ? weights.map(({ index, weight }) => ({ cell: cells[index]!, weight })) : [{ cell: own, weight: 1 }];
}

const RES = 4;

/** A July temperature for every hexagon, drawn at random, so neighbours differ by up to 30 °C. */
function randomClimate(seed: number) {
  const random = seededRandom(seed);
  const byCell = new Map<string, number>();
  return (cell: string) => {
    if (!byCell.has(cell)) byCell.set(cell, 30 * random());
    return byCell.get(cell)!;
  };
}

function blendedJuly(lat: number, lon: number, july: (cell: string) => number): number {
  const own = latLngToCell(lat, lon, RES);
  const read = centreWeights(lat, lon, own).map(({ cell, weight }) => ({ fields: { tJul: july(cell) }, weight }));
  return blendClimateInto({ tJul: july(own) } as CellInputs, read).tJul;
}

describe("climate read between hexagon centres", () => {
  it("reads a hexagon's own climate alone at its centre, and at most three hexagons anywhere, weights summing to 1", () => {
    for (const [lat, lon] of [
      [50.94, 6.96],
      [-33.9, 18.4],
      [64.1, -21.9],
      [-0.2, 179.95],
    ] as const) {
      const own = latLngToCell(lat, lon, RES);
      const [clat, clon] = cellToLatLng(own);
      expect(centreWeights(clat, clon, own)).toEqual([{ cell: own, weight: 1 }]);
      const weights = centreWeights(lat, lon, own);
      expect(weights.length).toBeLessThanOrEqual(3);
      expect(weights.every((w) => w.weight > 0 && w.weight <= 1)).toBe(true);
      expect(weights.reduce((sum, w) => sum + w.weight, 0)).toBeCloseTo(1, 12);
    }
  });

  it("changes gradually across hexagon edges where each hexagon's own climate jumps", () => {
    const july = randomClimate(20261130);
    // 2,000 steps of about 0.5 km north-eastwards from the Massif Central to the Harz: some thirty-five hexagon edges crossed
    let worstBlended = 0,
      worstOwn = 0,
      edges = 0;
    for (let i = 0; i < 2000; i++) {
      const [lat0, lon0] = [45.5 + i * 0.0032, 2.5 + i * 0.0045];
      const [lat1, lon1] = [lat0 + 0.0032, lon0 + 0.0045];
      const [own0, own1] = [latLngToCell(lat0, lon0, RES), latLngToCell(lat1, lon1, RES)];
      if (own0 !== own1) edges++;
      worstOwn = Math.max(worstOwn, Math.abs(july(own1) - july(own0)));
      worstBlended = Math.max(worstBlended, Math.abs(blendedJuly(lat1, lon1, july) - blendedJuly(lat0, lon0, july)));
    }
    expect(edges).toBeGreaterThan(25);
    // a hexagon's own value jumps by many degrees at an edge; read between centres (≈ 34 km apart across a triangle
    // of centres), 0.5 km moves it by at most 30 °C × 0.5 / 34, with room for the lattice's distortion
    expect(worstOwn).toBeGreaterThan(10);
    expect(worstBlended).toBeLessThan(0.6);
  });

  it("keeps the own hexagon's value for a field no hexagon read has, and blends each field over the hexagons that have it", () => {
    const own = { tJul: 20, pJul: 50, pDec: NaN, tDec: 3 } as CellInputs;
    const blended = blendClimateInto(own, [
      { fields: { tJul: 20, pJul: 50 }, weight: 0.5 },
      { fields: { tJul: 10, pJul: NaN }, weight: 0.5 },
    ]);
    expect(blended).toBe(own);
    expect(blended.tJul).toBe(15);
    expect(blended.pJul).toBe(50);
    expect(blended.pDec).toBeNaN();
    // a field no hexagon read has keeps the target's value
    expect(blended.tDec).toBe(3);
  });
});
