import { renderToString } from "react-dom/server";
import { atRiskCount, SAMPLE_ASSET_NUMBER, SAMPLE_PIES, sampleTable } from "~/domain/portfolio/sample";
import { SamplePreview } from "./sample-preview";

describe("the sample placeholder of an empty scan", () => {
  it("has River Flood and Heat Wave pies whose shares add up to the sample portfolio", () => {
    expect(SAMPLE_PIES.map((p) => p.title)).toEqual(["River Flood", "Heat Wave"]);
    for (const p of SAMPLE_PIES) expect(Object.values(p.counts).reduce((a, b) => a + b, 0)).toBe(SAMPLE_ASSET_NUMBER);
  });

  it("its table's present column is what the pies show, and no scenario lowers the count", () => {
    for (const row of sampleTable()) {
      const pie = SAMPLE_PIES.find((p) => p.title === row.title)!;
      expect(row.atRisk[0]).toBe(atRiskCount(pie.counts));
      expect([...row.atRisk].sort((a, b) => a - b)).toEqual(row.atRisk);
      expect(Math.max(...row.atRisk)).toBeLessThanOrEqual(SAMPLE_ASSET_NUMBER);
    }
  });

  it("renders both pies and the table by hazard, year and RCP scenario, each labelled as a sample", () => {
    const html = renderToString(<SamplePreview />);
    expect(html).toContain("Sample data");
    expect(html).toContain("River Flood (sample)");
    expect(html).toContain("Heat Wave (sample)");
    expect(html).toMatch(/<caption[^>]*>Sample: /);
    for (const label of ["Historical (1950-1999)", "RCP2.6", "RCP4.5", "RCP8.5"])
      expect(html).toContain(`>${label}</th>`);
    expect(html.match(/<svg/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
  });
});
