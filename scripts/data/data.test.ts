import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { calibrate, greyToValue, readLegend, readPalette, sampleClimate } from "./rasters";
import { parseCsv, spearman } from "./validate";

describe("legend calibration", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "leg-"));
  writeFileSync(path.join(dir, "p.leg"), "#000000=0\n#ffffff=1\n");
  writeFileSync(
    path.join(dir, "t.dgml"),
    `<legend><section name="precipitation"><item><icon color="#000000"/><text>0 mm</text></item>
     <item><icon color="#808080"/><text>100 mm</text></item><item><icon color="#ffffff"/><text>400 mm or more</text></item></section></legend>`,
  );
  it("places legend colours on the palette and interpolates", () => {
    const pal = readPalette(path.join(dir, "p.leg"));
    const leg = readLegend(path.join(dir, "t.dgml"), "precipitation");
    expect(leg.map((l) => l.value)).toEqual([0, 100, 400]);
    const cal = calibrate(pal, leg);
    expect(cal.anchors[1]!.t).toBeCloseTo(128 / 255, 2);
    expect(cal.maxColourError).toBeLessThan(1);
    expect(greyToValue(cal, 0)).toBe(0);
    expect(greyToValue(cal, 1)).toBe(400);
    // log-linear between 100 and 400: halfway is 200
    const mid = (cal.anchors[1]!.t + 1) / 2;
    expect(greyToValue(cal, mid, true)).toBeCloseTo(200, 0);
  });
  it("samples an equirectangular grid with row 0 at 90°N", () => {
    const g = { width: 4, height: 2, values: new Float32Array([1, 2, 3, 4, 5, 6, 7, 8]), calibration: { anchors: [], maxColourError: 0 } };
    expect(sampleClimate(g, 45, -135)).toBe(1);
    expect(sampleClimate(g, -45, 135)).toBe(8);
    expect(sampleClimate(g, 10, 180)).toBe(1);
  });
});

describe("validation helpers", () => {
  it("spearman", () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1);
    expect(spearman([1, 1, 2, 3], [1, 2, 3, 4])).toBeGreaterThan(0.9);
  });
  it("parses quoted CSV", () => {
    expect(parseCsv('a,"b,c",d\n1,"x ""y""",3\n')).toEqual([["a", "b,c", "d"], ["1", 'x "y"', "3"]]);
  });
});
