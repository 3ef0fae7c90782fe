import { hazardBarsLabel, hazardBarsUrl, levelPieLabel, levelPieUrl } from "./chart-images";
import { parseHazardBarsQuery, parseLevelPieQuery } from "./chart-images-query";

const bars = {
  title: "Heat wave",
  points: [
    { scenario: "hist", period: "hist", score: 2 },
    { scenario: "rcp45", period: "2050", score: 4 },
    { scenario: "rcp85", period: "2050", score: null },
  ],
};
const query = (url: string) => new URL(url, "http://x").searchParams;

describe("chart images", () => {
  it("carry a hazard's bars in the URL and read them back, unscored slots included", () => {
    const url = hazardBarsUrl(bars);
    expect(url).toMatch(/^\/charts\/hazard-bars\.svg\?t=Heat\+wave&p=hist\.hist\.2%2Crcp45\.2050\.4%2Crcp85\.2050\.$/);
    expect(parseHazardBarsQuery(query(url))).toEqual({ success: true, data: bars });
    expect(hazardBarsLabel(bars)).toBe("Heat wave: Historical (1950-1999) 2, RCP4.5 2050 4, RCP8.5 2050 not scored");
  });

  it("carry a pie's counts in the URL and read them back", () => {
    const pie = { title: "River flood", counts: { L: 3, M: 0, H: 1, S: 0, E: 0, none: 2 } };
    expect(parseLevelPieQuery(query(levelPieUrl(pie)))).toEqual({ success: true, data: pie });
    expect(levelPieLabel(pie)).toBe("River flood: Low: 3, High: 1, No score: 2");
    expect(levelPieLabel({ title: "Drought", counts: { L: 0, M: 0, H: 0, S: 0, E: 0, none: 0 } })).toBe(
      "Drought: no locations",
    );
  });

  it("refuse what is not a small chart: unknown slots, scores outside 1-5, too many points, a long title", () => {
    const bad = (params: Record<string, string>) => parseHazardBarsQuery(new URLSearchParams(params)).success;
    expect(bad({ t: "X", p: "hist.hist.2" })).toBe(true);
    expect(bad({ t: "X", p: "rcp99.2050.2" })).toBe(false);
    expect(bad({ t: "X", p: "hist.hist.6" })).toBe(false);
    expect(bad({ t: "X", p: Array.from({ length: 13 }, () => "hist.hist.1").join(",") })).toBe(false);
    expect(bad({ t: "x".repeat(61), p: "hist.hist.1" })).toBe(false);
    expect(bad({ p: "hist.hist.1" })).toBe(false);
    expect(parseLevelPieQuery(new URLSearchParams({ t: "X", c: "1.2.3" })).success).toBe(false);
    expect(parseLevelPieQuery(new URLSearchParams({ t: "X", c: "1.2.3.4.5.99999999" })).success).toBe(false);
  });
});
