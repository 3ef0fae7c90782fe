import { hazardBarsSvg, levelPieSvg } from "./chart-image.server";

describe("chart images drawn on the server", () => {
  it("are standalone SVG documents of the chart's size", () => {
    const bars = hazardBarsSvg({ title: "Drought", points: [{ scenario: "hist", period: "hist", score: 3 }] });
    expect(bars).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="280" height="170"/);
    const pie = levelPieSvg({ title: "Drought", counts: { L: 3, M: 1, H: 0, S: 0, E: 0, none: 0 } });
    expect(pie).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="180" height="180"/);
    expect(pie.match(/<path/g)!.length).toBe(2);
  });

  it("say so when there is nothing to count", () => {
    expect(levelPieSvg({ title: "Drought", counts: { L: 0, M: 0, H: 0, S: 0, E: 0, none: 0 } })).toContain(
      ">No locations</text>",
    );
  });
});
