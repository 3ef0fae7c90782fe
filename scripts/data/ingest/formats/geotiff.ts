import { fromArrayBuffer } from 'geotiff';
import { requireHazard, resolveSlot } from '../axes';
import { aggregateGrid } from '../grid';
import { loadInput, toArrayBuffer } from '../input';
import { IngestError, type GridReadOptions, type IngestedLayer, type IngestInput } from '../types';

const PIXEL_IS_POINT = 2;
const MODEL_TYPE_PROJECTED = 1;

/**
 * Reads one band of a GeoTIFF on a lat/lon grid (EPSG:4326) into one hazard layer. The geo-transform comes from
 * ModelTiepoint + ModelPixelScale (or a non-rotated ModelTransformation), else from the `bbox` option.
 */
export async function readGeoTiffLayer(input: IngestInput, opts: GridReadOptions): Promise<IngestedLayer> {
  const hazard = requireHazard(opts.hazard);
  const warnings: string[] = [];
  const slot = resolveSlot(opts.scenario, opts.period, warnings);
  const { bytes, file } = await loadInput(input, opts.fileName);

  let image;
  try {
    const tiff = await fromArrayBuffer(toArrayBuffer(bytes));
    image = await tiff.getImage(0);
  } catch (err) {
    throw new IngestError(`${file}: not a readable TIFF: ${(err as Error).message}`);
  }
  const width = image.getWidth();
  const height = image.getHeight();
  const bands = image.getSamplesPerPixel();
  const band = opts.band ?? 0;
  if (!Number.isInteger(band) || band < 0 || band >= bands) {
    throw new IngestError(`${file}: band ${band} does not exist (the image has ${bands})`);
  }
  if (bands > 1) warnings.push(`image has ${bands} bands; read band ${band}`);

  const geoKeys = (image.getGeoKeys() ?? {}) as Record<string, number | undefined>;
  if (geoKeys.ProjectedCSTypeGeoKey !== undefined || geoKeys.GTModelTypeGeoKey === MODEL_TYPE_PROJECTED) {
    throw new IngestError(
      `${file}: projected CRS${geoKeys.ProjectedCSTypeGeoKey ? ` EPSG:${geoKeys.ProjectedCSTypeGeoKey}` : ''} is not supported; reproject to EPSG:4326 (e.g. gdalwarp -t_srs EPSG:4326)`,
    );
  }
  if (geoKeys.GeographicTypeGeoKey === undefined) warnings.push('no CRS geo-key: assumed EPSG:4326');
  else if (geoKeys.GeographicTypeGeoKey !== 4326) {
    warnings.push(
      `geographic CRS EPSG:${geoKeys.GeographicTypeGeoKey} read as EPSG:4326 (datum shifts are far below a cell)`,
    );
  }

  // Position of the centre of pixel (0,0) and the step per pixel, in degrees.
  let x0: number;
  let y0: number;
  let dx: number;
  let dy: number;
  const fd = image.fileDirectory;
  const tie = fd.getValue('ModelTiepoint') as number[] | undefined;
  const transform = fd.getValue('ModelTransformation') as number[] | undefined;
  if ((tie && fd.hasTag('ModelPixelScale')) || transform) {
    if (transform && (transform[1] !== 0 || transform[4] !== 0)) {
      throw new IngestError(`${file}: rotated or sheared rasters are not supported`);
    }
    const [ox, oy] = image.getOrigin();
    [dx, dy] = image.getResolution();
    // A tie point may refer to a pixel other than (0,0).
    const ti = tie && !transform ? tie[0] : 0;
    const tj = tie && !transform ? tie[1] : 0;
    const pointGrid = geoKeys.GTRasterTypeGeoKey === PIXEL_IS_POINT;
    x0 = ox - ti * dx + (pointGrid ? 0 : dx / 2);
    y0 = oy - tj * dy + (pointGrid ? 0 : dy / 2);
  } else if (opts.bbox) {
    const [west, south, east, north] = opts.bbox;
    if (!(east > west) || !(north > south))
      throw new IngestError(`bbox must be [west, south, east, north], got ${opts.bbox.join(', ')}`);
    dx = (east - west) / width;
    dy = -(north - south) / height;
    x0 = west + dx / 2;
    y0 = north + dy / 2;
    warnings.push('no geo-transform in the file: used the bbox option');
  } else {
    throw new IngestError(
      `${file}: no geo-transform (ModelTiepoint/ModelPixelScale or ModelTransformation); pass the bbox option`,
    );
  }

  const rasters = await image.readRasters({ samples: [band] });
  const raster = (rasters as unknown as ArrayLike<number>[])[0];
  const nodataRaw = image.getGDALNoData();
  const nodata = nodataRaw === null ? null : raster instanceof Float32Array ? Math.fround(nodataRaw) : nodataRaw;

  const values = new Float64Array(width * height);
  for (let i = 0; i < values.length; i++) {
    const v = Number(raster[i]);
    values[i] = v === nodata || !Number.isFinite(v) ? NaN : v;
  }
  const lats = Float64Array.from({ length: height }, (_, r) => y0 + r * dy);
  const lons = Float64Array.from({ length: width }, (_, c) => x0 + c * dx);

  return aggregateGrid(
    { lats, lons, values },
    { hazard, slot, scale: opts.scale, areaWeighted: opts.areaWeighted, format: 'geotiff', file, warnings },
  );
}
