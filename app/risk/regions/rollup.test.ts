import { CODE_NA, CODE_NODATA } from "../dataset";
import { ROLLUP_TOP_SHARE, rollup, rollupAreaShare, rollupEntities } from "./rollup";

const empty = (n: number, code = 0) => Array.from({ length: n }, () => ({ code, population: 0 }));

describe("rollup", () => {
  it("is the mean of the most exposed fifth when nobody lives there", () => {
    expect(ROLLUP_TOP_SHARE).toBe(0.2);
    // 10 cells: the top fifth is the two highest
    const cells = [{ code: 200, population: 0 }, { code: 100, population: 0 }, ...empty(8)];
    expect(rollup(cells)).toBe(150);
    expect(rollup([...cells].reverse())).toBe(150);
  });
  it("counts the last cell by the fraction it contributes", () => {
    // 15 cells → 3 cells' worth: (200 + 100 + 50) / 3
    expect(
      rollup([
        { code: 200, population: 0 },
        { code: 100, population: 0 },
        { code: 50, population: 0 },
        { code: 40, population: 0 },
        ...empty(11),
      ]),
    ).toBe(Math.round(350 / 3));
    // 12 cells → 2.4 cells: (200 + 100 + 0.4·50) / 2.4
    expect(
      rollup([{ code: 200, population: 0 }, { code: 100, population: 0 }, { code: 50, population: 0 }, ...empty(9)]),
    ).toBe(Math.round(320 / 2.4));
  });
  it("a place of fewer than five cells takes its highest cell", () => {
    expect(
      rollup([
        { code: 40, population: 0 },
        { code: 120, population: 0 },
        { code: 80, population: 0 },
      ]),
    ).toBe(120);
  });
  it("weighs each cell half for its area, half for its people", () => {
    // 10 cells, all the people in one cell at 0: it weighs 0.55, so the top fifth holds only empty cells
    const cells = [
      { code: 0, population: 1000 },
      { code: 200, population: 0 },
      { code: 100, population: 0 },
      ...empty(7, 50),
    ];
    expect(rollup(cells)).toBe(Math.round((0.05 * 200 + 0.05 * 100 + 0.1 * 50) / 0.2));
    // the people in the hottest cell: it weighs 0.55 and fills the top fifth alone
    cells[1] = { code: 200, population: 1000 };
    cells[0] = { code: 0, population: 0 };
    expect(rollup(cells)).toBe(200);
  });
  it("skips not-applicable and no-data cells; all not applicable → not applicable", () => {
    expect(
      rollup([
        { code: 80, population: 0 },
        { code: CODE_NA, population: 1e6 },
        { code: CODE_NODATA, population: 5 },
      ]),
    ).toBe(80);
    expect(rollup([{ code: CODE_NA, population: 0 }])).toBe(CODE_NA);
    expect(
      rollup([
        { code: CODE_NODATA, population: 0 },
        { code: CODE_NA, population: 0 },
      ]),
    ).toBe(CODE_NODATA);
    expect(rollup([])).toBe(CODE_NODATA);
  });
  it("never falls when every cell rises (scenario order holds for countries and regions)", () => {
    const low = Array.from({ length: 37 }, (_, i) => ({ code: (i * 53) % 160, population: (i * 7919) % 1000 }));
    const high = low.map((c, i) => ({ ...c, code: c.code + (i % 3) * 10 }));
    expect(rollup(high)).toBeGreaterThanOrEqual(rollup(low));
  });
});

describe("rollupEntities", () => {
  it("rolls up each entity, hazard and slot from the [hazard][slot][cell] layout", () => {
    // 2 hazards × 1 slot × 3 cells; entity 0 = cells 0, 1; entity 1 = cell 2
    const values = Uint8Array.from([10, 30, CODE_NA, 200, 0, 50]);
    expect(Array.from(rollupEntities(values, [0, 0, 0], [[0, 1], [2]], 2, 1))).toEqual([30, 200, CODE_NA, 50]);
  });
  it("rolls river flood up by people only: an empty floodplain does not make a country's flood", () => {
    expect(rollupAreaShare("FD")).toBe(0);
    expect(rollupAreaShare("DR")).toBe(0.5);
    // 10 cells: one empty cell at 200, nine settled cells at 40 (FD, then DR, one slot)
    const codes = [200, 40, 40, 40, 40, 40, 40, 40, 40, 40];
    const pop = [0, 100, 100, 100, 100, 100, 100, 100, 100, 100];
    const values = Uint8Array.from([...codes, ...codes]);
    const [fd, dr] = Array.from(rollupEntities(values, pop, [codes.map((_, i) => i)], 2, 1, ["FD", "DR"]));
    expect(fd).toBe(40);
    // half area, half people: the empty cell's 5 % of the weight counts
    expect(dr).toBe(Math.round((0.05 * 200 + 0.15 * 40) / 0.2));
  });
});
