import { describe, expect, it } from "vitest";
import { PER_HAZARD_IDS } from "../../hazards/hazards";
import { parse as parseCsv } from "csv-parse/sync";
import { API_VERSIONS } from "../api-versions";
import { BATCH_CSV_COLUMNS, BATCH_CSV_HEADER, batchCsvColumns, batchCsvRows, type CsvItem } from "./batch-csv";

const slots = [
  { scenario: "hist", period: "hist", warming_c: null },
  { scenario: "rcp85", period: "2050", warming_c: 2.31 },
];
const versions = { dataset_version: "d1", methodology_version: "m1" };
const score = (hazard_id: string, value: number | null) => ({
  hazard_id,
  value,
  score: value === null ? null : 2,
  level: value === null ? null : "Moderate",
  state: value === null ? "not_applicable" : "ok",
});

describe("batch CSV rows", () => {
  it("has a header naming the aggregate and every hazard's value, score, level and state", () => {
    expect(BATCH_CSV_HEADER.split(",")).toEqual(BATCH_CSV_COLUMNS);
    expect(BATCH_CSV_COLUMNS.slice(0, 5)).toEqual(["index", "id", "status", "code", "error"]);
    for (const id of ["AL", ...PER_HAZARD_IDS]) expect(BATCH_CSV_COLUMNS).toContain(`${id}_state`);
  });

  it("writes one row per slot, the hazard columns by id, and quotes and guards text", () => {
    const item: CsvItem = {
      index: 0,
      id: "=cmd|' /C calc'!A0",
      status: "ok",
      lat: 51.5,
      lon: -0.128,
      hexagon_code: "84194adffffffff",
      region_code: "GB-LND",
      country_code: "GB",
      snapped_to_land: null,
      location_type: "region",
      location_code: "GB-LND",
      location_name: 'London, "Greater"',
      results: slots.map((s, i) => ({
        scenario: s.scenario,
        period: s.period,
        aggregate: score("AL", 0.3 + i / 10),
        hazards: [score("SS", null), score("HW", 0.25)],
      })),
    };
    const rows = batchCsvRows(item, slots, versions).split("\r\n").filter(Boolean);
    expect(rows).toHaveLength(2);
    const cells = rows[1]!.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, ""));
    const at = (name: string) => cells[BATCH_CSV_COLUMNS.indexOf(name)];
    expect(at("id")).toBe("'=cmd|' /C calc'!A0");
    expect(at("location_name")).toBe('"London, ""Greater"""');
    expect(at("lon")).toBe("-0.128");
    expect(at("scenario")).toBe("rcp85");
    expect(at("warming_c")).toBe("2.31");
    expect(at("AL_value")).toBe("0.4");
    expect(at("HW_level")).toBe("Moderate");
    expect(at("SS_state")).toBe("not_applicable");
    expect(at("SS_value")).toBe("");
    expect(at("DR_state")).toBe("");
  });

  it('prints a point moved to land as coordinates: three columns in the newest version, one "lat,lon" cell in the first', () => {
    const item: CsvItem = {
      index: 0,
      id: null,
      status: "ok",
      lat: 51.4,
      lon: 1.6,
      hexagon_code: "84194adffffffff",
      region_code: "GB-KEN",
      country_code: "GB",
      snapped_to_land: { lat: 51.38, lon: 1.44, distance_km: 11.2 },
      location_type: "country",
      location_code: "GB",
      location_name: "United Kingdom",
      results: [{ scenario: "hist", period: "hist", aggregate: score("AL", 0.3), hazards: [] }],
    };
    const newest = batchCsvRows(item, slots.slice(0, 1), versions).trim().split(",");
    expect(newest.length).toBe(BATCH_CSV_COLUMNS.length);
    expect(
      ["snapped_lat", "snapped_lon", "snapped_distance_km"].map((c) => newest[BATCH_CSV_COLUMNS.indexOf(c)]),
    ).toEqual(["51.38", "1.44", "11.2"]);
    const first = API_VERSIONS[0];
    const columns = batchCsvColumns(first);
    const row = batchCsvRows(item, slots.slice(0, 1), versions, { version: first }).trim();
    expect(row).not.toContain("[object Object]");
    const [cells] = parseCsv(row) as string[][];
    expect(cells![columns.indexOf("snapped_to_land")]).toBe("51.38,1.44");
    expect(cells!.length).toBe(columns.length);
  });

  it("keeps the coordinates or code an error row was sent with", () => {
    const error = { index: 1, id: "p", status: "error", code: "at_sea", error: "The point is at sea" } as const;
    const row = batchCsvRows(error, slots.slice(0, 1), versions, { input: { lat: 0, lon: "-30.5" } })
      .trim()
      .split(",");
    expect(row[BATCH_CSV_COLUMNS.indexOf("lat")]).toBe("0");
    expect(row[BATCH_CSV_COLUMNS.indexOf("lon")]).toBe("-30.5");
    const coded = batchCsvRows({ ...error, code: "unknown_location" }, slots.slice(0, 1), versions, {
      input: { location_code: "ZZ-99" },
    })
      .trim()
      .split(",");
    expect(coded[BATCH_CSV_COLUMNS.indexOf("location_code")]).toBe("ZZ-99");
  });

  it("gives an item that could not be scored its error in every slot's row, scores empty", () => {
    const rows = batchCsvRows(
      { index: 3, id: null, status: "error", code: "at_sea", error: "The point is at sea" },
      slots,
      versions,
    )
      .split("\r\n")
      .filter(Boolean);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const cells = row.split(",");
      expect(cells).toHaveLength(BATCH_CSV_COLUMNS.length);
      expect(cells.slice(0, 5)).toEqual(["3", "", "error", "at_sea", "The point is at sea"]);
      expect(cells.slice(8).every((c) => c === "")).toBe(true);
    }
  });

  it("names where each row's river and coastal flood came from in the newest version, and not in the versions before", () => {
    const item: CsvItem = {
      index: 0,
      id: "a",
      status: "ok",
      lat: 50.94,
      lon: 6.96,
      hexagon_code: "841fa19ffffffff",
      region_code: "DE-NW",
      country_code: "DE",
      snapped_to_land: null,
      location_type: "point",
      location_code: "50.94,6.96",
      location_name: "Köln",
      results: slots.map((s, i) => ({
        scenario: s.scenario,
        period: s.period,
        aggregate: score("AL", 0.3),
        hazards: [
          { ...score("FD", i === 0 ? null : 0.6), source: { type: i === 0 ? "flood_depth_layer" : "screening_index" } },
          { ...score("SS", 0.1), source: { type: "screening_index" } },
          score("HW", 0.2),
        ],
      })),
    };
    const rows = parseCsv(batchCsvRows(item, slots, versions)) as string[][];
    const at = (row: string[], name: string) => row[BATCH_CSV_COLUMNS.indexOf(name)];
    expect(BATCH_CSV_COLUMNS.slice(-2)).toEqual(["FD_source", "SS_source"]);
    expect(rows.map((r) => [at(r, "FD_source"), at(r, "SS_source")])).toEqual([
      ["flood_depth_layer", "screening_index"],
      ["screening_index", "screening_index"],
    ]);
    for (const row of rows) expect(row).toHaveLength(BATCH_CSV_COLUMNS.length);
    for (const version of API_VERSIONS.slice(0, 2)) {
      const columns = batchCsvColumns(version);
      expect(columns).not.toContain("FD_source");
      const [old] = parseCsv(batchCsvRows(item, slots.slice(0, 1), versions, { version })) as string[][];
      expect(old).toHaveLength(columns.length);
    }
  });
});
