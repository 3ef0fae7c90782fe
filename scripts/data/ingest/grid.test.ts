import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { resolveSlot } from './axes';
import { aggregateGrid, wrapLongitude } from './grid';
import { CELL_A, CELL_E, CELL_W, wmean } from '../../../tests/support/ingest/cells';
import { IngestError } from './types';

const base = { hazard: 'FD', slot: 'hist:historical', format: 'geotiff' as const, file: 'mem' };

describe('reference cells used by the reader tests', () => {
  it('each synthetic block lies in one res-4 cell', () => {
    for (const lat of [44.765, 44.775, 44.785, 44.795]) {
      for (const lon of [9.885, 9.895, 9.905, 9.915]) expect(latLngToCell(lat, lon, 4)).toBe(CELL_A);
    }
    for (const lat of [45.06, 45.08]) {
      for (const lon of [-10.06, -10.04]) expect(latLngToCell(lat, lon, 4)).toBe(CELL_W);
      for (const lon of [10.04, 10.06]) expect(latLngToCell(lat, lon, 4)).toBe(CELL_E);
    }
  });
});

describe('wrapLongitude', () => {
  it('maps 0..360 onto -180..180', () => {
    expect(wrapLongitude(350)).toBe(-10);
    expect(wrapLongitude(190)).toBe(-170);
    expect(wrapLongitude(180)).toBe(-180);
    expect(wrapLongitude(10)).toBe(10);
    expect(wrapLongitude(-10)).toBe(-10);
    expect(wrapLongitude(-190)).toBe(170);
    expect(wrapLongitude(720 + 5)).toBe(5);
  });
});

describe('aggregateGrid', () => {
  it('averages pixel centres per cell, skipping NaN, and wraps 0..360 longitudes', () => {
    const layer = aggregateGrid(
      {
        lats: [45.08, 45.06],
        lons: [349.94, 349.96, 10.04, 10.06],
        values: Float64Array.from([0.1, 0.2, 0.5, NaN, 0.3, 0.4, 0.7, 0.9]),
      },
      { ...base, warnings: [] },
    );
    const cells = layer.slots.get('hist:historical')!;
    expect([...cells.keys()].sort()).toEqual([CELL_W, CELL_E].sort());
    expect(cells.get(CELL_W)).toBeCloseTo(
      wmean([
        [0.1, 45.08],
        [0.2, 45.08],
        [0.3, 45.06],
        [0.4, 45.06],
      ]),
      12,
    );
    expect(cells.get(CELL_E)).toBeCloseTo(
      wmean([
        [0.5, 45.08],
        [0.7, 45.06],
        [0.9, 45.06],
      ]),
      12,
    );
    expect(layer.source).toMatchObject({ cellsWritten: 2, rowsRead: 8, rowsSkipped: 1 });
    expect(layer.source.warnings).toContain('1 pixels were missing (fill/nodata) and skipped');
  });

  it('weights pixels by cos(latitude) unless told not to', () => {
    // Both pixels fall in one cell near 80°N, where cos(lat) differs by 1.5% across 0.15°.
    const grid = { lats: [79.9, 80.05], lons: [19.0], values: Float64Array.from([0, 1]) };
    expect(latLngToCell(79.9, 19, 4)).toBe(latLngToCell(80.05, 19, 4));
    const cell = latLngToCell(79.9, 19, 4);
    const weighted = aggregateGrid(grid, { ...base, warnings: [] })
      .slots.get('hist:historical')!
      .get(cell)!;
    const cos = (d: number) => Math.cos((d * Math.PI) / 180);
    expect(weighted).toBeCloseTo(cos(80.05) / (cos(79.9) + cos(80.05)), 12);
    expect(weighted).toBeLessThan(0.4975);
    const plain = aggregateGrid(grid, { ...base, areaWeighted: false, warnings: [] })
      .slots.get('hist:historical')!
      .get(cell);
    expect(plain).toBe(0.5);
  });

  it('normalises with scale and clamps values outside it', () => {
    const warnings: string[] = [];
    const layer = aggregateGrid(
      { lats: [44.78], lons: [9.89, 9.9], values: Float64Array.from([50, 150]) },
      { ...base, scale: { min: 0, max: 100 }, areaWeighted: false, warnings },
    );
    expect(layer.slots.get('hist:historical')!.get(CELL_A)).toBe(0.75);
    expect(warnings.some((w) => w.includes('1 pixels fell outside scale 0..100'))).toBe(true);
  });

  it('rejects values outside 0..1 when no scale is given', () => {
    expect(() =>
      aggregateGrid({ lats: [44.78], lons: [9.9], values: Float64Array.from([3]) }, { ...base, warnings: [] }),
    ).toThrow(/outside 0\.\.1: pass scale/);
  });

  it('rejects an all-missing grid and a bad scale', () => {
    expect(() =>
      aggregateGrid({ lats: [44.78], lons: [9.9], values: Float64Array.from([NaN]) }, { ...base, warnings: [] }),
    ).toThrow(IngestError);
    expect(() =>
      aggregateGrid(
        { lats: [44.78], lons: [9.9], values: Float64Array.from([0.5]) },
        { ...base, scale: { min: 1, max: 1 }, warnings: [] },
      ),
    ).toThrow(/min < max/);
  });

  it('warns when pixels are sparser than res-4 cells', () => {
    const warnings: string[] = [];
    aggregateGrid(
      { lats: [45, 44], lons: [10, 11], values: Float64Array.from([0.1, 0.2, 0.3, 0.4]) },
      { ...base, warnings },
    );
    expect(warnings.some((w) => w.includes('coarser than H3 res-4'))).toBe(true);
  });
});

describe('resolveSlot', () => {
  it('defaults to the historical baseline and infers the other half of hist:historical', () => {
    const w: string[] = [];
    expect(resolveSlot(undefined, undefined, w)).toBe('hist:historical');
    expect(w[0]).toMatch(/assumed 'hist:historical'/);
    expect(resolveSlot('hist', undefined, [])).toBe('hist:historical');
    expect(resolveSlot(undefined, 'historical', [])).toBe('hist:historical');
    expect(resolveSlot('SSP5-8.5', '2050', [])).toBe('rcp85:2050');
    expect(resolveSlot('RCP4.5', '2030', [])).toBe('rcp45:2030');
  });

  it('rejects unknown or mismatched scenario/period', () => {
    expect(() => resolveSlot('rcp60', '2050', [])).toThrow(/unknown scenario 'rcp60'/);
    expect(() => resolveSlot('rcp85', '2100', [])).toThrow(/unknown period '2100'/);
    expect(() => resolveSlot('hist', '2050', [])).toThrow(/'hist' needs period 'historical'/);
    expect(() => resolveSlot('rcp26', 'historical', [])).toThrow(/needs scenario 'hist'/);
    expect(() => resolveSlot('rcp26', undefined, [])).toThrow(/needs a period/);
  });
});
