import { describe, expect, it } from "vitest";
import {
  neutraliseCsvCell,
  nextSortDirection,
  parseRegionalQuery,
  regionalCsv,
  regionalSearch,
  sortRegionalRows,
  type RegionalRow,
} from "./regional";

const row = (
  code: string,
  name: string,
  score: number | null,
  value: number | null = score === null ? null : score / 5 - 0.1,
): RegionalRow => ({
  code,
  name,
  score,
  value,
  label: String(score),
  colour: "#000000",
  locked: false,
});

describe("regional query", () => {
  it("reads the API names and falls back to defaults", () => {
    const q = parseRegionalQuery(
      new URLSearchParams("location_code=fr&hazard_id=FD&scenario=rcp85&period=2030&sort=name"),
    );
    expect(q).toEqual({ country: "FR", hazardId: "FD", scenario: "rcp85", period: "2030", sort: "name", dir: "asc" });
    const d = parseRegionalQuery(
      new URLSearchParams("location_code=xyz&hazard_id=??&scenario=hist&period=2050&sort=drop"),
    );
    expect(d).toMatchObject({
      country: "GB",
      hazardId: "AL",
      scenario: "hist",
      period: "hist",
      sort: "score",
      dir: "desc",
    });
    expect(parseRegionalQuery(new URLSearchParams(regionalSearch(q)))).toEqual(q);
  });
  it("flips the direction of the sorted column only", () => {
    expect(nextSortDirection({ sort: "name", dir: "asc" }, "name")).toBe("desc");
    expect(nextSortDirection({ sort: "name", dir: "asc" }, "score")).toBe("desc");
    expect(nextSortDirection({ sort: "score", dir: "desc" }, "code")).toBe("asc");
  });
});

describe("regional sorting", () => {
  const rows = [
    row("GB-B", "Beta", 2),
    row("GB-A", "Alpha", 5),
    row("GB-C", "Gamma", null),
    row("GB-D", "Delta", 2, 0.35),
  ];
  it("sorts by level, unscored last in both directions", () => {
    expect(sortRegionalRows(rows, "score", "desc").map((r) => r.code)).toEqual(["GB-A", "GB-D", "GB-B", "GB-C"]);
    expect(sortRegionalRows(rows, "score", "asc").map((r) => r.code)).toEqual(["GB-B", "GB-D", "GB-A", "GB-C"]);
  });
  it("sorts by name and code", () => {
    expect(sortRegionalRows(rows, "name", "asc").map((r) => r.name)).toEqual(["Alpha", "Beta", "Delta", "Gamma"]);
    expect(sortRegionalRows(rows, "code", "desc").map((r) => r.code)).toEqual(["GB-D", "GB-C", "GB-B", "GB-A"]);
  });
});

describe("regional CSV", () => {
  it("neutralises formula cells", () => {
    for (const v of ["=1+1", "+1", "-1", "@SUM(A1)"]) expect(neutraliseCsvCell(v)).toBe(`'${v}`);
    expect(neutraliseCsvCell("London")).toBe("London");
  });
  it("writes a header and one quoted, neutralised line per row", () => {
    const q = parseRegionalQuery(new URLSearchParams("location_code=GB&hazard_id=FD"));
    const csv = regionalCsv(q, [row("GB-X", '=HYPERLINK("x")', 3, 0.5), row("GB-Y", "Tyne, Wear", null)]);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("region_code,region_name,hazard_id,hazard_name,scenario,period,score,level,value");
    expect(lines[1]).toBe(`GB-X,"'=HYPERLINK(""x"")",FD,River flood,rcp45,2050,3,3,0.5`);
    expect(lines[2]).toBe('GB-Y,"Tyne, Wear",FD,River flood,rcp45,2050,,null,');
  });
});
