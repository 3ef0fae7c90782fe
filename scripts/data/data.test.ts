import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { calibrate, greyToValue, readLegend, readPalette, sampleClimate } from "./climate/rasters";
import { parseCsv, spearman } from "./validate";
import { calibrateRelief, interquartileMean, isotonic, lowLyingShare2, slopeAt, slopeGrid, SRTM_HEIGHT, SRTM_MAX_LAT_DEG, SRTM_WIDTH } from "./climate/relief";
import { readDbf } from "./geography/ne-places";
import { seaConnected } from "./climate/physical";
import { regionName } from "./geography/geography";

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

describe("relief calibration", () => {
  it("isotonic regression pools violators and fills empty grey levels", () => {
    expect(isotonic([1, 3, 2, 4], [1, 1, 1, 1])).toEqual([1, 2.5, 2.5, 4]);
    // weights move the pooled value towards the heavier level
    expect(isotonic([0, 10, 4], [1, 1, 3])).toEqual([0, 5.5, 5.5]);
    // levels without samples take their neighbour's value, so the table stays non-decreasing
    expect(isotonic([5, 0, 9, 0], [1, 0, 1, 0])).toEqual([5, 5, 9, 9]);
    const fit = isotonic([3, 1, 2, 8, 7, 9], [1, 2, 1, 1, 1, 1]);
    for (let i = 1; i < fit.length; i++) expect(fit[i]!).toBeGreaterThanOrEqual(fit[i - 1]!);
  });

  it("derives slopes from calibrated heights: flat is 0°, a 100 m step per pixel follows the pixel size", () => {
    // a coarse 30′ global grid: slopeGrid takes the pixel size from the grid's own dimensions
    const W = 720, H = 360;
    const grey = new Uint8Array(W * H).fill(10);
    const lut = Float64Array.from({ length: 256 }, (_, g) => g * 100);
    const y = H / 2;
    for (let x = W / 2 - 5; x < W / 2 + 5; x++) grey[y * W + x] = 20 + (x - W / 2);
    const slope = slopeGrid({ width: W, height: H, grey }, lut);
    expect(slope[10 * W + 100]).toBe(0);
    const px = (0.5 * Math.PI * 6371008.8) / 180;
    expect(slope[y * W + W / 2]!).toBeCloseTo((Math.atan(100 / (px * Math.cos((0.25 * Math.PI) / 180))) * 180) / Math.PI, 2);
    expect(slopeAt(slope, 60, 100, W, H)).toBe(0);
    expect([SRTM_WIDTH, SRTM_HEIGHT]).toEqual([10800, 5400]);
  });

  it("fits each grey to the mean of the middle half of its land points' heights, within SRTM's latitudes", () => {
    // a 1° image, grey 10 everywhere; a 1° height grid whose points on grey 10 stand at 2 m (7 in 10), 3 m (2 in 10)
    // and 400 m (1 in 10, the hills a grey's mean smooths away), and beyond 60° (ice shelves) at 900 m
    const W = 360, H = 180;
    const relief = { width: W, height: H, grey: new Uint8Array(W * H).fill(10) };
    const nx = 360, ny = 181;
    const z = new Float32Array(nx * ny);
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        const k = (i + j) % 10;
        z[j * nx + i] = Math.abs(-90 + j) > SRTM_MAX_LAT_DEG ? 900 : k < 7 ? 2 : k < 9 ? 3 : 400;
      }
    const etopo = { nx, ny, lon0: 0, dLon: 1, lat0: -90, dLat: 1, z };
    const cal = calibrateRelief(relief, etopo, () => true);
    // the middle half holds 2 m and 3 m in 9 : 1, not the tail's 400 m (the mean, 42 m) nor the 900 m beyond 60°
    expect(cal.lut[10]).toBeCloseTo(2.1, 9);
    expect(cal.samples).toBe(nx * (2 * SRTM_MAX_LAT_DEG + 1));
  });

  it("takes the mean of the middle half", () => {
    expect(interquartileMean([])).toBe(0);
    expect(interquartileMean([5])).toBe(5);
    expect(interquartileMean([1, 2, 3, 100])).toBe(2.5);
    expect(interquartileMean([0, 30, 30, 61, 61, 61, 91, 1000])).toBeCloseTo((30 + 61 + 61 + 61) / 4, 9);
  });
});

describe("Natural Earth places table", () => {
  it("reads dBASE III fields by name and skips deleted records", () => {
    const fields = [["name", 10], ["pop_max", 9]] as const;
    const recLen = 1 + 10 + 9;
    const headerLen = 32 + 32 * fields.length + 1;
    const b = Buffer.alloc(headerLen + 2 * recLen);
    b[0] = 3;
    b.writeUInt32LE(2, 4);
    b.writeUInt16LE(headerLen, 8);
    b.writeUInt16LE(recLen, 10);
    fields.forEach(([n, len], i) => {
      b.write(n, 32 + 32 * i, "latin1");
      b[32 + 32 * i + 11] = n === "name" ? 67 : 78;
      b[32 + 32 * i + 16] = len;
    });
    b[headerLen - 1] = 0x0d;
    b.write(" Lagos      15000000", headerLen, "utf8");
    b.write("*Gone                1", headerLen + recLen, "utf8");
    const f = path.join(mkdtempSync(path.join(tmpdir(), "dbf-")), "t.dbf");
    writeFileSync(f, b);
    expect(readDbf(f)).toEqual([{ name: "Lagos", pop_max: "15000000" }]);
  });
});

describe("sea-joined low land", () => {
  // one row of 9 points, 1° apart, the last one next to the first across the date line: ocean, shore at 2 m,
  // plain at 5 m, ridge at 40 m, depression at −28 m, a lake, low land between the lake and a 30 m ridge,
  // and low land reached only across the date line
  const z = Float32Array.from([-50, 2, 5, 40, -28, -28, 3, 30, 5]);
  const kind = ["ocean", "land", "land", "land", "land", "lake", "land", "land", "land"] as const;
  const grid = { nx: 9, ny: 1, lat0: 0, dLat: 1, lon0: 0, dLon: 1, z };
  const fractions = (_lat: number, lon: number) => {
    const k = kind[Math.round(lon < 0 ? lon + 360 : lon)]!;
    return { land: k === "land" ? 1 : 0, ocean: k === "ocean" ? 1 : 0 };
  };
  it("reaches low land from the sea, not depressions behind higher ground or through lakes", () => {
    expect(Array.from(seaConnected(grid, fractions, 10))).toEqual([1, 1, 1, 0, 0, 0, 0, 0, 1]);
  });
  it("crosses the ridge when the threshold is above it", () => {
    expect(Array.from(seaConnected(grid, fractions, 50))).toEqual([1, 1, 1, 1, 1, 0, 1, 1, 1]);
  });
});

describe("admin-1 region names", () => {
  it("take the English name, but not where Natural Earth put the country's name there", () => {
    expect(regionName({ name: "Sjaælland", name_en: "Zealand", admin: "Denmark" }, "DK-85")).toBe("Zealand");
    expect(regionName({ name: "Hovedstaden", name_en: "Denmark", admin: "Denmark" }, "DK-84")).toBe("Hovedstaden");
    expect(regionName({ name: "Distrito Federal", name_en: "Mexico", admin: "Mexico" }, "MX-DIF")).toBe("Distrito Federal");
    // a region really named like its country keeps the name
    expect(regionName({ name: "Djibouti", name_en: "Djibouti", admin: "Djibouti" }, "DJ-DJ")).toBe("Djibouti");
    expect(regionName({ name: "Bavaria" }, "DE-BY")).toBe("Bavaria");
    expect(regionName({}, "XX-1")).toBe("XX-1");
  });
});

describe("low-lying land on the 2′ relief image", () => {
  // 12 × 12 pixels: columns 0-3 open sea; land from column 4: the shore (grey 98), one step up (99), a ridge (110),
  // a depression behind it below the shore's grey (97), high ground (120)
  const W = 12, H = 12;
  const columnGrey = [90, 90, 90, 90, 98, 98, 99, 110, 97, 97, 120, 120];
  const grey = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) grey[y * W + x] = columnGrey[x]!;
  const col = (lon: number) => Math.floor(((lon + 180) / 360) * W);
  const row = (lat: number) => Math.floor(((90 - lat) / 180) * H);
  const sea = (lat: number, lon: number) => col(lon) < 4 || (row(lat) === 0 && col(lon) === 5);
  const fractions = (lat: number, lon: number) => (sea(lat, lon) ? { land: 0, ocean: 1 } : { land: 1, ocean: 0 });
  const r = lowLyingShare2({ width: W, height: H, grey }, fractions, (lat) => (lat > 0 ? 0 : 1), 2);

  it("takes the shore's grey from land next to the sea and counts one grey step above it", () => {
    expect(r.shoreGrey).toBe(98);
    expect(r.maxGrey).toBe(99);
  });

  it("counts low land joined to the sea, not the depression behind the ridge", () => {
    // northern cell: 6 rows of 8 land columns, less one sea pixel; low and joined: columns 4-6
    expect(r.landPixels[0]).toBe(47);
    expect(r.share[0]).toBeCloseTo(17 / 47, 6);
    expect(r.landPixels[1]).toBe(48);
    expect(r.share[1]).toBeCloseTo(18 / 48, 6);
  });
});
