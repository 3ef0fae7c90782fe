/** Regional view (/dashboard/regional): its query, the table's sorting and the CSV of the table. Pure. */
import { HAZARDS, parseHazardId, type HazardId } from "../hazards/hazards";
import { isValidCombination, parsePeriod, parseScenario, type PeriodId, type ScenarioId } from "../hazards/scenarios";

export const REGIONAL_CSV_PATH = "/dashboard/regional.csv";
export const REGIONAL_DEFAULT_COUNTRY = "GB";

export const REGIONAL_SORT_KEYS = ["name", "code", "score"] as const;
export type RegionalSortKey = (typeof REGIONAL_SORT_KEYS)[number];
export type SortDirection = "asc" | "desc";

export interface RegionalQuery {
  country: string;
  hazardId: HazardId;
  scenario: ScenarioId;
  period: PeriodId;
  sort: RegionalSortKey;
  dir: SortDirection;
}

/** Query → selection; anything invalid falls back to a default rather than an error page. */
export function parseRegionalQuery(params: URLSearchParams): RegionalQuery {
  const code = (params.get("location_code") ?? "").trim().toUpperCase();
  const scenario = parseScenario(params.get("scenario") ?? "") ?? "rcp45";
  let period = parsePeriod(params.get("period") ?? "") ?? (scenario === "hist" ? "hist" : "2050");
  if (!isValidCombination(scenario, period)) period = scenario === "hist" ? "hist" : "2050";
  const sortParam = params.get("sort") as RegionalSortKey | null;
  const sort = sortParam && REGIONAL_SORT_KEYS.includes(sortParam) ? sortParam : "score";
  const dirParam = params.get("dir");
  const dir: SortDirection = dirParam === "asc" || dirParam === "desc" ? dirParam : sort === "score" ? "desc" : "asc";
  return {
    country: /^[A-Z]{2}$/.test(code) ? code : REGIONAL_DEFAULT_COUNTRY,
    hazardId: parseHazardId(params.get("hazard_id") ?? "") ?? "AL",
    scenario,
    period,
    sort,
    dir,
  };
}

/** The URL search of a query, named as in the API (`location_code`, `hazard_id`, `scenario`, `period`). */
export function regionalSearch(q: RegionalQuery, change: Partial<RegionalQuery> = {}): string {
  const v = { ...q, ...change };
  return new URLSearchParams({
    location_code: v.country,
    hazard_id: v.hazardId,
    scenario: v.scenario,
    period: v.period,
    sort: v.sort,
    dir: v.dir,
  }).toString();
}

export interface RegionalRow {
  code: string;
  name: string;
  score: number | null;
  value: number | null;
  label: string;
  colour: string;
  /** The caller may not read this region: no score or value, only its name and the way to order it. */
  locked: boolean;
}

/** Level text of a region the caller may not read (table, CSV). */
export const REGION_LOCKED_LABEL = "Not in your plan";

/** Sorted copy; rows without a score go last whatever the direction, ties by name. */
export function sortRegionalRows(
  rows: readonly RegionalRow[],
  sort: RegionalSortKey,
  dir: SortDirection,
): RegionalRow[] {
  const sign = dir === "asc" ? 1 : -1;
  const byName = (a: RegionalRow, b: RegionalRow) => a.name.localeCompare(b.name, "en");
  return [...rows].sort((a, b) => {
    if (sort === "score") {
      if (a.score === null || b.score === null) return a.score === b.score ? byName(a, b) : a.score === null ? 1 : -1;
      return sign * (a.score - b.score || (a.value ?? 0) - (b.value ?? 0)) || byName(a, b);
    }
    return sign * (sort === "code" ? a.code.localeCompare(b.code, "en") : byName(a, b));
  });
}

/** The direction a column header link sets: the other one when the column is already sorted. */
export function nextSortDirection(q: Pick<RegionalQuery, "sort" | "dir">, column: RegionalSortKey): SortDirection {
  if (q.sort === column) return q.dir === "asc" ? "desc" : "asc";
  return column === "score" ? "desc" : "asc";
}

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvCell(value: string | number | null): string {
  const text = value === null ? "" : typeof value === "number" ? String(value) : neutraliseCsvCell(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const REGIONAL_CSV_HEADER = [
  "region_code",
  "region_name",
  "hazard_id",
  "hazard_name",
  "scenario",
  "period",
  "score",
  "level",
  "value",
] as const;

export function regionalCsv(q: RegionalQuery, rows: readonly RegionalRow[]): string {
  const lines = [REGIONAL_CSV_HEADER.join(",")];
  for (const r of rows)
    lines.push(
      [
        r.code,
        r.name,
        q.hazardId,
        HAZARDS[q.hazardId].name,
        q.scenario,
        q.period,
        r.score,
        r.label,
        r.value === null ? null : Math.round(r.value * 1000) / 1000,
      ]
        .map(csvCell)
        .join(","),
    );
  return `${lines.join("\r\n")}\r\n`;
}

export function regionalCsvFilename(q: RegionalQuery): string {
  return `regional-${q.country}-${q.hazardId}-${q.scenario}-${q.period}.csv`;
}
