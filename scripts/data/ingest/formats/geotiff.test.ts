import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeArrayBuffer } from 'geotiff';
import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { detectFormat, readHazardFile } from '../detect';
import { readGeoTiffLayer } from './geotiff';
import { CELL_A, wmean } from '../../../../tests/support/ingest/cells';
import { writeFloat32Tiff } from '../../../../tests/support/ingest/tiff-writer';

const NODATA = -9999;
// 4×4 pixels of 0.01° whose upper-left corner is (44.80 N, 9.88 E): centres 44.795..44.765 × 9.885..9.915, all in CELL_A.
const BLOCK = [
  [0.1, 0.2, NODATA, 0.4],
  [0.5, NaN, 0.7, 0.8],
  [0.9, 1.0, 0.0, 0.1],
  [NODATA, 0.3, 0.3, 0.3],
];
const BLOCK_LATS = [44.795, 44.785, 44.775, 44.765];
const BLOCK_MEAN = wmean(
  BLOCK.flatMap((row, r) =>
    row.filter((v) => v !== NODATA && !Number.isNaN(v)).map((v) => [v, BLOCK_LATS[r]] as [number, number]),
  ),
);

function blockTiff(extra: Partial<Parameters<typeof writeFloat32Tiff>[0]> = {}) {
  return writeFloat32Tiff({
    width: 4,
    height: 4,
    values: BLOCK.flat(),
    pixelScale: [0.01, 0.01],
    tiepoint: { i: 0, j: 0, lon: 9.88, lat: 44.8 },
    epsg: 4326,
    nodata: String(NODATA),
    ...extra,
  });
}

describe('readGeoTiffLayer', () => {
  it('reads a Float32 GeoTIFF, skips GDAL_NODATA and NaN, and averages pixels into the cell', async () => {
    const layer = await readGeoTiffLayer(blockTiff(), {
      hazard: 'HW',
      scenario: 'rcp45',
      period: '2040',
      fileName: 'block.tif',
    });
    expect(layer.hazard).toBe('HW');
    expect([...layer.slots.keys()]).toEqual(['rcp45:2040']);
    const cells = layer.slots.get('rcp45:2040')!;
    expect([...cells.keys()]).toEqual([CELL_A]);
    expect(BLOCK_MEAN).toBeCloseTo(5.6 / 13, 5); // 13 valid pixels summing to 5.6,, nearly unweighted over 0.03° of latitude
    expect(cells.get(CELL_A)).toBeCloseTo(BLOCK_MEAN, 6);
    expect(layer.source).toMatchObject({
      format: 'geotiff',
      file: 'block.tif',
      cellsWritten: 1,
      rowsRead: 16,
      rowsSkipped: 3,
    });
    expect(layer.source.warnings).toEqual(['3 pixels were missing (fill/nodata) and skipped']);
  });

  it('reads a GeoTIFF written by geotiff.writeArrayBuffer (8-bit, nodata 255) with a scale', async () => {
    // 2×2 pixels of 1°, upper-left corner (46 N, 10 E): centres (45.5, 10.5) (45.5, 11.5) (44.5, 10.5) (44.5, 11.5).
    const ab = writeArrayBuffer([10, 20, 255, 40], {
      height: 2,
      width: 2,
      ModelPixelScale: [1, 1, 0],
      ModelTiepoint: [0, 0, 0, 10, 46, 0],
      GeographicTypeGeoKey: 4326,
      GTModelTypeGeoKey: 2,
      GTRasterTypeGeoKey: 1,
      GDAL_NODATA: '255',
    }) as ArrayBuffer;
    const layer = await readGeoTiffLayer(ab, {
      hazard: 'FD',
      scenario: 'rcp85',
      period: '2050',
      scale: { min: 0, max: 200 },
    });
    const cells = layer.slots.get('rcp85:2050')!;
    expect(cells.size).toBe(3);
    expect(cells.get(latLngToCell(45.5, 10.5, 4))).toBeCloseTo(0.05, 12);
    expect(cells.get(latLngToCell(45.5, 11.5, 4))).toBeCloseTo(0.1, 12);
    expect(cells.get(latLngToCell(44.5, 11.5, 4))).toBeCloseTo(0.2, 12);
    expect(cells.has(latLngToCell(44.5, 10.5, 4))).toBe(false);
    expect(layer.source.rowsSkipped).toBe(1);
    expect(layer.source.warnings.some((w) => w.includes('coarser than H3 res-4'))).toBe(true);
  });

  it('honours PixelIsPoint and a tie point on a pixel other than (0,0)', async () => {
    const tiff = writeFloat32Tiff({
      width: 2,
      height: 2,
      values: [0.1, 0.2, 0.3, 0.4],
      pixelScale: [1, 1],
      tiepoint: { i: 1, j: 1, lon: 11, lat: 45 },
      rasterType: 2,
      epsg: 4326,
    });
    const cells = (await readGeoTiffLayer(tiff, { hazard: 'WF' })).slots.get('hist:historical')!;
    expect(cells.get(latLngToCell(46, 10, 4))).toBeCloseTo(0.1, 6);
    expect(cells.get(latLngToCell(46, 11, 4))).toBeCloseTo(0.2, 6);
    expect(cells.get(latLngToCell(45, 10, 4))).toBeCloseTo(0.3, 6);
    expect(cells.get(latLngToCell(45, 11, 4))).toBeCloseTo(0.4, 6);
  });

  it('uses the bbox option when the TIFF has no geo-transform, and reads from a path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tiff-test-'));
    try {
      const path = join(dir, 'plain.tif');
      await writeFile(path, blockTiff({ pixelScale: undefined, tiepoint: undefined, epsg: undefined }));
      await expect(readGeoTiffLayer(path, { hazard: 'HW' })).rejects.toThrow(/no geo-transform .*pass the bbox option/);
      const layer = await readGeoTiffLayer(path, { hazard: 'HW', bbox: [9.88, 44.76, 9.92, 44.8] });
      expect(layer.source.file).toBe(path);
      expect(layer.slots.get('hist:historical')!.get(CELL_A)).toBeCloseTo(BLOCK_MEAN, 6);
      expect(layer.source.warnings).toEqual(
        expect.arrayContaining([
          'no CRS geo-key: assumed EPSG:4326',
          'no geo-transform in the file: used the bbox option',
        ]),
      );
      expect(await detectFormat(path)).toBe('geotiff');
      const [viaDetect] = await readHazardFile(path, { hazard: 'HW', bbox: [9.88, 44.76, 9.92, 44.8] });
      expect(viaDetect.source.format).toBe('geotiff');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects projected rasters, out-of-range values without scale, bad bands and non-TIFF bytes', async () => {
    await expect(
      readGeoTiffLayer(blockTiff({ epsg: undefined, projectedEpsg: 3857 }), { hazard: 'HW' }),
    ).rejects.toThrow(/projected CRS EPSG:3857 is not supported; reproject to EPSG:4326/);
    const big = writeFloat32Tiff({
      width: 1,
      height: 1,
      values: [42],
      pixelScale: [0.01, 0.01],
      tiepoint: { i: 0, j: 0, lon: 9.9, lat: 44.79 },
      epsg: 4326,
    });
    await expect(readGeoTiffLayer(big, { hazard: 'HW' })).rejects.toThrow(/values range 42\.\.42 is outside 0\.\.1/);
    await expect(readGeoTiffLayer(big, { hazard: 'HW', band: 1 })).rejects.toThrow(/band 1 does not exist/);
    await expect(readGeoTiffLayer(big, { hazard: 'ZZ' })).rejects.toThrow(/unknown hazard 'ZZ'/);
    await expect(readGeoTiffLayer(Buffer.from('not a tiff'), { hazard: 'HW' })).rejects.toThrow(/not a readable TIFF/);
  });
});
