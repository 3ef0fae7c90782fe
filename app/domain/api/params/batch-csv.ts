/**
 * The CSV form of the batch read: one row per location × slot, in request order, slots in the order asked for. A
 * location that cannot be scored still has its rows (one per slot) with status error, its code and message, and
 * empty score columns, so rows = locations × slots always. The header row is BATCH_CSV_HEADER; the document states it.
 */
import { PER_HAZARD_IDS } from "../../hazards/hazards";
import {
  FLOOD_SOURCE_COLUMNS_SINCE,
  LATEST_API_VERSION,
  SNAPPED_COLUMNS_SINCE,
  apiVersionAtLeast,
  type ApiVersion,
} from "../api-versions";
import { neutraliseCell } from "../../reports/spreadsheet/spreadsheet-cell";

export const CSV_TYPE = "text/csv";

const SCORE_FIELDS = ["value", "score", "level", "state"] as const;

const SCORE_COLUMNS = ["AL", ...PER_HAZARD_IDS].flatMap((id) => SCORE_FIELDS.map((f) => `${id}_${f}`));
/** Where a point in the water was scored: one "lat,lon" column before SNAPPED_COLUMNS_SINCE, three columns since. */
const SNAPPED_COLUMN = ["snapped_to_land"];
const SNAPPED_COLUMNS = ["snapped_lat", "snapped_lon", "snapped_distance_km"];
/**
 * Since FLOOD_SOURCE_COLUMNS_SINCE, after the scores: the source of river flood (FD) and coastal flood (SS) in the row,
 * flood_depth_layer or screening_index (the JSON item's `source.type`), so a level read from a depth map and one from
 * the screening index are never mixed unseen in one column.
 */
export const FLOOD_SOURCE_HAZARDS = ["FD", "SS"] as const;
const FLOOD_SOURCE_COLUMNS = FLOOD_SOURCE_HAZARDS.map((id) => `${id}_source`);

/** Columns before the scores, then the aggregate (AL) and each hazard's value, score, level and state. */
export function batchCsvColumns(version: ApiVersion = LATEST_API_VERSION): readonly string[] {
  return [
    "index",
    "id",
    "status",
    "code",
    "error",
    "scenario",
    "period",
    "warming_c",
    "lat",
    "lon",
    "hexagon_code",
    "region_code",
    "country_code",
    ...(apiVersionAtLeast(version, SNAPPED_COLUMNS_SINCE) ? SNAPPED_COLUMNS : SNAPPED_COLUMN),
    "location_type",
    "location_code",
    "location_name",
    "dataset_version",
    "methodology_version",
    ...SCORE_COLUMNS,
    ...(apiVersionAtLeast(version, FLOOD_SOURCE_COLUMNS_SINCE) ? FLOOD_SOURCE_COLUMNS : []),
  ];
}

export const batchCsvHeader = (version: ApiVersion = LATEST_API_VERSION) => batchCsvColumns(version).join(",");

/** The newest version's columns and header row (the ones the document states). */
export const BATCH_CSV_COLUMNS: readonly string[] = batchCsvColumns();
export const BATCH_CSV_HEADER = batchCsvHeader();

type Cell = string | number | boolean | null | undefined;

interface CsvScore {
  hazard_id: string;
  value: number | null;
  score: number | null;
  level: string | null;
  state: string;
  source?: { type: string } | null;
}
interface CsvSlot {
  scenario: string;
  period: string;
  warming_c: number | null;
}
interface LandSnap {
  lat: number;
  lon: number;
  distance_km: number;
}
/** The location as the request gave it: an error row keeps it, so the row can be matched to its input. */
export type CsvInput = { lat: number | string; lon: number | string } | { location_code: string };

/** An item as the JSON form has it (ok or error); only the fields the rows need. */
export type CsvItem =
  | { index: number; id: string | null; status: "error"; code: string; error: string }
  | {
      index: number;
      id: string | null;
      status: "ok";
      lat: number | null;
      lon: number | null;
      hexagon_code: string | null;
      region_code: string | null;
      country_code: string | null;
      snapped_to_land: LandSnap | null;
      location_type: string;
      location_code: string;
      location_name: string;
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

function snappedCells(snap: LandSnap | null, version: ApiVersion): string[] {
  if (apiVersionAtLeast(version, SNAPPED_COLUMNS_SINCE))
    return [cell(snap?.lat), cell(snap?.lon), cell(snap?.distance_km)];
  return [snap ? cell(`${snap.lat},${snap.lon}`) : ""];
}

/** An error row's place columns: the coordinates or code it was sent with, the rest empty. */
function inputCells(input: CsvInput | undefined, columns: readonly string[]): Map<string, string> {
  if (!input) return new Map();
  if ("location_code" in input) return new Map([["location_code", cell(input.location_code, true)]]);
  return new Map(
    [
      ["lat", cell(input.lat, true)],
      ["lon", cell(input.lon, true)],
    ].filter(([name]) => columns.includes(name!)) as [string, string][],
  );
}

export interface CsvRowOptions {
  version?: ApiVersion;
  /** The location as sent, for an error row. */
  input?: CsvInput;
}

/** The rows of one item, one per slot, each ending in a line break. */
export function batchCsvRows(
  item: CsvItem,
  slots: readonly CsvSlot[],
  versions: { dataset_version: string; methodology_version: string },
  options: CsvRowOptions = {},
): string {
  const version = options.version ?? LATEST_API_VERSION;
  const columns = batchCsvColumns(version);
  let text = "";
  slots.forEach((slot, i) => {
    const head = [
      cell(item.index),
      cell(item.id, true),
      cell(item.status),
      item.status === "error" ? cell(item.code) : "",
      item.status === "error" ? cell(item.error, true) : "",
      cell(slot.scenario),
      cell(slot.period),
      cell(slot.warming_c),
    ];
    if (item.status === "error") {
      const given = inputCells(options.input, columns);
      text += `${[...head, ...columns.slice(head.length).map((name) => given.get(name) ?? "")].join(",")}\r\n`;
      return;
    }
    const result = item.results[i]!;
    const byHazard = new Map(result.hazards.map((h) => [h.hazard_id, h]));
    const place = [
      ...[item.lat, item.lon, item.hexagon_code, item.region_code, item.country_code].map((v) => cell(v)),
      ...snappedCells(item.snapped_to_land, version),
      cell(item.location_type),
      cell(item.location_code),
    ];
    const scores = [result.aggregate, ...PER_HAZARD_IDS.map((id) => byHazard.get(id))].flatMap(scoreCells);
    const sources = apiVersionAtLeast(version, FLOOD_SOURCE_COLUMNS_SINCE)
      ? FLOOD_SOURCE_HAZARDS.map((id) => cell(byHazard.get(id)?.source?.type))
      : [];
    text += `${[...head, ...place, cell(item.location_name, true), cell(versions.dataset_version), cell(versions.methodology_version), ...scores, ...sources].join(",")}\r\n`;
  });
  return text;
}
