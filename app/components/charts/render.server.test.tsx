import { renderChartMarkup } from "./render.server";

const points = [
  { scenario: "hist", period: "hist", score: 2 },
  { scenario: "rcp26", period: "2030", score: 2 },
  { scenario: "rcp45", period: "2030", score: 3 },
  { scenario: "rcp85", period: "2030", score: 3 },
  { scenario: "rcp26", period: "2040", score: 3 },
  { scenario: "rcp45", period: "2040", score: 4 },
  { scenario: "rcp85", period: "2040", score: 4 },
  { scenario: "rcp26", period: "2050", score: 3 },
  { scenario: "rcp45", period: "2050", score: 4 },
  { scenario: "rcp85", period: "2050", score: null },
];

describe("charts drawn on the server", () => {
  it("draws one bar per scored slot, tallest for the highest score, named for screen readers", () => {
    const svg = renderChartMarkup("hazardBars", { title: "Heat wave", points });
    expect(svg).toContain("<svg");
    expect(svg).toContain('role="img"');
    expect(svg).toContain("Heat wave: Historical (1950-1999) 2, RCP2.6 2030 2");
    expect(svg).toContain("RCP8.5 2050 not scored");
    const bars = [
      ...svg.matchAll(
        /<g transform="translate\([\d.]+, ([\d.]+)\)"><rect width="[\d.]+" height="([\d.]+)"[^>]*data-testid="bar\.item/g,
      ),
    ];
    expect(bars).toHaveLength(9);
    const heights = bars.map((m) => Number(m[2]));
    // Score 4 bars are twice as tall as score 2 bars, and the fixed 1-5 scale leaves room above the tallest.
    expect(Math.max(...heights) / Math.min(...heights)).toBeCloseTo(2, 1);
    expect(Math.min(...bars.map((m) => Number(m[1])))).toBeGreaterThan(0);
    // Coordinates carry at most two decimals.
    expect(svg).not.toMatch(/\d\.\d{3}/);
    expect(svg).toContain(">Extreme<");
  });

  it("draws the level pie with its counts in words", () => {
    const svg = renderChartMarkup("riskPie", {
      title: "River flood",
      counts: { L: 3, M: 0, H: 1, S: 0, E: 0, none: 2 },
    });
    expect(svg).toContain("<svg");
    expect(svg).toContain("River flood: Low: 3, High: 1, No score: 2");
  });
});
