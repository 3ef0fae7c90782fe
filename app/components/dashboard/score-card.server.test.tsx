import { renderToString } from "react-dom/server";
import { ScoreCard } from "./score-card";
import type { HazardScoreItem } from "~/risk/types";

const item: HazardScoreItem = {
  hazard_id: "FD", name: "River flood", colour: "#000", value: 0.7, score: 4, level: "S", confidence: "proxy", applicable: true, state: "ok",
  explanation: {
    summary: "This hexagon has 38 % of its land in the floodplain of a river draining 12,000 km² (mean flow about 430 m³/s); that is Severe.",
    formula: "1.2 × √(floodplain × size)",
    inputs: { upstreamKm2: { value: 12000, unit: "km²", label: "drainage area of the largest river" } },
    steps: [{ name: "river factor", value: 0.61 }],
  },
};

describe("the score card's explanation", () => {
  it("leads with the plain sentence, shows the drivers with units, and keeps the formula behind Show the calculation", () => {
    const html = renderToString(<ScoreCard hist={item} future={item} futureLabel="RCP8.5 2050" warming={null} datasetVersion="3.0.0" />);
    const summaryAt = html.indexOf("This hexagon has 38 %");
    const driversAt = html.indexOf("drainage area of the largest river");
    const calcAt = html.indexOf("<summary");
    const showAt = html.indexOf("Show the calculation");
    expect(summaryAt).toBeGreaterThan(0);
    expect(driversAt).toBeGreaterThan(summaryAt);
    expect(html).toMatch(/12000<!-- --> <!-- -->km²/);
    // the formula and the steps sit inside the inner <details>, after its summary
    const inner = html.slice(html.lastIndexOf("<details", showAt));
    expect(html.slice(calcAt)).toContain("Show the calculation");
    expect(inner).toMatch(/^<details><summary[^>]*>Show the calculation<\/summary><p>1\.2 × √\(floodplain × size\)<\/p>/);
    expect(inner).toContain("river factor");
    expect(html.indexOf("1.2 × √")).toBeGreaterThan(showAt);
  });
});
