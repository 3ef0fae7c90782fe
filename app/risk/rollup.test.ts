import { CODE_NA, CODE_NODATA } from "./dataset";
import { rollup } from "./rollup";

describe("rollup", () => {
  it("area mean when nobody lives there", () => {
    expect(
      rollup([
        { code: 100, population: 0 },
        { code: 0, population: 0 },
      ]),
    ).toBe(50);
  });
  it("half area, half population", () => {
    // area mean 50, population mean 100 → 75
    expect(
      rollup([
        { code: 100, population: 1000 },
        { code: 0, population: 0 },
      ]),
    ).toBe(75);
  });
  it("skips not-applicable cells; all not applicable → not applicable", () => {
    expect(
      rollup([
        { code: 80, population: 0 },
        { code: CODE_NA, population: 1e6 },
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
});
