/** GSHHG 1′ land mask: rasterised once into the cache with GMT, read as a byte grid by the build. */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import type { LandMaskGrid } from "../../../app/risk/land/landmask";
import { CACHE, MissingInputError, sha256File, type InputRecord } from "../inputs";

/** GMT native grid header size for the "bb" (byte) format. */
const GMT_NATIVE_HEADER = 892;
export const MASK_WIDTH = 21600;
export const MASK_HEIGHT = 10800;

function installedVersion(pkg: string): string | null {
  try {
    return execFileSync("dpkg-query", ["-W", "-f", "${Version}", pkg], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || null;
  } catch {
    return null;
  }
}

export interface GshhgMask extends LandMaskGrid {
  record: InputRecord;
  /** Shares of land and of ocean among the 1′ pixels of a window centred on a point, in [0, 1]. */
  fractions(lat: number, lon: number, halfPx: number): { land: number; ocean: number };
}

/**
 * Rasterises the GSHHG high-resolution shorelines to a pixel-registered 1′ grid: 1 = land (islands included),
 * 0 = ocean, 2 = lakes and ponds (water for points, but no coast for surge or sea level). Needs the Debian packages gmt and gmt-gshhg-high at build time only.
 */
export function ensureGshhgMask(): GshhgMask {
  const dir = path.join(CACHE, "gshhg");
  const file = path.join(dir, "mask.bin");
  const gshhg = installedVersion("gmt-gshhg-high");
  const gmt = installedVersion("gmt");
  if (!existsSync(file)) {
    if (!gshhg || !gmt)
      throw new MissingInputError(
        "Missing GMT and the GSHHG high-resolution shorelines (used for the land mask). Install them with:\n" +
          "  apt-get update && apt-get install -y gmt gmt-gshhg-high\nthen run npm run data:build again.",
      );
    mkdirSync(dir, { recursive: true });
    execFileSync("gmt", ["grdlandmask", "-R-180/180/-90/90", "-I1m", "-Dh", "-N0/1/2/1/2", "-r", "-Gmask.tmp=bb"], {
      cwd: dir,
      stdio: ["ignore", "ignore", "pipe"],
    });
    renameSync(path.join(dir, "mask.tmp"), file);
  }
  const buf = readFileSync(file);
  if (buf.length !== GMT_NATIVE_HEADER + MASK_WIDTH * MASK_HEIGHT)
    throw new Error(`${file} has ${buf.length} bytes; delete it and run npm run data:build again`);
  const at = (col: number, row: number) => {
    const c = ((col % MASK_WIDTH) + MASK_WIDTH) % MASK_WIDTH;
    if (row < 0 || row >= MASK_HEIGHT) return 0;
    return buf[GMT_NATIVE_HEADER + row * MASK_WIDTH + c]!;
  };
  const isLand = (col: number, row: number) => at(col, row) === 1;
  return {
    width: MASK_WIDTH,
    height: MASK_HEIGHT,
    isLand,
    fractions(lat, lon, halfPx) {
      const c0 = Math.floor((lon + 180) * 60),
        r0 = Math.floor((90 - lat) * 60);
      let land = 0,
        ocean = 0,
        all = 0;
      for (let r = r0 - halfPx; r <= r0 + halfPx; r++)
        for (let c = c0 - halfPx; c <= c0 + halfPx; c++) {
          all++;
          const v = at(c, r);
          if (v === 1) land++;
          else if (v === 0) ocean++;
        }
      return { land: land / all, ocean: ocean / all };
    },
    record: {
      id: "gmt-gshhg-high",
      kind: "deb",
      package: "gmt-gshhg-high",
      version: gshhg ?? "unknown",
      file: "gshhg/mask.bin",
      sha256: sha256File(file),
      licence: "LGPL-3+ (GSHHG, Wessel & Smith); rasterised with GMT (LGPL-3+)",
      provenance: `GSHHG 2.3.7 high-resolution shorelines, rasterised with gmt ${gmt ?? "?"} grdlandmask -R-180/180/-90/90 -I1m -Dh -N0/1/2/1/2 -r (0 ocean, 1 land, 2 lake)`,
      used: "1′ land mask: per-cell land share, shoreline cells for coast distance, and data/landmask.bin.gz for point lookups",
    },
  };
}
