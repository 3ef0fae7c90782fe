/** Reads ETOPO5 (NetCDF3) and the Marble Legates & Willmott climatology images, calibrated via their legends. */
import { readFileSync } from "node:fs";
import path from "node:path";
import jpeg from "jpeg-js";
import { NetCDFReader } from "netcdfjs";

export interface Etopo {
  nx: number;
  ny: number;
  lon0: number;
  dLon: number;
  lat0: number;
  dLat: number;
  z: Float32Array;
}

export function readEtopo5(file: string): Etopo {
  const r = new NetCDFReader(readFileSync(file));
  const xs = r.getDataVariable("ETOPO05_X") as number[];
  const ys = r.getDataVariable("ETOPO05_Y") as number[];
  const z = Float32Array.from(r.getDataVariable("ROSE") as number[]);
  return {
    nx: xs.length,
    ny: ys.length,
    lon0: xs[0]!,
    dLon: (xs[xs.length - 1]! - xs[0]!) / (xs.length - 1),
    lat0: ys[0]!,
    dLat: (ys[ys.length - 1]! - ys[0]!) / (ys.length - 1),
    z,
  };
}

type RGB = [number, number, number];
const hex = (s: string): RGB => [parseInt(s.slice(1, 3), 16), parseInt(s.slice(3, 5), 16), parseInt(s.slice(5, 7), 16)];

/** Marble .leg palette: "#rrggbb=position" lines; position in [0, 1] of the grey value. */
export function readPalette(file: string): { t: number; c: RGB }[] {
  return readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => /^#[0-9a-fA-F]{6}=/.test(l))
    .map((l) => {
      const [c, t] = l.split("=");
      return { t: Number(t), c: hex(c!) };
    })
    .sort((a, b) => a.t - b.t);
}

function paletteAt(p: { t: number; c: RGB }[], t: number): RGB {
  if (t <= p[0]!.t) return p[0]!.c;
  for (let i = 1; i < p.length; i++) {
    const a = p[i - 1]!, b = p[i]!;
    if (t <= b.t) {
      const u = (t - a.t) / (b.t - a.t);
      return [0, 1, 2].map((k) => a.c[k]! + u * (b.c[k]! - a.c[k]!)) as RGB;
    }
  }
  return p[p.length - 1]!.c;
}

/** Legend entries of a dgml section: colour and the number in its text. */
export function readLegend(dgmlFile: string, section: string): { c: RGB; value: number; text: string }[] {
  const xml = readFileSync(dgmlFile, "utf8");
  const m = xml.match(new RegExp(`<section name="${section}"[\\s\\S]*?</section>`));
  if (!m) throw new Error(`legend section ${section} not found in ${dgmlFile}`);
  const out: { c: RGB; value: number; text: string }[] = [];
  const re = /<icon color="(#[0-9a-fA-F]{6})"\/>\s*<text>(?:<!\[CDATA\[)?([^<\]]*)/g;
  let k: RegExpExecArray | null;
  while ((k = re.exec(m[0]))) {
    const num = k[2]!.match(/-?\d+(\.\d+)?/);
    if (num) out.push({ c: hex(k[1]!), value: Number(num[0]), text: k[2]!.replace("&deg;", "°") });
  }
  return out;
}

export interface Calibration {
  /** Grey position t (0..1) and physical value, ascending in t. */
  anchors: { t: number; value: number; colourError: number; text: string }[];
  /** Largest RGB distance between a legend colour and the palette at its fitted position. */
  maxColourError: number;
}

/** Places each legend colour on the palette (finest grey step that matches best) to pair grey levels with values. */
export function calibrate(palette: { t: number; c: RGB }[], legend: { c: RGB; value: number; text: string }[]): Calibration {
  const anchors = legend.map((e) => {
    let best = 0, bestD = Infinity;
    for (let i = 0; i <= 2000; i++) {
      const t = i / 2000;
      const c = paletteAt(palette, t);
      const d = Math.hypot(c[0] - e.c[0], c[1] - e.c[1], c[2] - e.c[2]);
      if (d < bestD - 1e-9) {
        bestD = d;
        best = t;
      }
    }
    return { t: best, value: e.value, colourError: Math.round(bestD * 10) / 10, text: e.text };
  });
  anchors.sort((a, b) => a.t - b.t);
  return { anchors, maxColourError: Math.max(...anchors.map((a) => a.colourError)) };
}

/** Piecewise-linear grey→value; `log` interpolates log-linearly (the precipitation labels double). */
export function greyToValue(cal: Calibration, t: number, log = false): number {
  const a = cal.anchors;
  const f = (v: number) => (log ? Math.log2(Math.max(v, 1)) : v);
  const inv = (v: number) => (log ? 2 ** v : v);
  if (t <= a[0]!.t) return a[0]!.value;
  for (let i = 1; i < a.length; i++) {
    const p = a[i - 1]!, q = a[i]!;
    if (t <= q.t) {
      const u = (t - p.t) / (q.t - p.t);
      if (log && p.value > 0) return inv(f(p.value) + u * (f(q.value) - f(p.value)));
      return p.value + u * (q.value - p.value);
    }
  }
  // the last label reads "1024 mm or more": saturate there
  return a[a.length - 1]!.value;
}

export interface ClimateGrid {
  width: number;
  height: number;
  /** Physical value per pixel, row 0 at 90°N, column 0 at 180°W. */
  values: Float32Array;
  calibration: Calibration;
}

export function readClimate(marbleData: string, theme: "temp-july" | "temp-dec" | "precip-july" | "precip-dec"): ClimateGrid {
  const dir = path.join(marbleData, "maps/earth", theme);
  const isTemp = theme.startsWith("temp");
  const palette = readPalette(path.join(marbleData, isTemp ? "tempcolors.leg" : "precipcolors.leg"));
  const legend = readLegend(path.join(dir, `${theme}.dgml`), isTemp ? "temperature" : "precipitation");
  const cal = calibrate(palette, legend);
  const img = jpeg.decode(readFileSync(path.join(dir, `${theme}.jpg`)), { useTArray: true, formatAsRGBA: true });
  const lut = new Float32Array(256);
  if (isTemp) {
    // The grey levels are linear in °C between the legend's end labels; the intermediate labels sit at
    // palette positions that would put London's December at 14 °C, so only the ends are used.
    const lo = cal.anchors[0]!, hi = cal.anchors[cal.anchors.length - 1]!;
    for (let g = 0; g < 256; g++) lut[g] = lo.value + ((hi.value - lo.value) * (g / 255 - lo.t)) / (hi.t - lo.t);
  } else {
    for (let g = 0; g < 256; g++) lut[g] = greyToValue(cal, g / 255, true);
  }
  const values = new Float32Array(img.width * img.height);
  for (let i = 0; i < values.length; i++) values[i] = lut[img.data[i * 4]!]!;
  repairBorderColumns(img.data, img.width, img.height, values);
  return { width: img.width, height: img.height, values, calibration: cal };
}

/**
 * The temperature images carry a black first column (grey 0 = the legend's −69 °C) at 180° W: a border, not data
 * (it put −44 °C in July on Taveuni and Tuvalu, whose land straddles the antimeridian). A column is a border when
 * most of its pixels between 60° S and 60° N are black (grey ≤ BORDER_GREY, JPEG noise included); it takes the mean of the nearest data columns on either
 * side, longitudes wrapping.
 */
const BORDER_GREY = 3;

export function repairBorderColumns(rgba: ArrayLike<number>, width: number, height: number, values: Float32Array): number[] {
  const y0 = Math.floor(height / 6), y1 = Math.ceil((5 * height) / 6);
  const isBorder = (x: number) => {
    let black = 0;
    for (let y = y0; y < y1; y++) if (rgba[(y * width + x) * 4]! <= BORDER_GREY) black++;
    return black > 0.9 * (y1 - y0);
  };
  const border = Array.from({ length: width }, (_, x) => isBorder(x));
  const fixed: number[] = [];
  if (border.every(Boolean)) return fixed;
  for (let x = 0; x < width; x++) {
    if (!border[x]) continue;
    let l = x, r = x;
    do l = (l - 1 + width) % width;
    while (border[l]);
    do r = (r + 1) % width;
    while (border[r]);
    for (let y = 0; y < height; y++) values[y * width + x] = (values[y * width + l]! + values[y * width + r]!) / 2;
    fixed.push(x);
  }
  return fixed;
}

export function sampleClimate(g: ClimateGrid, lat: number, lon: number): number {
  let x = Math.floor(((lon + 180) / 360) * g.width);
  x = ((x % g.width) + g.width) % g.width;
  const y = Math.min(g.height - 1, Math.max(0, Math.floor(((90 - lat) / 180) * g.height)));
  return g.values[y * g.width + x]!;
}
