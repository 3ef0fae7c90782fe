/**
 * The real path: test rasters under the published Aqueduct names and format (global EPSG:4326 Float32 GeoTIFFs,
 * at 1° instead of 30″ to stay small), served by a local HTTP server that honours Range requests, fetched into a
 * layer store, read at points, turned into expected annual damage recomputed here by hand. And the faults.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetFloodLoss } from "~/domain/flood-loss/asset-loss";
import { AQUEDUCT_RETURN_PERIODS, coastalFileName, riverFileName } from "~/domain/flood-loss/aqueduct-names";
import { writeFloat32Tiff } from "../../../tests/support/ingest/tiff-writer";
import { aqueductPlan } from "./aqueduct-plan";
import { fetchLayers } from "./fetch.server";
import { FloodDepthReader } from "./flood-depths.server";
import { diskLayerStore } from "./store.server";
import { startRangeServer, type RangeServer } from "../../../tests/support/range-server";
import { writeDepthTiff } from "./tiff-writer";

const RIVER_DEPTHS: Record<number, number> = {
  2: 0,
  5: 0,
  10: 0.3,
  25: 0.6,
  50: 0.9,
  100: 1.2,
  250: 1.6,
  500: 2,
  1000: 2.5,
};
const COAST_DEPTHS: Record<number, number> = {
  2: 0,
  5: 0,
  10: 0,
  25: 0,
  50: 0.1,
  100: 0.4,
  250: 0.8,
  500: 1,
  1000: 1.5,
};
/** Cologne's pixel at 1°: column 186 (6°..7° E), row 39 (51°..50° N). */
const AT = { lat: 50.94, lon: 6.96 };
const SOURCE = { name: "WRI Aqueduct Floods (test rasters)", licence: "CC BY 4.0", attribution: "test" };

function globalRaster(depthAtCologne: number): Uint8Array {
  const width = 360;
  const height = 180;
  const values = new Float32Array(width * height);
  values[39 * width + 186] = depthAtCologne;
  values[0] = -9999;
  return writeDepthTiff({ width, height, values, west: -180, north: 90, dx: 1, dy: 1, nodata: -9999 }, 4);
}

let root: string;
let served: string;
let server: RangeServer;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "layers-test-"));
  served = path.join(root, "served");
  rmSync(served, { recursive: true, force: true });
  mkdirSync(served);
  for (const rp of AQUEDUCT_RETURN_PERIODS) {
    writeFileSync(path.join(served, riverFileName("historical", "historical", rp)), globalRaster(RIVER_DEPTHS[rp]!));
    writeFileSync(path.join(served, coastalFileName("historical", "historical", rp)), globalRaster(COAST_DEPTHS[rp]!));
  }
  server = await startRangeServer(served);
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const sha = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

function fresh(name: string) {
  const dir = path.join(root, name);
  return { dir, store: diskLayerStore(dir), stagingDir: path.join(dir, ".staging") };
}

describe("layers:fetch on test rasters", () => {
  it("fetches whole files by the CLI, verifies them, records them, and reads depths that become EAD", async () => {
    const { dir, store } = fresh("cli");
    const run = await promisify(execFile)(
      "npx",
      ["tsx", "scripts/layers/fetch.ts", "aqueduct", "--from", `${server.url}/ok`, "--scenarios", "historical"],
      { env: { ...process.env, LAYERS_DIR: dir, S3_URL: "" }, cwd: process.cwd() },
    );
    expect(run.stdout).toMatch(/18 fetched/);
    const manifest = await store.readManifest();
    expect(manifest.layers).toHaveLength(18);
    const river100 = manifest.layers.find((l) => l.file === "inunriver_historical_000000000WATCH_1980_rp00100.tif")!;
    expect(river100).toMatchObject({
      kind: "river",
      scenario: "historical",
      period: "historical",
      returnPeriod: 100,
      variant: "WATCH",
      licence: "CC BY 4.0",
      crs: "EPSG:4326",
    });
    expect(river100.bbox).toEqual([-180, -90, 180, 90]);
    expect(river100.sha256).toBe(sha(path.join(served, river100.file)));
    expect(river100.sha256).toBe(sha(path.join(dir, river100.file)));
    expect(river100.source.url).toBe(`${server.url}/ok/${river100.file}`);

    const reader = new FloodDepthReader(store);
    const d = await reader.depthsAt(AT.lat, AT.lon, "historical", "historical");
    expect(d.river!.depths.map((x) => [x.returnPeriod, x.depthM])).toEqual(
      AQUEDUCT_RETURN_PERIODS.map((rp) => [rp, Math.fround(RIVER_DEPTHS[rp]!)]),
    );
    expect(d.coastal!.variant).toBe("wtsub_0");
    // A pixel next door is dry; the nodata pixel at the corner reads as no value.
    expect(
      (await reader.depthsAt(50.94, 8.2, "historical", "historical")).river!.depths.every((x) => x.depthM === 0),
    ).toBe(true);
    expect(
      (await reader.depthsAt(89.5, -179.5, "historical", "historical")).river!.depths.every((x) => x.depthM === null),
    ).toBe(true);
    // No layers for RCP8.5 2050 here: not covered, not made up.
    expect(await reader.depthsAt(AT.lat, AT.lon, "rcp8p5", "2050")).toEqual({ river: null, coastal: null });

    const loss = assetFloodLoss(d.river!.depths, {
      occupancy: "residential",
      continent: "europe",
      protectionYears: 2,
      valueEur: 1_000_000,
    });
    if (!loss.ok) throw new Error(loss.message);
    // Europe residential at 0.3/0.6/0.9/1.2/1.6/2.0/2.5 m: 0.15, 0.28, 0.37, 0.44, 0.52, 0.60, 0.675.
    const f = [0, 0, 0.15, 0.28, 0.37, 0.44, 0.52, 0.6, 0.675];
    const p = AQUEDUCT_RETURN_PERIODS.map((rp) => 1 / rp);
    let ead = 0;
    for (let i = 1; i < p.length; i++) ead += ((f[i - 1]! + f[i]!) / 2) * (p[i - 1]! - p[i]!);
    ead += f[8]! * p[8]!;
    expect(loss.loss.ead.ead).toBeCloseTo(ead, 6);
    expect(loss.loss.eadEur).toBeCloseTo(ead * 1_000_000, 0);
    expect(loss.loss.loss100Eur).toBeCloseTo(440_000, 0);
    await reader.closeAll();

    // Run again: nothing to do.
    const again = await fetchLayers(store, aqueductPlan({ base: `${server.url}/ok` }), {
      stagingDir: path.join(dir, ".staging"),
      source: SOURCE,
    });
    expect(again.fetched).toHaveLength(0);
    expect(again.skipped).toHaveLength(18);
  }, 60_000);

  it("clips to a bounding box by range reads and reads the same depths", async () => {
    const { store, stagingDir } = fresh("bbox");
    server.log.length = 0;
    const r = await fetchLayers(store, aqueductPlan({ base: `${server.url}/ok`, kinds: ["river"] }), {
      stagingDir,
      source: SOURCE,
      bbox: [5, 49, 10, 52],
    });
    expect(r.fetched).toHaveLength(9);
    expect(r.fetched[0]).toMatchObject({ bbox: [5, 49, 10, 52], width: 5, height: 3, clippedTo: [5, 49, 10, 52] });
    expect(server.log.every((l) => /bytes=\d+-\d+$/.test(l))).toBe(true);
    const d = await new FloodDepthReader(store).depthsAt(AT.lat, AT.lon, "historical", "historical");
    expect(d.river!.depths.find((x) => x.returnPeriod === 100)!.depthM).toBeCloseTo(1.2, 6);
    expect((await new FloodDepthReader(store).depthsAt(40, 7, "historical", "historical")).river).toBeNull();
  });
});

describe("layers:fetch faults leave the store as it was", () => {
  const storeFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".tif")) : []);
  const river = (rps: number[]) => aqueductPlan({ kinds: ["river"], returnPeriods: rps });

  it("a server dropping mid-fetch: clear error, part kept, the next run resumes with a range request", async () => {
    const { dir, store, stagingDir } = fresh("drop");
    const items = river([100]).map((i) => ({ ...i, url: `${server.url}/drop/${i.file}` }));
    await expect(fetchLayers(store, items, { stagingDir, source: SOURCE })).rejects.toThrow(
      /broke off after \d+ of \d+ bytes.*run the same command again to resume/s,
    );
    expect(storeFiles(dir)).toEqual([]);
    expect(existsSync(path.join(dir, "manifest.json"))).toBe(false);
    expect(readdirSync(stagingDir)).toContain(`${items[0]!.file}.part`);
    server.log.length = 0;
    const log: string[] = [];
    const ok = river([100]).map((i) => ({ ...i, url: `${server.url}/ok/${i.file}` }));
    const r = await fetchLayers(store, ok, { stagingDir, source: SOURCE, log: (l) => log.push(l) });
    expect(log.join("\n")).toMatch(/resuming at byte \d+/);
    expect(server.log[0]).toMatch(/bytes=\d+-$/);
    expect(r.fetched[0]!.sha256).toBe(sha(path.join(served, ok[0]!.file)));
  });

  it("a truncated file: clear error, discarded", async () => {
    const { dir, store, stagingDir } = fresh("short");
    const items = river([100]).map((i) => ({ ...i, url: `${server.url}/short/${i.file}` }));
    await expect(fetchLayers(store, items, { stagingDir, source: SOURCE })).rejects.toThrow(
      /truncated: its data runs to byte \d+ but the file has \d+; the file was discarded/,
    );
    expect(storeFiles(dir)).toEqual([]);
    expect(readdirSync(stagingDir).filter((f) => f !== ".lock")).toEqual([]);
  });

  it("a wrong CRS: clear error, nothing stored", async () => {
    const { dir, store, stagingDir } = fresh("crs");
    const name = riverFileName("historical", "historical", 100);
    const alt = path.join(root, "crs-served");
    mkdirSync(alt, { recursive: true });
    writeFileSync(
      path.join(alt, name),
      writeFloat32Tiff({
        width: 2,
        height: 2,
        values: [0, 0, 0, 0],
        pixelScale: [1000, 1000],
        tiepoint: { i: 0, j: 0, lon: 0, lat: 0 },
        projectedEpsg: 3857,
      }),
    );
    const s2 = await startRangeServer(alt);
    try {
      const items = river([100]).map((i) => ({ ...i, url: `${s2.url}/ok/${i.file}` }));
      await expect(fetchLayers(store, items, { stagingDir, source: SOURCE })).rejects.toThrow(
        /projected CRS EPSG:3857; layers must be EPSG:4326/,
      );
    } finally {
      await s2.close();
    }
    expect(storeFiles(dir)).toEqual([]);
  });

  it("a missing return period: clear error naming it, and none of the others enter the store", async () => {
    const { dir, store, stagingDir } = fresh("missing");
    const items = aqueductPlan({ base: `${server.url}/ok`, kinds: ["river"], returnPeriods: [100, 200] });
    await expect(fetchLayers(store, items, { stagingDir, source: SOURCE })).rejects.toThrow(
      /1 of 2 layer\(s\) could not be fetched; the store is unchanged:\n {2}inunriver_historical_000000000WATCH_1980_rp00200\.tif: not found .* \(HTTP 404\)/,
    );
    expect(storeFiles(dir)).toEqual([]);
    expect(await store.readManifest()).toEqual({ version: 1, layers: [] });
  });
});

describe("layers:add", () => {
  it("adds an operator's own GeoTIFF with its metadata, and refuses one that is not EPSG:4326", async () => {
    const { dir, store, stagingDir } = fresh("add");
    const own = path.join(root, "my-depth-rp100.tif");
    writeFileSync(
      own,
      writeDepthTiff({
        width: 4,
        height: 2,
        values: new Float32Array([0, 1, 2, 3, 4, 5, 6, 7]),
        west: 6,
        north: 52,
        dx: 0.5,
        dy: 0.5,
      }),
    );
    const { addLayer } = await import("./add.server");
    const e = await addLayer(
      store,
      own,
      {
        kind: "river",
        scenario: "historical",
        period: "historical",
        returnPeriod: 100,
        source: { name: "Own survey", url: "https://example.org" },
        licence: "internal",
        attribution: "Bank X",
      },
      stagingDir,
    );
    expect(e).toMatchObject({ file: "my-depth-rp100.tif", bbox: [6, 51, 8, 52], variant: "own", sha256: sha(own) });
    const d = await new FloodDepthReader(store).depthsAt(51.2, 6.7, "historical", "historical");
    expect(d.river!.depths).toEqual([{ returnPeriod: 100, depthM: 5, file: "my-depth-rp100.tif" }]);
    const bad = path.join(root, "bad.tif");
    writeFileSync(
      bad,
      writeFloat32Tiff({
        width: 1,
        height: 1,
        values: [1],
        pixelScale: [1, 1],
        tiepoint: { i: 0, j: 0, lon: 0, lat: 0 },
        epsg: 4258,
      }),
    );
    await expect(
      addLayer(
        store,
        bad,
        {
          kind: "river",
          scenario: "historical",
          period: "historical",
          returnPeriod: 10,
          source: { name: "x", url: "x" },
          licence: "x",
          attribution: "x",
        },
        stagingDir,
      ),
    ).rejects.toThrow(/CRS EPSG:4258; layers must be EPSG:4326/);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tif"))).toEqual(["my-depth-rp100.tif"]);
  });
});

describe("floodAtPoint", () => {
  it("answers from layers where they cover, and says not available elsewhere", async () => {
    const { store, stagingDir } = fresh("point");
    await fetchLayers(store, aqueductPlan({ base: `${server.url}/ok`, kinds: ["river"] }), {
      stagingDir,
      source: SOURCE,
      bbox: [5, 49, 10, 52],
    });
    const { floodAtPoint } = await import("./flood-at-point.server");
    const reader = new FloodDepthReader(store);
    const here = await floodAtPoint(reader, {
      ...AT,
      countryCode: "DE",
      scenario: "hist",
      period: "hist",
      occupancy: "residential",
      valueEur: 1_000_000,
    });
    if (!here.river.available || !here.river.loss.ok) throw new Error("expected a river answer with a loss");
    expect(here.river.level).toMatchObject({ level: "medium", band: 3, damagingReturnPeriod: 25 });
    expect(here.river.explanation).toMatch(
      /^River flood from the published depth map \(WRI Aqueduct Floods \(test rasters\)\): 0\.60 m of water at the 1-in-25-year flood/,
    );
    expect(here.river.loss.loss.loss100Eur).toBeCloseTo(440_000, 0);
    expect(here.coastal).toEqual({
      available: false,
      message: "not available: no flood-depth layer covers this place",
      howToAdd: expect.stringMatching(/layers:fetch/),
    });
    expect(
      (await floodAtPoint(reader, { ...AT, countryCode: "DE", scenario: "rcp26", period: "2050" })).river.available,
    ).toBe(false);
  });
});
