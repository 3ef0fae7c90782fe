export type { IngestedLayer, IngestFormat, IngestInput, GridReadOptions, CsvReadOptions, ScaleOption } from './types';
export { IngestError } from './types';
export { H3_RESOLUTION, slotKey } from './axes';
export { aggregateGrid, wrapLongitude, type PointGrid, type AggregateOptions } from './grid';
export { readCsvLayers } from './csv';
export { readGeoTiffLayer } from './geotiff';
export { readNetcdf3Layer } from './netcdf3';
export { readNetcdf4Layer } from './netcdf4';
export { detectFormat, readHazardFile } from './detect';
