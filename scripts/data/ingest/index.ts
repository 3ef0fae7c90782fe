export type { IngestedLayer, IngestFormat, IngestInput, GridReadOptions, CsvReadOptions, ScaleOption } from './types';
export { IngestError } from './types';
export { H3_RESOLUTION, slotKey } from './axes';
export { aggregateGrid, wrapLongitude, type PointGrid, type AggregateOptions } from './grid';
export { readCsvLayers } from './formats/csv';
export { readGeoTiffLayer } from './formats/geotiff';
export { readNetcdf3Layer } from './formats/netcdf3';
export { readNetcdf4Layer } from './formats/netcdf4';
export { detectFormat, readHazardFile } from './detect';
