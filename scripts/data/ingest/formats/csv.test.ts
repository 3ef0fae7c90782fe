import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cellToChildren, cellToParent } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { readCsvLayers } from './csv';
import { readHazardFile } from '../detect';
import { CELL_A, CELL_W } from '../../../../tests/support/ingest/cells';
import { IngestError } from '../types';

// A string input is a path, so CSV text is passed as bytes.
const bytes = (text: string) => Buffer.from(text, 'utf8');

const FINE = cellToChildren(CELL_A, 7)[5];
const COARSE = cellToParent(CELL_A, 3);

// Line numbers are physical lines: the quoted note on line 4 spans two lines, so line 5 is its second half.
const MIXED = [
  '\uFEFFcell,lat,lon,hazard,scenario,period,value,note',
  `${CELL_A},,,FD,hist,historical,0.2,plain`,
  `${CELL_A},,,fd,hist,historical,0.4,"quoted, with comma"`,
  `"${FINE}",,,"FD","rcp85","2050","0.9","two`,
  `lines ""quoted"""`,
  `,45.07,-10.05,HW,rcp45,2030,0.5,`,
  `,45.07,349.95,HW,RCP4.5,2030,0.7,0..360 longitude`,
  `,95,10,HW,hist,historical,0.5,`,
  `,45,abc,HW,hist,historical,0.5,`,
  `${CELL_A},,,XX,hist,historical,0.5,`,
  `${CELL_A},,,FD,rcp60,2050,0.5,`,
  `${CELL_A},,,FD,rcp45,2100,0.5,`,
  `${CELL_A},,,FD,hist,2050,0.5,`,
  `${CELL_A},,,FD,hist,historical,1.5,`,
  `${CELL_A},,,FD,hist,historical,high,`,
  `zzzz,,,FD,hist,historical,0.5,`,
  `${COARSE},,,FD,hist,historical,0.5,`,
  `${CELL_A},,,FD,hist,historical`,
  '',
  `,45.07,-10.05,HW,ssp585,2050,1,`,
].join('\r\n');

describe('readCsvLayers', () => {
  it('reads good rows into one layer per hazard and reports each bad row by line and column', async () => {
    const layers = await readCsvLayers(Buffer.from(MIXED, 'utf8'), { fileName: 'mixed.csv' });
    expect(layers.map((l) => l.hazard)).toEqual(['FD', 'HW']);
    const [fd, hw] = layers;

    // Two rows for one cell average; the res-7 cell maps to its res-4 parent.
    expect(fd.slots.get('hist:historical')!.get(CELL_A)).toBeCloseTo(0.3, 12);
    expect(fd.slots.get('rcp85:2050')!.get(CELL_A)).toBe(0.9);
    expect([...fd.slots.keys()].sort()).toEqual(['hist:historical', 'rcp85:2050']);
    // lat/lon rows land in the cell around them, whether the longitude is -10.05 or 349.95.
    expect(hw.slots.get('rcp45:2030')!.get(CELL_W)).toBeCloseTo(0.6, 12);
    expect(hw.slots.get('rcp85:2050')!.get(CELL_W)).toBe(1);

    expect(fd.source).toMatchObject({
      format: 'csv',
      file: 'mixed.csv',
      cellsWritten: 2,
      rowsRead: 17,
      rowsSkipped: 11,
    });
    expect(hw.source.cellsWritten).toBe(2);
    const w = fd.source.warnings;
    expect(w).toContain("line 8, column 'lat': 95 is outside -90..90");
    expect(w).toContain("line 9, column 'lon': 'abc' is not a number");
    expect(w).toContain(
      "line 10, column 'hazard': unknown hazard 'XX' (expected one of AL CS HW LS WF FD DR SS ER TC PC SL)",
    );
    expect(w).toContain(
      "line 11, column 'scenario': unknown scenario 'rcp60' (expected one of hist, rcp26, rcp45, rcp85)",
    );
    expect(w).toContain(
      "line 12, column 'period': unknown period '2100' (expected one of historical, 2030, 2040, 2050)",
    );
    expect(w).toContain("line 13, column 'period': scenario 'hist' needs period 'historical', got '2050'");
    expect(w).toContain("line 14, column 'value': 1.5 is outside 0..1");
    expect(w).toContain("line 15, column 'value': 'high' is not a number");
    expect(w).toContain("line 16, column 'cell': 'zzzz' is not a valid H3 cell id");
    expect(w).toContain(
      `line 17, column 'cell': cell ${COARSE} is resolution 3, coarser than 4; give resolution-4 (or finer) cells`,
    );
    expect(w).toContain('line 18: expected 8 fields, found 6');
    expect(w).toContain("line 18, column 'value': '' is not a number");
    expect(w).toContain('11 of 17 rows skipped as invalid');
    expect(w).toContain('1 rows used cells finer than resolution 4; mapped to their res-4 parent');
    expect(w).toContain('1 FD cell-slots had several rows; their values were averaged');
  });

  it('accepts lat/lon-only files and reads from a path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'csv-test-'));
    try {
      const path = join(dir, 'points.csv');
      await writeFile(
        path,
        'latitude,longitude,hazard,scenario,period,value\n44.78,9.90,WF,rcp26,2040,0.25\n44.79,9.91,WF,rcp26,2040,0.75\n',
      );
      const [wf] = await readCsvLayers(path);
      expect(wf.hazard).toBe('WF');
      expect(wf.source.file).toBe(path);
      expect(wf.slots.get('rcp26:2040')!.get(CELL_A)).toBe(0.5);
      expect(wf.source.rowsSkipped).toBe(0);

      const viaDetect = await readHazardFile(path, {});
      expect(viaDetect[0].slots.get('rcp26:2040')!.get(CELL_A)).toBe(0.5);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('takes hazard/scenario/period from options when the columns are absent, and filters when present', async () => {
    const [dr] = await readCsvLayers(bytes(`cell,value\n${CELL_A},0.4\n`), {
      hazard: 'DR',
      scenario: 'rcp85',
      period: '2030',
    });
    expect(dr.hazard).toBe('DR');
    expect(dr.slots.get('rcp85:2030')!.get(CELL_A)).toBe(0.4);

    const layers = await readCsvLayers(
      Buffer.from(
        `cell,hazard,scenario,period,value\n${CELL_A},FD,hist,historical,0.1\n${CELL_A},HW,hist,historical,0.2\n`,
      ),
      { hazard: 'HW' },
    );
    expect(layers.map((l) => l.hazard)).toEqual(['HW']);
    expect(layers[0].source.warnings).toContain('1 rows for other hazards/scenarios/periods ignored');
    expect(layers[0].source.rowsSkipped).toBe(0);
  });

  it('normalises values with scale before the range check', async () => {
    const csv = `cell,hazard,scenario,period,value\n${CELL_A},ER,hist,historical,30\n${CELL_W},ER,hist,historical,130\n`;
    const [er] = await readCsvLayers(new TextEncoder().encode(csv).buffer, { scale: { min: 10, max: 110 } });
    expect(er.slots.get('hist:historical')!.get(CELL_A)).toBeCloseTo(0.2, 12);
    expect(er.slots.get('hist:historical')!.has(CELL_W)).toBe(false);
    expect(er.source.warnings).toContain("line 3, column 'value': 130 is outside scale 10..110");
  });

  it('throws on a missing column, a syntax error, strict mode and a file without valid rows', async () => {
    await expect(
      readCsvLayers(bytes(`cell,hazard,scenario,period\n${CELL_A},FD,hist,historical\n`), {}),
    ).rejects.toThrow(/header \(line 1\) lacks column 'value'/);
    await expect(
      readCsvLayers(bytes('lat,hazard,scenario,period,value\n1,FD,hist,historical,0.1\n'), {}),
    ).rejects.toThrow(/'cell' \(or 'lat' and 'lon'\)/);
    await expect(
      readCsvLayers(bytes(`cell,hazard,scenario,period,value\n"${CELL_A},FD,hist,historical,0.1\n`), {}),
    ).rejects.toThrow(/CSV syntax error/);
    const strict = readCsvLayers(
      bytes(`cell,hazard,scenario,period,value\n${CELL_A},FD,hist,historical,0.1\n${CELL_A},FD,hist,historical,2\n`),
      {
        strict: true,
      },
    );
    await expect(strict).rejects.toBeInstanceOf(IngestError);
    await expect(strict).rejects.toMatchObject({ issues: ["line 3, column 'value': 2 is outside 0..1"] });
    await expect(
      readCsvLayers(bytes(`cell,hazard,scenario,period,value\nbad,FD,hist,historical,0.1\n`), {}),
    ).rejects.toThrow(/no valid rows \(1 read, 1 invalid/);
    await expect(readCsvLayers(bytes(''), {})).rejects.toThrow(/empty/);
  });

  it('caps the number of row messages', async () => {
    const rows = Array.from({ length: 30 }, () => `${CELL_A},FD,hist,historical,9`).join('\n');
    const csv = `cell,hazard,scenario,period,value\n${CELL_A},FD,hist,historical,0.5\n${rows}\n`;
    const [fd] = await readCsvLayers(bytes(csv), { maxWarnings: 5 });
    expect(fd.source.warnings.filter((w) => w.startsWith('line '))).toHaveLength(5);
    expect(fd.source.warnings).toContain('… and 25 more row problems');
    expect(fd.source.rowsSkipped).toBe(30);
  });
});
