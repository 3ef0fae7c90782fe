import { describe, expect, it } from "vitest";
import { PER_HAZARD_IDS } from "../hazards/hazards";
import { SLOT_COUNT, slotIndex } from "../hazards/scenarios";
import {
  TAXONOMY_HAZARD_MAP,
  TAXONOMY_NOT_COVERED,
  cellFor,
  computeDisclosure,
  formatShare,
  taxonomyHazards,
} from "./disclosure";
import { assessedLocation, locationScores, portfolioReport } from "../../../tests/support/report-fixtures";

const slots = (hist: number | "na" | null, future: number | "na" | null) => [
  hist,
  ...Array(SLOT_COUNT - 1).fill(future),
];

describe("taxonomy mapping", () => {
  it("places every per-hazard id in exactly one cell of the grid", () => {
    const placed = PER_HAZARD_IDS.map((h) => TAXONOMY_HAZARD_MAP[h]);
    expect(placed).toHaveLength(11);
    const all = (["temperature", "wind", "water", "solid_mass"] as const).flatMap((c) =>
      (["chronic", "acute"] as const).flatMap((t) => taxonomyHazards(c, t)),
    );
    expect([...all].sort()).toEqual([...PER_HAZARD_IDS].sort());
  });

  it("maps the hazards to the Appendix A cells", () => {
    expect(taxonomyHazards("temperature", "acute").sort()).toEqual(["CS", "HW", "WF"]);
    expect(taxonomyHazards("water", "chronic").sort()).toEqual(["PC", "SL"]);
    expect(taxonomyHazards("water", "acute").sort()).toEqual(["DR", "ER", "FD", "SS"]);
    expect(taxonomyHazards("wind", "acute")).toEqual(["TC"]);
    expect(taxonomyHazards("solid_mass", "acute")).toEqual(["LS"]);
    for (const key of Object.keys(TAXONOMY_NOT_COVERED)) {
      const [c, t] = key.split(":") as ["temperature", "chronic"];
      expect(taxonomyHazards(c, t)).toEqual([]);
    }
  });
});

describe("computeDisclosure", () => {
  const locations = [
    // FR, weight 100: river flood High in the future only
    assessedLocation({
      rowNumber: 2,
      countryCode: "FR",
      weight: 100,
      scores: locationScores(0.1, { FD: slots(0.1, 0.45) }),
    }),
    // FR, weight 300: river flood Extreme everywhere, storm surge not applicable
    assessedLocation({
      rowNumber: 3,
      countryCode: "FR",
      weight: 300,
      scores: locationScores(0.1, { FD: 0.9, SS: "na" }),
    }),
    // DE, weight 600: everything Low, sea-level rise no data
    assessedLocation({ rowNumber: 4, countryCode: "DE", weight: 600, scores: locationScores(0.1, { SL: null }) }),
    // DE, weight missing: heat wave Severe
    assessedLocation({ rowNumber: 5, countryCode: "DE", weight: null, scores: locationScores(0.1, { HW: 0.7 }) }),
    // excluded row: never counted in shares
    assessedLocation({ rowNumber: 6, status: "excluded", reason: "Point at sea", scores: null, countryCode: null }),
  ];

  it("counts shares of assets and of weighted value at High or above per hazard and slot", async () => {
    const t = await computeDisclosure(portfolioReport(locations));
    expect(t.totals).toEqual({ rows: 5, validAssets: 4, excludedAssets: 1, weight: 1000, missingWeight: 1 });
    const fd = t.hazards.find((r) => r.hazardId === "FD")!;
    const hist = cellFor(fd.cells, "hist", "hist")!;
    expect(hist).toMatchObject({
      assets: 4,
      assetsAtRisk: 1,
      shareAssets: 0.25,
      weight: 1000,
      weightAtRisk: 300,
      shareWeight: 0.3,
    });
    const future = cellFor(fd.cells, "rcp85", "2050")!;
    expect(future).toMatchObject({ assetsAtRisk: 2, shareAssets: 0.5, weightAtRisk: 400, shareWeight: 0.4 });
    const hw = t.hazards.find((r) => r.hazardId === "HW")!;
    // the heat-wave site has no weight: counted in the asset share, adds nothing to the value share
    expect(cellFor(hw.cells, "rcp45", "2030")).toMatchObject({
      assetsAtRisk: 1,
      shareAssets: 0.25,
      weightAtRisk: 0,
      shareWeight: 0,
    });
    const sl = t.hazards.find((r) => r.hazardId === "SL")!;
    expect(cellFor(sl.cells, "hist", "hist")).toMatchObject({ noData: 1, assetsAtRisk: 0 });
    // not applicable is a known state, not missing data
    const ss = t.hazards.find((r) => r.hazardId === "SS")!;
    expect(cellFor(ss.cells, "hist", "hist")).toMatchObject({ noData: 0, assetsAtRisk: 0 });
  });

  it("splits by country", async () => {
    const t = await computeDisclosure(portfolioReport(locations));
    expect(t.countries.map((c) => [c.countryCode, c.assets, c.weight])).toEqual([
      ["DE", 2, 600],
      ["FR", 2, 400],
    ]);
    const fr = t.countries.find((c) => c.countryCode === "FR")!;
    const fd = fr.hazards.find((r) => r.hazardId === "FD")!;
    expect(cellFor(fd.cells, "rcp26", "2040")).toMatchObject({ assetsAtRisk: 2, shareAssets: 1, shareWeight: 1 });
    expect(cellFor(fd.cells, "hist", "hist")).toMatchObject({ assetsAtRisk: 1, shareAssets: 0.5, shareWeight: 0.75 });
    const de = t.countries.find((c) => c.countryCode === "DE")!;
    expect(cellFor(de.hazards.find((r) => r.hazardId === "HW")!.cells, "hist", "hist")).toMatchObject({
      shareAssets: 0.5,
      shareWeight: 0,
    });
  });

  it("fills the taxonomy grid and the acute / chronic totals; an asset at risk in two hazards of a cell counts once", async () => {
    const both = assessedLocation({
      rowNumber: 7,
      countryCode: "FR",
      weight: 0,
      scores: locationScores(0.1, { FD: 0.5, ER: 0.5, SL: 0.65 }),
    });
    const t = await computeDisclosure(portfolioReport([...locations, both]));
    const waterAcute = t.taxonomy.find((r) => r.category === "water" && r.type === "acute")!;
    expect(cellFor(waterAcute.cells, "hist", "hist")).toMatchObject({ assets: 5, assetsAtRisk: 2 });
    const waterChronic = t.taxonomy.find((r) => r.category === "water" && r.type === "chronic")!;
    expect(cellFor(waterChronic.cells, "hist", "hist")!.assetsAtRisk).toBe(1);
    const tempChronic = t.taxonomy.find((r) => r.category === "temperature" && r.type === "chronic")!;
    expect(tempChronic.hazards).toEqual([]);
    expect(tempChronic.notCovered).toMatch(/not scored/);
    const acute = t.acuteChronic.find((r) => r.type === "acute")!;
    // FD site (row 3), HW site (row 5), row 7
    expect(cellFor(acute.cells, "hist", "hist")!.assetsAtRisk).toBe(3);
    expect(cellFor(acute.cells, "rcp45", "2050")!.assetsAtRisk).toBe(4);
  });

  it("keeps the audit trail and names countries from the request stats", async () => {
    const report = portfolioReport(locations, {
      weightingColumn: "Insured value",
      inputFile: { name: "book.xlsx", sha256: "f".repeat(64) },
    });
    report.output_request_stats.locations.countries = [{ country_code: "FR", country_name: "France", asset_number: 2 }];
    const t = await computeDisclosure(report);
    expect(t.audit).toMatchObject({
      preparedBy: "Risk Team <risk@example.com>",
      inputFileName: "book.xlsx",
      inputFileSha256: "f".repeat(64),
      weightingColumn: "Insured value",
      datasetVersion: "1.0.0",
    });
    expect(t.countries.find((c) => c.countryCode === "FR")!.countryName).toBe("France");
  });

  it("reads locations from an async stream and answers n/a for an empty portfolio", async () => {
    async function* none() {}
    const t = await computeDisclosure({ ...portfolioReport([]), locations: none });
    expect(t.totals.validAssets).toBe(0);
    expect(t.hazards[0]!.cells[slotIndex("hist", "hist")]!.shareAssets).toBeNull();
    expect(formatShare(null)).toBe("n/a");
    expect(formatShare(0.3333)).toBe("33.3%");
  });
});
