/** Checks a GeoTIFF before it enters the layer store: it parses, is EPSG:4326, has its data bytes, covers what it should. */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { fromFile } from "geotiff";
import { extentOf, gridOf, LayerReadError, type RasterGrid } from "./raster.server";

export interface VerifiedRaster {
  grid: RasterGrid;
  bbox: [number, number, number, number];
  bytes: number;
  sha256: string;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Verifies a local GeoTIFF. `expectExtent`, when given, is the [W, S, E, N] the raster must cover to within half a
 * pixel (the published global grid, or the box a clip was cut to).
 */
export async function verifyGeoTiff(
  localFile: string,
  name: string,
  expectExtent?: readonly number[],
): Promise<VerifiedRaster> {
  const { size } = await stat(localFile);
  let tiff;
  try {
    tiff = await fromFile(localFile);
  } catch (e) {
    throw new LayerReadError(`${name}: not a readable GeoTIFF (${(e as Error).message})`);
  }
  try {
    let image;
    try {
      image = await tiff.getImage(0);
    } catch (e) {
      throw new LayerReadError(`${name}: not a readable GeoTIFF (${(e as Error).message})`);
    }
    const grid = gridOf(image, name);
    if (image.getSamplesPerPixel() !== 1)
      throw new LayerReadError(`${name}: ${image.getSamplesPerPixel()} bands; a depth layer has one`);
    const fd = image.fileDirectory;
    const tiled = fd.hasTag("TileOffsets");
    const offsets = (await fd.loadValue(tiled ? "TileOffsets" : "StripOffsets")) as ArrayLike<number> | undefined;
    const counts = (await fd.loadValue(tiled ? "TileByteCounts" : "StripByteCounts")) as ArrayLike<number> | undefined;
    if (!offsets || !counts) throw new LayerReadError(`${name}: no data offsets`);
    let end = 0;
    for (let i = 0; i < offsets.length; i++) end = Math.max(end, Number(offsets[i]) + Number(counts[i]));
    if (end > size)
      throw new LayerReadError(`${name}: truncated: its data runs to byte ${end} but the file has ${size}`);
    const bbox = extentOf(grid);
    if (expectExtent) {
      const tolX = grid.dx / 2;
      const tolY = grid.dy / 2;
      const [w, s, e, n] = expectExtent as [number, number, number, number];
      if (
        Math.abs(bbox[0] - w) > tolX ||
        Math.abs(bbox[2] - e) > tolX ||
        Math.abs(bbox[1] - s) > tolY ||
        Math.abs(bbox[3] - n) > tolY
      ) {
        throw new LayerReadError(
          `${name}: extent ${bbox.map((v) => v.toFixed(4)).join(", ")} is not the expected ${[w, s, e, n].join(", ")}`,
        );
      }
    }
    return { grid, bbox, bytes: size, sha256: await sha256Of(localFile) };
  } finally {
    tiff.close();
  }
}
