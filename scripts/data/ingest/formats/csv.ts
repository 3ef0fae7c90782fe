import { parse } from 'csv-parse/sync';
import { cellToParent, getResolution, isValidCell, latLngToCell } from 'h3-js';
import {
  H3_RESOLUTION,
  HAZARD_IDS,
  PERIOD_NAMES,
  SCENARIO_IDS,
  normaliseHazard,
  normalisePeriod,
  normaliseScenario,
  requireHazard,
  slotKey,
  slotProblem,
  type HazardId,
  type PeriodId,
  type ScenarioId,
} from '../axes';
import { checkScale } from '../grid';
import { loadInput } from '../input';
import { IngestError, type CsvReadOptions, type IngestedLayer, type IngestInput } from '../types';

const COLUMN_ALIASES: Record<string, string[]> = {
  cell: ['cell', 'h3', 'h3_cell', 'cell_id', 'h3_index'],
  lat: ['lat', 'latitude'],
  lon: ['lon', 'lng', 'longitude'],
  hazard: ['hazard', 'hazard_id'],
  scenario: ['scenario'],
  period: ['period'],
  value: ['value'],
};

type Column = keyof typeof COLUMN_ALIASES;

const NUMBER_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function parseNumber(text: string): number | null {
  return NUMBER_RE.test(text) ? Number(text) : null;
}

interface Record_ {
  record: string[];
  info: { lines: number };
}

/**
 * Reads a long-format CSV (`cell` or `lat`,`lon`; `hazard`, `scenario`, `period`, `value`) into one layer per hazard.
 * Invalid rows are skipped and described in `warnings` as "line N, column 'x': …". `rowsRead` and `rowsSkipped`
 * count the whole file, so every layer from one CSV carries the same counts and messages.
 * Several rows for one cell and slot (including finer cells sharing a res-4 parent) are averaged.
 */
export async function readCsvLayers(input: IngestInput, opts: CsvReadOptions = {}): Promise<IngestedLayer[]> {
  const { bytes, file } = await loadInput(input, opts.fileName);
  checkScale(opts.scale);
  // csv-parse counts a CRLF inside a quoted field as two lines; plain LF keeps line numbers physical.
  const text = new TextDecoder('utf-8').decode(bytes).replace(/\r\n/g, '\n');

  let records: Record_[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as Record_[];
  } catch (err) {
    const e = err as { lines?: number; message?: string };
    throw new IngestError(
      `${file}: CSV syntax error${e.lines ? ` at line ${e.lines}` : ''}: ${e.message ?? String(err)}`,
    );
  }
  if (records.length === 0) throw new IngestError(`${file}: the CSV is empty`);

  const header = records[0].record.map((h) => h.trim().toLowerCase());
  const col: Partial<Record<Column, number>> = {};
  for (const [name, aliases] of Object.entries(COLUMN_ALIASES) as [Column, string[]][]) {
    const hits = header.flatMap((h, i) => (aliases.includes(h) ? [i] : []));
    if (hits.length > 1) throw new IngestError(`${file}: header has more than one '${name}' column`);
    if (hits.length === 1) col[name] = hits[0];
  }

  const fixedHazard = opts.hazard !== undefined ? requireHazard(opts.hazard) : undefined;
  const fixedScenario = opts.scenario !== undefined ? normaliseScenario(opts.scenario) : undefined;
  const fixedPeriod = opts.period !== undefined ? normalisePeriod(opts.period) : undefined;
  if (fixedScenario === null)
    throw new IngestError(`unknown scenario option '${opts.scenario}' (expected one of ${SCENARIO_IDS.join(', ')})`);
  if (fixedPeriod === null)
    throw new IngestError(`unknown period option '${opts.period}' (expected one of ${PERIOD_NAMES.join(', ')})`);

  const missingCols: string[] = [];
  if (col.cell === undefined && (col.lat === undefined || col.lon === undefined))
    missingCols.push("'cell' (or 'lat' and 'lon')");
  if (col.value === undefined) missingCols.push("'value'");
  if (col.hazard === undefined && !fixedHazard) missingCols.push("'hazard'");
  if (col.scenario === undefined && !fixedScenario) missingCols.push("'scenario'");
  if (col.period === undefined && !fixedPeriod) missingCols.push("'period'");
  if (missingCols.length) {
    throw new IngestError(
      `${file}: header (line 1) lacks column ${missingCols.join(', ')}; found: ${header.join(', ')}`,
    );
  }

  const issues: string[] = [];
  let skipped = 0;
  let filtered = 0;
  let finer = 0;
  // hazard → slot → cell → running sum
  const acc = new Map<HazardId, Map<string, Map<string, { sum: number; n: number }>>>();

  for (let i = 1; i < records.length; i++) {
    const { record, info } = records[i];
    // Report the line a record starts on, even when a quoted field spans several lines.
    const line = info.lines - record.reduce((n, f) => n + f.split('\n').length - 1, 0);
    const problems: string[] = [];
    const at = (c: Column) => `line ${line}, column '${header[col[c]!]}'`;
    const field = (c: Column) => (col[c] !== undefined ? (record[col[c]!] ?? '') : undefined);

    if (record.length !== header.length) {
      problems.push(`line ${line}: expected ${header.length} fields, found ${record.length}`);
    }

    let hazard: HazardId | null = fixedHazard ?? null;
    const hRaw = field('hazard');
    if (hRaw !== undefined) {
      hazard = normaliseHazard(hRaw);
      if (!hazard) problems.push(`${at('hazard')}: unknown hazard '${hRaw}' (expected one of ${HAZARD_IDS.join(' ')})`);
    }
    let scenario: ScenarioId | null = fixedScenario ?? null;
    const sRaw = field('scenario');
    if (sRaw !== undefined) {
      scenario = normaliseScenario(sRaw);
      if (!scenario)
        problems.push(`${at('scenario')}: unknown scenario '${sRaw}' (expected one of ${SCENARIO_IDS.join(', ')})`);
    }
    let period: PeriodId | null = fixedPeriod ?? null;
    const pRaw = field('period');
    if (pRaw !== undefined) {
      period = normalisePeriod(pRaw);
      if (!period)
        problems.push(`${at('period')}: unknown period '${pRaw}' (expected one of ${PERIOD_NAMES.join(', ')})`);
    }
    if (scenario && period) {
      const p = slotProblem(scenario, period);
      if (p) problems.push(`${at(col.period !== undefined ? 'period' : 'scenario')}: ${p}`);
    }

    // Option values filter rows of other hazards/slots out instead of reporting them.
    if (
      (fixedHazard && hRaw !== undefined && hazard && hazard !== fixedHazard) ||
      (fixedScenario && sRaw !== undefined && scenario && scenario !== fixedScenario) ||
      (fixedPeriod && pRaw !== undefined && period && period !== fixedPeriod)
    ) {
      filtered++;
      continue;
    }

    let cell: string | null = null;
    const cRaw = field('cell');
    if (cRaw) {
      const id = cRaw.toLowerCase();
      if (!isValidCell(id)) {
        problems.push(`${at('cell')}: '${cRaw}' is not a valid H3 cell id`);
      } else {
        const res = getResolution(id);
        if (res < H3_RESOLUTION) {
          problems.push(
            `${at('cell')}: cell ${id} is resolution ${res}, coarser than ${H3_RESOLUTION}; give resolution-${H3_RESOLUTION} (or finer) cells`,
          );
        } else if (res > H3_RESOLUTION) {
          cell = cellToParent(id, H3_RESOLUTION);
          finer++;
        } else {
          cell = id;
        }
      }
    } else if (col.lat !== undefined && col.lon !== undefined) {
      const latRaw = field('lat')!;
      const lonRaw = field('lon')!;
      const lat = parseNumber(latRaw);
      const lon = parseNumber(lonRaw);
      if (lat === null) problems.push(`${at('lat')}: '${latRaw}' is not a number`);
      else if (lat < -90 || lat > 90) problems.push(`${at('lat')}: ${lat} is outside -90..90`);
      if (lon === null) problems.push(`${at('lon')}: '${lonRaw}' is not a number`);
      else if (lon < -180 || lon > 360) problems.push(`${at('lon')}: ${lon} is outside -180..360`);
      if (!problems.length && lat !== null && lon !== null) {
        cell = latLngToCell(lat, lon > 180 ? lon - 360 : lon, H3_RESOLUTION);
      }
    } else {
      problems.push(`${at('cell')}: empty cell id`);
    }

    const vRaw = field('value')!;
    let value = parseNumber(vRaw);
    if (value === null) {
      problems.push(`${at('value')}: '${vRaw}' is not a number`);
    } else {
      if (opts.scale) value = (value - opts.scale.min) / (opts.scale.max - opts.scale.min);
      if (value < 0 || value > 1) {
        problems.push(
          opts.scale
            ? `${at('value')}: ${vRaw} is outside scale ${opts.scale.min}..${opts.scale.max}`
            : `${at('value')}: ${vRaw} is outside 0..1`,
        );
      }
    }

    if (problems.length || !hazard || !scenario || !period || !cell || value === null) {
      skipped++;
      issues.push(...problems);
      continue;
    }

    const slot = slotKey(scenario, period);
    let bySlot = acc.get(hazard);
    if (!bySlot) acc.set(hazard, (bySlot = new Map()));
    let byCell = bySlot.get(slot);
    if (!byCell) bySlot.set(slot, (byCell = new Map()));
    const a = byCell.get(cell);
    if (a) {
      a.sum += value;
      a.n++;
    } else {
      byCell.set(cell, { sum: value, n: 1 });
    }
  }

  const rowsRead = records.length - 1;
  if (opts.strict && issues.length) {
    throw new IngestError(`${file}: ${skipped} of ${rowsRead} rows are invalid`, issues);
  }
  if (acc.size === 0) {
    throw new IngestError(
      `${file}: no valid rows (${rowsRead} read, ${skipped} invalid, ${filtered} filtered out)`,
      issues,
    );
  }

  const max = opts.maxWarnings ?? 100;
  const warnings = issues.slice(0, max);
  if (issues.length > max) warnings.push(`… and ${issues.length - max} more row problems`);
  if (skipped) warnings.push(`${skipped} of ${rowsRead} rows skipped as invalid`);
  if (filtered) warnings.push(`${filtered} rows for other hazards/scenarios/periods ignored`);
  if (finer)
    warnings.push(
      `${finer} rows used cells finer than resolution ${H3_RESOLUTION}; mapped to their res-${H3_RESOLUTION} parent`,
    );

  const layers: IngestedLayer[] = [];
  for (const hazard of [...acc.keys()].sort()) {
    const slots = new Map<string, Map<string, number>>();
    let cellsWritten = 0;
    let merged = 0;
    for (const [slot, byCell] of acc.get(hazard)!) {
      const cells = new Map<string, number>();
      for (const [cell, { sum, n }] of byCell) {
        cells.set(cell, sum / n);
        if (n > 1) merged++;
      }
      slots.set(slot, cells);
      cellsWritten += cells.size;
    }
    const own = merged
      ? [...warnings, `${merged} ${hazard} cell-slots had several rows; their values were averaged`]
      : [...warnings];
    layers.push({
      hazard,
      slots,
      source: { format: 'csv', file, cellsWritten, rowsRead, rowsSkipped: skipped, warnings: own },
    });
  }
  return layers;
}
