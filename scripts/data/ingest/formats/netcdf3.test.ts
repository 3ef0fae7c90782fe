import { NetCDFReader } from 'netcdfjs';
import { cellToLatLng } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { detectFormat, readHazardFile } from '../detect';
import { readNetcdf3Layer } from './netcdf3';
import { CELL_E, CELL_W, wmean } from '../../../../tests/support/ingest/cells';
import { writeNetcdf3 } from '../../../../tests/support/ingest/netcdf3-writer';

const F = -32767;
const LATS = [45.08, 45.06]; // descending, as many climate files store it
const LONS = [10.04, 10.06, 349.94, 349.96]; // 0..360: columns 2 and 3 lie at -10.06 / -10.04
// Packed shorts: value = raw * 0.001 + 0.1. Columns 0-1 fall in CELL_E, columns 2-3 in CELL_W.
const FLOOD_T0 = [100, 300, 500, 700, F, 500, 900, F];
const FLOOD_T1 = [300, F, 100, 100, 300, 100, 900, 500];

function floodFile() {
  return writeNetcdf3({
    numRecords: 2,
    dims: [
      { name: 'time', size: 'unlimited' },
      { name: 'lat', size: 2 },
      { name: 'lon', size: 4 },
      { name: 'nv', size: 2 },
    ],
    globalAttrs: { Conventions: 'CF-1.8' },
    vars: [
      { name: 'lat', dims: ['lat'], type: 'float', attrs: { units: 'degrees_north', bounds: 'lat_bnds' }, data: LATS },
      { name: 'lat_bnds', dims: ['lat', 'nv'], type: 'float', data: [45.09, 45.07, 45.07, 45.05] },
      { name: 'lon', dims: ['lon'], type: 'float', attrs: { units: 'degrees_east' }, data: LONS },
      { name: 'time', dims: ['time'], type: 'double', attrs: { units: 'days since 2000-01-01' }, data: [0, 365] },
      {
        name: 'flood',
        dims: ['time', 'lat', 'lon'],
        type: 'short',
        attrs: {
          _FillValue: { type: 'short', values: [F] },
          scale_factor: { type: 'double', values: [0.001] },
          add_offset: { type: 'double', values: [0.1] },
        },
        data: [...FLOOD_T0, ...FLOOD_T1],
      },
      {
        name: 'depth',
        dims: ['lat', 'lon'],
        type: 'float',
        attrs: { missing_value: { type: 'float', values: [1e20] } },
        data: [0.1, 0.3, 0.5, 0.7, 0.5, 0.3, 1e20, 0.9],
      },
    ],
  });
}

describe('netcdf3 test writer', () => {
  it('writes a file netcdfjs reads back', () => {
    const r = new NetCDFReader(floodFile());
    expect(r.version).toBe('classic format');
    expect(r.dimensions.map((d) => d.name)).toEqual(['time', 'lat', 'lon', 'nv']);
    expect(r.recordDimension.length).toBe(2);
    expect(r.getDataVariable('time')).toEqual([0, 365]);
    expect(r.getAttribute('Conventions')).toBe('CF-1.8');
  });
});

describe('readNetcdf3Layer', () => {
  const opts = { hazard: 'FD', scenario: 'rcp26', period: '2030', variable: 'flood' };

  it('applies _FillValue, scale_factor and add_offset and wraps 0..360 longitudes (time index 0)', async () => {
    const layer = await readNetcdf3Layer(floodFile(), { ...opts, time: 0, fileName: 'flood.nc' });
    const cells = layer.slots.get('rcp26:2030')!;
    expect([...cells.keys()].sort()).toEqual([CELL_E, CELL_W].sort());
    expect(cells.get(CELL_E)).toBeCloseTo(
      wmean([
        [0.2, 45.08],
        [0.4, 45.08],
        [0.6, 45.06],
      ]),
      8,
    );
    expect(cells.get(CELL_W)).toBeCloseTo(
      wmean([
        [0.6, 45.08],
        [0.8, 45.08],
        [1.0, 45.06],
      ]),
      8,
    );
    // Longitude 349.94 lands west of Greenwich, around -10.
    expect(cellToLatLng(CELL_W)[1]).toBeCloseTo(-10.05, 1);
    expect(layer.source).toMatchObject({
      format: 'netcdf3',
      file: 'flood.nc',
      cellsWritten: 2,
      rowsRead: 8,
      rowsSkipped: 2,
    });
    expect(layer.source.warnings[0]).toBe("variable 'flood'");
  });

  it('reads the second time step (a later record)', async () => {
    const cells = (await readNetcdf3Layer(floodFile(), { ...opts, time: 1 })).slots.get('rcp26:2030')!;
    expect(cells.get(CELL_E)).toBeCloseTo(
      wmean([
        [0.4, 45.08],
        [0.4, 45.06],
        [0.2, 45.06],
      ]),
      8,
    );
    expect(cells.get(CELL_W)).toBeCloseTo(
      wmean([
        [0.2, 45.08],
        [0.2, 45.08],
        [1.0, 45.06],
        [0.6, 45.06],
      ]),
      8,
    );
  });

  it('averages time steps per pixel by default, ignoring fill values', async () => {
    const layer = await readNetcdf3Layer(floodFile(), opts);
    const cells = layer.slots.get('rcp26:2030')!;
    expect(cells.get(CELL_E)).toBeCloseTo(
      wmean([
        [0.3, 45.08],
        [0.4, 45.08],
        [0.4, 45.06],
        [0.4, 45.06],
      ]),
      8,
    );
    expect(cells.get(CELL_W)).toBeCloseTo(
      wmean([
        [0.4, 45.08],
        [0.5, 45.08],
        [1.0, 45.06],
        [0.6, 45.06],
      ]),
      8,
    );
    expect(layer.source.rowsSkipped).toBe(0);
    expect(layer.source.warnings).toContain("averaged 2 steps of dimension 'time'");
  });

  it('asks for a variable when several are gridded, and honours missing_value on the chosen one', async () => {
    await expect(readNetcdf3Layer(floodFile(), { hazard: 'FD' })).rejects.toThrow(
      /several gridded variables \(flood, depth\)/,
    );
    const layer = await readNetcdf3Layer(floodFile(), { hazard: 'FD', variable: 'depth' });
    const cells = layer.slots.get('hist:historical')!;
    expect(cells.get(CELL_E)).toBeCloseTo(
      wmean([
        [0.1, 45.08],
        [0.3, 45.08],
        [0.5, 45.06],
        [0.3, 45.06],
      ]),
      6,
    );
    expect(cells.get(CELL_W)).toBeCloseTo(
      wmean([
        [0.5, 45.08],
        [0.7, 45.08],
        [0.9, 45.06],
      ]),
      6,
    );
    expect(layer.source.rowsSkipped).toBe(1);
  });

  it('finds y/x coordinates on a (lon, lat)-ordered byte variable with _Unsigned', async () => {
    const file = writeNetcdf3({
      dims: [
        { name: 'x', size: 2 },
        { name: 'y', size: 2 },
      ],
      vars: [
        { name: 'x', dims: ['x'], type: 'double', data: [-10.05, 10.05] },
        { name: 'y', dims: ['y'], type: 'double', data: [45.06, 45.08] },
        {
          name: 'risk',
          dims: ['x', 'y'],
          type: 'byte',
          // 200 and 250 are stored as -56 and -6 in a signed byte.
          attrs: {
            _Unsigned: 'true',
            scale_factor: { type: 'float', values: [0.004] },
            _FillValue: { type: 'byte', values: [-1] },
          },
          data: [50, -56, -6, -1],
        },
      ],
    });
    const cells = (await readNetcdf3Layer(file, { hazard: 'SS', scenario: 'hist' })).slots.get('hist:historical')!;
    expect(cells.get(CELL_W)).toBeCloseTo(
      wmean([
        [0.2, 45.06],
        [0.8, 45.08],
      ]),
      6,
    );
    expect(cells.get(CELL_E)).toBeCloseTo(1.0, 6);
  });

  it('rejects bad time indexes, missing coordinates and non-NetCDF3 bytes', async () => {
    await expect(readNetcdf3Layer(floodFile(), { ...opts, time: 2 })).rejects.toThrow(
      /time index 2 is out of range 0\.\.1/,
    );
    const noCoords = writeNetcdf3({
      dims: [
        { name: 'a', size: 2 },
        { name: 'b', size: 2 },
      ],
      vars: [{ name: 'v', dims: ['a', 'b'], type: 'float', data: [0, 0, 0, 0] }],
    });
    await expect(readNetcdf3Layer(noCoords, { hazard: 'FD' })).rejects.toThrow(
      /no 1-D latitude\/longitude coordinate variables/,
    );
    const hdf5 = Uint8Array.from([0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]);
    await expect(readNetcdf3Layer(hdf5, { hazard: 'FD' })).rejects.toThrow(/HDF5\/NetCDF4: use readNetcdf4Layer/);
  });

  it('is picked by readHazardFile from the magic bytes', async () => {
    expect(await detectFormat(floodFile())).toBe('netcdf3');
    const [layer] = await readHazardFile(floodFile(), { ...opts, time: 0 });
    expect(layer.source.format).toBe('netcdf3');
  });
});
