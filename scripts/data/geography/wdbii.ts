/**
 * WDBII river lines (World Data Bank II, CIA 1970s-80s; distributed with GSHHG by Wessel & Smith), written once
 * into the cache by GMT's `coast -I` from the gmt-gshhg-high package the land mask already uses. Permanent
 * rivers (WDBII levels 0-4: double-lined, permanent major, additional major, additional, minor) and intermittent
 * ones (levels 5-7) are written to separate files and kept apart, each segment with its level; canals (8-10) are
 * left out.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CACHE, MissingInputError, sha256File, type InputRecord } from "../inputs";
import { RIVER_INTERMITTENT, RIVER_LEVEL_LAST_MAJOR, RIVER_PERMANENT, type RiverLine } from "../hydrology/burn";
import type { MappedLine } from "../../../app/risk/point/river-lines";

const CLASSES = [
  { kind: RIVER_PERMANENT, flag: "-Ir", file: "rivers-permanent.txt" },
  { kind: RIVER_INTERMITTENT, flag: "-Ii", file: "rivers-intermittent.txt" },
] as const;

/** Parses GMT's multi-segment text ("> River Bin # n, Level l" headers between segments of "lon<TAB>lat" rows). */
export function parseGmtSegments(text: string, kind: number): RiverLine[] {
  const out: RiverLine[] = [];
  let cur: [number, number][] = [];
  let level = -1;
  const flush = () => {
    if (cur.length >= 2) {
      if (level < 0) throw new Error("A WDBII river segment has no level in its header");
      out.push({ kind, level, points: cur });
    }
    cur = [];
  };
  for (const line of text.split("\n")) {
    if (line.startsWith(">")) {
      flush();
      const m = /Level\s+(\d+)/.exec(line);
      level = m ? Number(m[1]) : -1;
      continue;
    }
    const [a, b] = line.split(/\s+/);
    const lon = Number(a), lat = Number(b);
    if (Number.isFinite(lon) && Number.isFinite(lat) && a !== "") cur.push([lon, lat]);
  }
  flush();
  return out;
}

export function readWdbiiRivers(): { lines: RiverLine[]; record: InputRecord; counts: { permanent: number; intermittent: number } } {
  const dir = path.join(CACHE, "gshhg");
  mkdirSync(dir, { recursive: true });
  const lines: RiverLine[] = [];
  const counts = { permanent: 0, intermittent: 0 };
  const hashes: string[] = [];
  for (const c of CLASSES) {
    const file = path.join(dir, c.file);
    if (!existsSync(file)) {
      try {
        const txt = execFileSync("gmt", ["coast", "-R-180/180/-90/90", "-Dh", c.flag, "-M"], { encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"] });
        writeFileSync(`${file}.tmp`, txt);
        renameSync(`${file}.tmp`, file);
      } catch {
        throw new MissingInputError(
          "Missing GMT and the GSHHG/WDBII data (used for rivers). Install them with:\n  apt-get update && apt-get install -y gmt gmt-gshhg-high\nthen run npm run data:build again.",
        );
      }
    }
    const segs = parseGmtSegments(readFileSync(file, "utf8"), c.kind);
    if (c.kind === RIVER_PERMANENT) counts.permanent = segs.length;
    else counts.intermittent = segs.length;
    lines.push(...segs);
    hashes.push(`${c.file} ${sha256File(file)}`);
  }
  return {
    lines,
    counts,
    record: {
      id: "wdbii-rivers",
      kind: "deb",
      package: "gmt-gshhg-high",
      version: "see gmt-gshhg-high",
      file: "gshhg/rivers-permanent.txt, gshhg/rivers-intermittent.txt",
      sha256: hashes.join("; "),
      licence: "LGPL-3+ (GSHHG/WDBII, Wessel & Smith); written with GMT (LGPL-3+)",
      provenance: "WDBII rivers shipped with GSHHG 2.3.7 (binned_river_h.nc), written with gmt coast -R-180/180/-90/90 -Dh -Ir -M (permanent, levels 0-4) and -Ii -M (intermittent, levels 5-7)",
      used: "river lines burned into the 2′ relief, each as deep as its level gives, before depression filling, flow directions and accumulation",
    },
  };
}

/**
 * The single-lined major rivers (WDBII levels 1-2) as drawn, for data/river-lines.bin.gz. Double-lined rivers (level 0:
 * the Amazon at Manaus, the Yangtze at Nanjing) are left out: their line lies kilometres from the banks a town stands
 * on, so a distance to it says nothing of the town's place in the floodplain.
 */
export function majorRiverLines(lines: readonly RiverLine[]): MappedLine[] {
  return lines
    .filter((l) => l.kind === RIVER_PERMANENT && l.level >= 1 && l.level <= RIVER_LEVEL_LAST_MAJOR)
    .map((l) => ({ level: l.level, points: l.points }));
}
