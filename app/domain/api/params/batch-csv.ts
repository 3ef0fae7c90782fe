/**
 * The CSV form of the batch read: one row per location × slot, in request order, slots in the order asked for. A
 * location that cannot be scored still has its rows (one per slot) with status error, its code and message, and
 * empty score columns, so rows = locations × slots always. The header row is BATCH_CSV_HEADER; the document states it.
 */
import { PER_HAZARD_IDS } from "../../hazards/hazards";
import { neutraliseCell } from "../../reports/spreadsheet/spreadsheet-cell";

export const CSV_TYPE = "text/csv";

const SCORE_FIELDS = ["value", "score", "level", "state"] as const;

/** Columns before the scores, then the aggregate (AL) and each hazard's value, score, level and state. */
export const BATCH_CSV_COLUMNS: readonly string[] = [
  "index", "id", "status", "code", "error", "scenario", "period", "warming_c",
  "lat", "lon", "hexagon_code", "region_code", "country_code", "snapped_to_land",
  "location_type", "location_code", "location_name", "dataset_version", "methodology_version",
  ...["AL", ...PER_HAZARD_IDS].flatMap((id) => SCORE_FIELDS.map((f) => `${id}_${f}`)),
];

export const BATCH_CSV_HEADER = BATCH_CSV_COLUMNS.join(",");

type Cell = string | number | boolean | null | undefined;

interface CsvScore {
  hazard_id: string;
  value: number | null;
  score: number | null;
  level: string | null;
  state: string;
}
interface CsvSlot {
  scenario: string;
  period: string;
  warming_c: number | null;
}
/** An item as the JSON form has it (ok or error); only the fields the rows need. */
export type CsvItem =
  | { index: number; id: string | null; status: "error"; code: string; error: string }
  | {
      index: number; id: string | null; status: "ok"; lat: number | null; lon: number | null; hexagon_code: string | null; region_code: string | null;
      country_code: string | null; snapped_to_land: boolean | null; location_type: string; location_code: string; location_name: string;
      results: { scenario: string; period: string; aggregate: CsvScore; hazards: CsvScore[] }[];
    };

/** RFC 4180 quoting; text a client supplied or a name is guarded against spreadsheet formulas. */
function cell(value: Cell, text = false): string {
  if (value === null || value === undefined) return "";
  const s = text && typeof value === "string" ? neutraliseCell(value) : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function scoreCells(score: CsvScore | undefined): string[] {
  return SCORE_FIELDS.map((f) => cell(score?.[f]));
}

/** The rows of one item, one per slot, each ending in a line break. */
export function batchCsvRows(item: CsvItem, slots: readonly CsvSlot[], versions: { dataset_version: string; methodology_version: string }): string {
  let text = "";
  slots.forEach((slot, i) => {
    const head = [cell(item.index), cell(item.id, true), cell(item.status), item.status === "error" ? cell(item.code) : "", item.status === "error" ? cell(item.error, true) : "", cell(slot.scenario), cell(slot.period), cell(slot.warming_c)];
    if (item.status === "error") {
      text += `${[...head, ...Array<string>(BATCH_CSV_COLUMNS.length - head.length).fill("")].join(",")}\r\n`;
      return;
    }
    const result = item.results[i]!;
    const byHazard = new Map(result.hazards.map((h) => [h.hazard_id, h]));
    const place = [item.lat, item.lon, item.hexagon_code, item.region_code, item.country_code, item.snapped_to_land, item.location_type, item.location_code].map((v) => cell(v));
    const scores = [result.aggregate, ...PER_HAZARD_IDS.map((id) => byHazard.get(id))].flatMap(scoreCells);
    text += `${[...head, ...place, cell(item.location_name, true), cell(versions.dataset_version), cell(versions.methodology_version), ...scores].join(",")}\r\n`;
  });
  return text;
}
