/**
 * Fetching published depth layers into the store. Every file is first staged: downloaded to `<name>.part` (resumed
 * with a Range request when a previous run broke off), verified, renamed to `<name>`. Only when every file of the
 * request is staged and verified do they move into the store, and the manifest is replaced after them: a failed
 * fetch leaves the store as it was. A `.lock` in the staging folder keeps two fetches apart.
 *
 * With a bounding box, a layer is not downloaded whole: geotiff.js reads the box's blocks from the published file
 * by range requests and the store keeps the clip (its checksum is the clip's; the manifest says what it was cut from).
 */
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import { fromUrl } from "geotiff";
import { mergeEntries, type LayerEntry } from "./manifest";
import { gridOf, pixelAt, type RasterGrid } from "./raster.server";
import type { LayerStore } from "./store.server";
import { writeDepthTiff } from "./tiff-writer";
import { verifyGeoTiff, type VerifiedRaster } from "./verify.server";

export class LayerFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LayerFetchError";
  }
}

export interface FetchItem {
  file: string;
  url: string;
  /** Manifest fields that the file name gives. */
  meta: Pick<LayerEntry, "kind" | "scenario" | "period" | "returnPeriod" | "variant">;
  /** [W, S, E, N] the published file must cover. */
  expectExtent: readonly [number, number, number, number];
}

export interface FetchOptions {
  stagingDir: string;
  bbox?: [number, number, number, number];
  source: { name: string; licence: string; attribution: string };
  log?: (line: string) => void;
  /** Re-fetch files the manifest already has. */
  force?: boolean;
}

export interface FetchReport {
  fetched: LayerEntry[];
  skipped: string[];
}

async function takeLock(stagingDir: string): Promise<() => Promise<void>> {
  await mkdir(stagingDir, { recursive: true });
  const lock = path.join(stagingDir, ".lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lock, String(process.pid), { flag: "wx" });
      return () => rm(lock, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const pid = Number(await readFile(lock, "utf8").catch(() => "0"));
      let alive = false;
      try {
        if (pid > 0) {
          process.kill(pid, 0);
          alive = true;
        }
      } catch {
        alive = false;
      }
      if (alive)
        throw new LayerFetchError(`another layer fetch is running (pid ${pid}); wait for it or remove ${lock}`);
      await rm(lock, { force: true });
    }
  }
  throw new LayerFetchError(`cannot take the fetch lock ${lock}`);
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

/** Downloads `url` into `part`, resuming from the bytes already there. */
async function download(url: string, part: string, name: string, log: (l: string) => void): Promise<void> {
  let have = await sizeOf(part);
  let res: Response;
  try {
    res = await fetch(url, { headers: have > 0 ? { Range: `bytes=${have}-` } : {} });
  } catch (e) {
    throw new LayerFetchError(`${name}: cannot reach ${url} (${(e as Error).message})`);
  }
  if (res.status === 416 && have > 0) return;
  if (res.status === 404)
    throw new LayerFetchError(`${name}: not found at ${url} (HTTP 404): the source does not publish this layer`);
  if (res.status !== 200 && res.status !== 206) throw new LayerFetchError(`${name}: HTTP ${res.status} from ${url}`);
  if (res.status === 200 && have > 0) {
    log(`${name}: the server ignored the range request; downloading again from the start`);
    have = 0;
  }
  const range = /\/(\d+)$/.exec(res.headers.get("content-range") ?? "");
  const length = Number(res.headers.get("content-length") ?? NaN);
  const total = range ? Number(range[1]) : Number.isFinite(length) ? have + length : null;
  if (have > 0) log(`${name}: resuming at byte ${have}${total ? ` of ${total}` : ""}`);
  if (!res.body) throw new LayerFetchError(`${name}: empty response from ${url}`);
  try {
    await pipeline(
      Readable.fromWeb(res.body as WebReadableStream),
      createWriteStream(part, { flags: have > 0 ? "a" : "w" }),
    );
  } catch (e) {
    const got = await sizeOf(part);
    throw new LayerFetchError(
      `${name}: the download broke off after ${got}${total ? ` of ${total}` : ""} bytes (${(e as Error).message}); the part is kept in staging: run the same command again to resume`,
    );
  }
  const got = await sizeOf(part);
  if (total !== null && got !== total) {
    throw new LayerFetchError(
      `${name}: received ${got} of ${total} bytes; the part is kept in staging: run the same command again to resume`,
    );
  }
}

/** Pixel window [x0, y0, x1, y1) that covers the box, snapped outwards to whole pixels. */
function windowFor(
  g: RasterGrid,
  bbox: [number, number, number, number],
  name: string,
): [number, number, number, number] {
  const [w, s, e, n] = bbox;
  const x0 = Math.max(0, Math.floor((w - g.west) / g.dx));
  const x1 = Math.min(g.width, Math.ceil((e - g.west) / g.dx));
  const y0 = Math.max(0, Math.floor((g.north - n) / g.dy));
  const y1 = Math.min(g.height, Math.ceil((g.north - s) / g.dy));
  if (!(x1 > x0 && y1 > y0) || !pixelAt(g, (s + n) / 2, (w + e) / 2))
    throw new LayerFetchError(`${name}: the box ${bbox.join(", ")} lies outside the layer`);
  return [x0, y0, x1, y1];
}

/** Reads the box from the published file by range requests and writes the clip to `part`. */
async function clip(item: FetchItem, bbox: [number, number, number, number], part: string): Promise<readonly number[]> {
  let grid: RasterGrid;
  let data: Float32Array;
  let win: [number, number, number, number];
  try {
    const tiff = await fromUrl(item.url, { allowFullFile: false });
    try {
      const image = await tiff.getImage(0);
      grid = gridOf(image, item.file);
      const [w, s, e, n] = item.expectExtent;
      const ext = [grid.west, grid.north - grid.height * grid.dy, grid.west + grid.width * grid.dx, grid.north];
      if (
        Math.abs(ext[0]! - w) > grid.dx / 2 ||
        Math.abs(ext[2]! - e) > grid.dx / 2 ||
        Math.abs(ext[1]! - s) > grid.dy / 2 ||
        Math.abs(ext[3]! - n) > grid.dy / 2
      ) {
        throw new LayerFetchError(
          `${item.file}: extent ${ext.join(", ")} is not the published ${item.expectExtent.join(", ")}`,
        );
      }
      win = windowFor(grid, bbox, item.file);
      const r = await image.readRasters({ window: win, samples: [0] });
      const band = (r as unknown as ArrayLike<number>[])[0]!;
      data = band instanceof Float32Array ? band : Float32Array.from(band);
    } finally {
      tiff.close();
    }
  } catch (e) {
    if (e instanceof LayerFetchError) throw e;
    const m = (e as Error).message;
    throw new LayerFetchError(
      `${item.file}: reading the box from ${item.url} failed (${m})${/404/.test(m) ? ": the source does not publish this layer" : ""}`,
    );
  }
  const [x0, y0, x1, y1] = win;
  const tif = writeDepthTiff({
    width: x1 - x0,
    height: y1 - y0,
    values: data,
    west: grid.west + x0 * grid.dx,
    north: grid.north - y0 * grid.dy,
    dx: grid.dx,
    dy: grid.dy,
    nodata: grid.nodata ?? undefined,
  });
  const fh = await open(part, "w");
  try {
    await fh.writeFile(tif);
  } finally {
    await fh.close();
  }
  return [grid.west + x0 * grid.dx, grid.north - y1 * grid.dy, grid.west + x1 * grid.dx, grid.north - y0 * grid.dy];
}

async function stageOne(item: FetchItem, opts: FetchOptions, log: (l: string) => void): Promise<VerifiedRaster> {
  const staged = path.join(opts.stagingDir, item.file);
  const part = `${staged}.part`;
  if (existsSync(staged)) {
    try {
      return await verifyGeoTiff(staged, item.file, opts.bbox ? undefined : item.expectExtent);
    } catch {
      await rm(staged, { force: true });
    }
  }
  let expect: readonly number[] = item.expectExtent;
  if (opts.bbox) {
    await rm(part, { force: true });
    expect = await clip(item, opts.bbox, part);
  } else {
    await download(item.url, part, item.file, log);
  }
  let verified: VerifiedRaster;
  try {
    verified = await verifyGeoTiff(part, item.file, expect);
  } catch (e) {
    await rm(part, { force: true });
    throw new LayerFetchError(`${(e as Error).message}; the file was discarded`);
  }
  await rename(part, staged);
  return verified;
}

export async function fetchLayers(
  store: LayerStore,
  items: readonly FetchItem[],
  opts: FetchOptions,
): Promise<FetchReport> {
  const log = opts.log ?? (() => {});
  const release = await takeLock(opts.stagingDir);
  try {
    const manifest = await store.readManifest();
    const have = new Map(manifest.layers.map((l) => [l.file, l]));
    const sameClip = (l: LayerEntry) => JSON.stringify(l.clippedTo ?? null) === JSON.stringify(opts.bbox ?? null);
    const todo = items.filter(
      (i) => opts.force || !(have.get(i.file)?.source.url === i.url && sameClip(have.get(i.file)!)),
    );
    const skipped = items.filter((i) => !todo.includes(i)).map((i) => i.file);
    for (const f of skipped) log(`${f}: already in the store`);

    const staged: { item: FetchItem; v: VerifiedRaster }[] = [];
    const failures: string[] = [];
    for (const item of todo) {
      try {
        const v = await stageOne(item, opts, log);
        log(
          `${item.file}: verified (${v.bytes} bytes, ${v.grid.width}×${v.grid.height} px, sha256 ${v.sha256.slice(0, 12)}…)`,
        );
        staged.push({ item, v });
      } catch (e) {
        failures.push((e as Error).message);
        log((e as Error).message);
      }
    }
    if (failures.length > 0) {
      throw new LayerFetchError(
        `${failures.length} of ${todo.length} layer(s) could not be fetched; the store is unchanged:\n  ${failures.join("\n  ")}`,
      );
    }
    const now = new Date().toISOString();
    const entries: LayerEntry[] = staged.map(({ item, v }) => ({
      file: item.file,
      ...item.meta,
      units: "m",
      crs: "EPSG:4326",
      bbox: v.bbox,
      width: v.grid.width,
      height: v.grid.height,
      resolution: [v.grid.dx, v.grid.dy],
      bytes: v.bytes,
      sha256: v.sha256,
      source: { name: opts.source.name, url: item.url },
      licence: opts.source.licence,
      attribution: opts.source.attribution,
      addedAt: now,
      ...(opts.bbox ? { clippedTo: opts.bbox } : {}),
    }));
    for (const { item } of staged) await store.putFile(path.join(opts.stagingDir, item.file), item.file);
    if (entries.length > 0) await store.writeManifest(mergeEntries(await store.readManifest(), entries));
    return { fetched: entries, skipped };
  } finally {
    await release();
  }
}
