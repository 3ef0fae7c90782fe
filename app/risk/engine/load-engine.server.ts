/** Loads the committed dataset into typed arrays once (lazy singleton). Server-only: reads files. */
import { createReadStream, existsSync, readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import { constants as zlibConstants, gunzipSync } from "node:zlib";
import { datasetVersionOf, decodeDataset, decodeDatasetHeader, type GeoFile } from "../dataset";
import { RiskEngine } from "./risk-engine";
import { RiskDatasetError } from "../errors";
import { LandMask } from "../land/landmask";
import { PackedOutlines } from "../land/outlines";
import { BorderTiles } from "../land/border-tiles";
import { PointDrivers } from "../point/point-drivers";
import { RIVER_LINES_FILE, RiverLines } from "../point/river-lines";

export { RiskEngine } from "./risk-engine";
export { RiskInputError, RiskNotFoundError } from "../errors";
export type * from "../types";

export function defaultDataDir(): string {
  return process.env.RISK_DATA_DIR ?? path.resolve(process.cwd(), "data");
}

/**
 * The engine over a dataset directory. `points` loads the 2′ point drivers too (48 MB of typed arrays): the point
 * scores (pointScores, pointValues) read them; the server's engine (getRiskEngine) loads them.
 */
export function loadRiskEngine(dataDir = defaultDataDir(), opts: { points?: boolean } = {}): RiskEngine {
  const t0 = performance.now();
  const cellsFile = path.join(dataDir, "risk-cells.bin.gz");
  const geoFile = path.join(dataDir, "geo.json.gz");
  if (!existsSync(cellsFile) || !existsSync(geoFile))
    throw new RiskDatasetError(
      `risk dataset not found in ${dataDir} (expected risk-cells.bin.gz and geo.json.gz; run npm run data:build)`,
    );
  const { header, arrays } = decodeDataset(gunzipWhole(readFileSync(cellsFile)));
  const geo = JSON.parse(gunzipWhole(readFileSync(geoFile)).toString("utf8")) as GeoFile;
  const mask = loadLandMask(dataDir);
  const points = opts.points ? loadPointDrivers(dataDir) : null;
  return new RiskEngine(header, arrays, geo, Math.round(performance.now() - t0), mask, points, {
    precise: loadOutlines(dataDir, geo),
    borders: loadBorderTiles(dataDir),
  });
}

/** The border tiles' finer outlines, or null: optional so datasets from before them still load. */
export function loadBorderTiles(dataDir: string): BorderTiles | null {
  const file = path.join(dataDir, "border-tiles.bin.gz");
  return existsSync(file) ? new BorderTiles(gunzipWhole(readFileSync(file))) : null;
}

/**
 * The full-precision outlines, or null: optional so datasets from before them still load (points then take the
 * generalised outlines' answer). Refused when they do not line up with geo.json.gz's countries and regions.
 */
export function loadOutlines(dataDir: string, geo: GeoFile): PackedOutlines | null {
  const file = path.join(dataDir, "outlines.bin.gz");
  if (!existsSync(file)) return null;
  const outlines = new PackedOutlines(gunzipWhole(readFileSync(file)));
  if (outlines.countryCount !== geo.countries.length || outlines.regionCount !== geo.regions.length)
    throw new RiskDatasetError(
      `${file} holds ${outlines.countryCount} countries and ${outlines.regionCount} regions, geo.json.gz ${geo.countries.length} and ${geo.regions.length}: run npm run data:build`,
    );
  return outlines;
}

/**
 * The 2′ point drivers, or null: without them (an older dataset) a point takes its hexagon's scores. The mapped river
 * lines are optional, so datasets from before them still load (points then read their rivers from the grid alone).
 */
export function loadPointDrivers(dataDir = defaultDataDir()): PointDrivers | null {
  const file = path.join(dataDir, "point-drivers.bin.gz");
  if (!existsSync(file)) return null;
  const linesFile = path.join(dataDir, RIVER_LINES_FILE);
  const lines = existsSync(linesFile) ? new RiverLines(gunzipWhole(readFileSync(linesFile))) : null;
  return new PointDrivers(gunzipWhole(readFileSync(file)), lines);
}

/** The shoreline mask, or null: optional so datasets from before it still load (points then resolve by outline only). */
export function loadLandMask(dataDir = defaultDataDir()): LandMask | null {
  const maskFile = path.join(dataDir, "landmask.bin.gz");
  return existsSync(maskFile) ? new LandMask(gunzipWhole(readFileSync(maskFile))) : null;
}

let singleton: RiskEngine | null = null;
const loadedListeners: (() => void)[] = [];

/**
 * Called once the process-wide engine has loaded: loading inflates and parses about 50 MB that are garbage at once
 * (the gzip files, the outlines' JSON text), which the server gives back then.
 */
export function onRiskEngineLoaded(listener: () => void): void {
  loadedListeners.push(listener);
}

/** The process-wide engine with the point drivers (points are scored from their own), loaded on first use. */
export function getRiskEngine(): RiskEngine {
  if (!singleton) {
    singleton = loadRiskEngine(undefined, { points: true });
    for (const listener of loadedListeners) listener();
  }
  return singleton;
}

/**
 * A gzip file inflated into one buffer of its own size (the gzip trailer's ISIZE, RFC 1952), instead of 16 KB chunks
 * joined by a copy: the typed arrays of a dataset are views of that buffer, and no chunk is left behind in the heap
 * of a long-running server.
 */
/**
 * The version and checksum of the dataset in a directory without loading it: the header is inflated from the first
 * bytes of risk-cells.bin.gz and the file is hashed as stored (sha256 hex), so a server can announce a new version
 * before the engine loads.
 */
export async function readDatasetIdentity(dataDir = defaultDataDir()): Promise<{ version: string; sha256: string }> {
  const file = path.join(dataDir, "risk-cells.bin.gz");
  const hash = createHash("sha256");
  const head: Buffer[] = [];
  let headBytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    if (headBytes < HEADER_PREFIX_BYTES) {
      head.push(chunk as Buffer);
      headBytes += (chunk as Buffer).length;
    }
  }
  // A truncated gzip stream inflates as far as it goes with a sync flush instead of failing at its end.
  const inflated = gunzipSync(Buffer.concat(head, headBytes), { finishFlush: zlibConstants.Z_SYNC_FLUSH });
  const header = decodeDatasetHeader(inflated);
  if (!header) throw new RiskDatasetError(`${file}: its header does not fit in its first ${HEADER_PREFIX_BYTES} bytes`);
  return { version: datasetVersionOf(header), sha256: hash.digest("hex") };
}

/** Compressed bytes that hold a dataset's header with room to spare (the header is a few kB of JSON). */
const HEADER_PREFIX_BYTES = 256 * 1024;

export function gunzipWhole(gz: Buffer): Buffer {
  const size = gz.length >= 18 ? gz.readUInt32LE(gz.length - 4) : 0;
  return gunzipSync(gz, size > 0 ? { chunkSize: Math.max(64 * 1024, size) } : {});
}
