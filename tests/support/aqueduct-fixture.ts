// Test layers on the real path: global EPSG:4326 Float32 GeoTIFFs at 1° under the published Aqueduct names, with
// given depths at given places, served by the local Range server and fetched into a layer store by
// `npm run layers:fetch -- aqueduct --from <server> --bbox …`, as an operator with internet does from the WRI bucket.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { AQUEDUCT_RETURN_PERIODS, coastalFileName, riverFileName } from "~/domain/flood-loss/aqueduct-names";
import { startRangeServer } from "./range-server";
import { writeDepthTiff } from "~/risk/layers/tiff-writer";

/** Depths in metres per return period at the 1° pixel that holds a place. */
export interface PlacedDepths {
  lat: number;
  lon: number;
  depths: Record<number, number>;
}

function globalRaster(places: readonly PlacedDepths[], returnPeriod: number): Uint8Array {
  const width = 360;
  const height = 180;
  const values = new Float32Array(width * height);
  for (const p of places)
    values[Math.floor(90 - p.lat) * width + Math.floor(p.lon + 180)] = p.depths[returnPeriod] ?? 0;
  return writeDepthTiff({ width, height, values, west: -180, north: 90, dx: 1, dy: 1, nodata: -9999 }, 4);
}

export interface AqueductTestLayers {
  /** The layer store's folder (LAYERS_DIR). */
  dir: string;
  /** What the fetch printed. */
  stdout: string;
  remove(): void;
}

/** Historical river and coastal layers with the given depths, fetched by the CLI into a fresh store clipped to bbox. */
export async function fetchAqueductTestLayers(opts: {
  river: PlacedDepths[];
  coastal: PlacedDepths[];
  bbox: [number, number, number, number];
}): Promise<AqueductTestLayers> {
  const root = mkdtempSync(path.join(os.tmpdir(), "aqueduct-test-"));
  const served = path.join(root, "served");
  mkdirSync(served);
  for (const rp of AQUEDUCT_RETURN_PERIODS) {
    writeFileSync(path.join(served, riverFileName("historical", "historical", rp)), globalRaster(opts.river, rp));
    writeFileSync(path.join(served, coastalFileName("historical", "historical", rp)), globalRaster(opts.coastal, rp));
  }
  const server = await startRangeServer(served);
  const dir = path.join(root, "layers");
  try {
    const run = await promisify(execFile)(
      "npx",
      [
        "tsx",
        "scripts/layers/fetch.ts",
        "aqueduct",
        "--from",
        `${server.url}/ok`,
        "--scenarios",
        "historical",
        "--bbox",
        opts.bbox.join(","),
      ],
      { env: { ...process.env, LAYERS_DIR: dir, S3_URL: "" }, cwd: process.cwd() },
    );
    return { dir, stdout: run.stdout, remove: () => rmSync(root, { recursive: true, force: true }) };
  } finally {
    await server.close();
  }
}
