import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFormat, readHazardFile } from '../detect';
import { readNetcdf4Layer } from './netcdf4';
import { CELL_E, CELL_W, wmean } from '../../../../tests/support/ingest/cells';
import { createHdf5 } from '../../../../tests/support/ingest/hdf5';

const FILL = -999;
let dir: string;
let scaled: string; // netCDF4-style: dimension scales, gzip chunks, packed int16, 0..360 longitudes
let plain: string; // bare HDF5: coordinates found by name, variable inside a group

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nc4-test-'));
  scaled = join(dir, 'scaled.nc');
  plain = join(dir, 'plain.h5');

  await createHdf5(scaled, (f) => {
    f.create_attribute('Conventions', 'CF-1.8');
    const time = f.create_dataset({ name: 'time', data: new Float64Array([0, 365]) });
    time.make_scale('time');
    const lat = f.create_dataset({ name: 'lat', data: new Float64Array([45.06, 45.08]) });
    lat.make_scale('lat');
    lat.create_attribute('units', 'degrees_north');
    const lon = f.create_dataset({ name: 'lon', data: new Float64Array([10.04, 10.06, 349.94, 349.96]) });
    lon.make_scale('lon');
    lon.create_attribute('units', 'degrees_east');
    // value = raw * 0.01 + 0.05; rows are lat 45.06 then 45.08; columns 0-1 in CELL_E, 2-3 in CELL_W.
    const raw = new Int16Array([
      ...[10, 20, 30, FILL, 40, FILL, 50, 60], // time 0
      ...[0, 0, 90, 90, 0, 0, 90, 90], // time 1
    ]);
    const v = f.create_dataset({
      name: 'hazard',
      data: raw,
      shape: [2, 2, 4],
      dtype: '<h',
      chunks: [1, 2, 4],
      compression: 'gzip',
    });
    v.attach_scale(0, 'time');
    v.attach_scale(1, 'lat');
    v.attach_scale(2, 'lon');
    v.create_attribute('_FillValue', new Int16Array([FILL]));
    v.create_attribute('scale_factor', new Float64Array([0.01]));
    v.create_attribute('add_offset', new Float64Array([0.05]));
  });

  await createHdf5(plain, (f) => {
    f.create_dataset({ name: 'latitude', data: new Float64Array([45.07]) });
    f.create_dataset({ name: 'longitude', data: new Float64Array([-10.05, 10.05, 20]) });
    const g = f.create_group('data');
    const v = g.create_dataset({ name: 'wf_index', data: new Float32Array([0.3, 0.7, -9999]), shape: [1, 3] });
    v.create_attribute('_FillValue', new Float32Array([-9999]));
    v.create_attribute('units', '1');
  });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readNetcdf4Layer', () => {
  it('follows dimension scales and applies _FillValue, scale_factor, add_offset and 0..360 wrapping', async () => {
    const layer = await readNetcdf4Layer(scaled, { hazard: 'ER', scenario: 'rcp85', period: '2040', time: 0 });
    const cells = layer.slots.get('rcp85:2040')!;
    expect([...cells.keys()].sort()).toEqual([CELL_E, CELL_W].sort());
    expect(cells.get(CELL_E)).toBeCloseTo(
      wmean([
        [0.15, 45.06],
        [0.25, 45.06],
        [0.45, 45.08],
      ]),
      12,
    );
    expect(cells.get(CELL_W)).toBeCloseTo(
      wmean([
        [0.35, 45.06],
        [0.55, 45.08],
        [0.65, 45.08],
      ]),
      12,
    );
    expect(layer.source).toMatchObject({
      format: 'netcdf4',
      file: scaled,
      cellsWritten: 2,
      rowsRead: 8,
      rowsSkipped: 2,
    });
  });

  it('averages the time dimension per pixel by default', async () => {
    const cells = (await readNetcdf4Layer(scaled, { hazard: 'ER', scenario: 'rcp85', period: '2040' })).slots.get(
      'rcp85:2040',
    )!;
    expect(cells.get(CELL_E)).toBeCloseTo(
      wmean([
        [0.1, 45.06],
        [0.15, 45.06],
        [0.25, 45.08],
        [0.05, 45.08],
      ]),
      12,
    );
    expect(cells.get(CELL_W)).toBeCloseTo(
      wmean([
        [0.65, 45.06],
        [0.95, 45.06],
        [0.75, 45.08],
        [0.8, 45.08],
      ]),
      12,
    );
  });

  it('finds latitude/longitude by name in a plain HDF5 file, including a variable inside a group', async () => {
    const layer = await readNetcdf4Layer(plain, { hazard: 'WF', scenario: 'hist', period: 'historical' });
    const cells = layer.slots.get('hist:historical')!;
    expect(cells.get(CELL_W)).toBeCloseTo(0.3, 6);
    expect(cells.get(CELL_E)).toBeCloseTo(0.7, 6);
    expect(cells.size).toBe(2);
    expect(layer.source.rowsSkipped).toBe(1);
    expect(layer.source.warnings[0]).toBe("variable 'data/wf_index'");
    const named = await readNetcdf4Layer(plain, { hazard: 'WF', variable: '/data/wf_index' });
    expect(named.slots.get('hist:historical')!.get(CELL_E)).toBeCloseTo(0.7, 6);
  });

  it('reads bytes through a temporary file, and is picked by readHazardFile', async () => {
    const bytes = await readFile(scaled);
    const layer = await readNetcdf4Layer(bytes, { hazard: 'ER', time: 1, fileName: 'upload.nc' });
    const cells = layer.slots.get('hist:historical')!;
    expect(cells.get(CELL_E)).toBeCloseTo(0.05, 12);
    expect(cells.get(CELL_W)).toBeCloseTo(0.95, 12);
    expect(layer.source.file).toBe('upload.nc');
    expect(await detectFormat(bytes)).toBe('netcdf4');
    const [viaDetect] = await readHazardFile(scaled, { hazard: 'ER', time: 1 });
    expect(viaDetect.source.format).toBe('netcdf4');
  });

  it('reports a missing variable and non-HDF5 input clearly', async () => {
    await expect(readNetcdf4Layer(scaled, { hazard: 'ER', variable: 'nope' })).rejects.toThrow(
      /variable 'nope' not found; variables: .*hazard/,
    );
    await expect(readNetcdf4Layer(Buffer.from('CDF\x01'), { hazard: 'ER' })).rejects.toThrow(
      /it is NetCDF3: use readNetcdf3Layer/,
    );
  });
});
