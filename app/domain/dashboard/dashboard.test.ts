import {
  PLACE_VIEW_TEXT,
  locationReportHref,
  placeTitle,
  unlockHrefs,
  CANT_GET_HAZARD_SCORES,
  cantGetHazardScores,
  formatCoordinates,
  snappedToLandNote,
  hasHazardList,
  hexagonFieldValue,
  mapPickHref,
  noDataLike,
  pairHazardScores,
  placeSelectOptions,
  NO_COUNTRY_LABEL,
  type ScoreItemLike,
} from "./dashboard";
import { defaultLocation, parseDashboardSelection } from "./dashboard-selection";

const item = (hazard_id: string, score: number | null): ScoreItemLike & { name: string } => ({
  hazard_id,
  name: `Hazard ${hazard_id}`,
  value: score === null ? null : score / 5 - 0.1,
  score,
  level: score === null ? null : `L${score}`,
  state: score === null ? "not_applicable" : "ok",
  explanation: { formula: "f" },
});
const scores = (...items: ReturnType<typeof item>[]) => ({ aggregate: item("AL", 3), hazards: items });

describe("coordinates", () => {
  it("rounds to 3 decimals and names the hemispheres", () => {
    expect(formatCoordinates(51.5074, -0.1278)).toBe("51.507°N, 0.128°W");
    expect(formatCoordinates(-33.8688, 151.2093)).toBe("33.869°S, 151.209°E");
  });
});

describe("default hexagon in the hexagon field", () => {
  it("shows the hexagon on show, else the default ordered hexagon, else nothing", () => {
    expect(hexagonFieldValue({ kind: "hexagon", code: "841fb47ffffffff" }, "84194adffffffff")).toBe("841fb47ffffffff");
    expect(hexagonFieldValue({ kind: "country", code: "GB" }, "84194adffffffff")).toBe("84194adffffffff");
    expect(hexagonFieldValue({ kind: "country", code: "GB" }, null)).toBe("");
  });
  it("follows a point on show: Köln's cell, never London's default id", () => {
    // a point resolves to the hexagon it lies in (loadDashboard); the field shows that cell
    expect(hexagonFieldValue({ kind: "hexagon", code: "841fa19ffffffff" }, "84194adffffffff")).toBe("841fa19ffffffff");
  });
  it("prefers the configured default hexagon among the ordered ones, else the first", () => {
    expect(defaultLocation({ country: [], region: [], hexagon: ["841fb47ffffffff", "84194adffffffff"] }).hexagon).toBe(
      "84194adffffffff",
    );
    expect(defaultLocation({ country: [], region: [], hexagon: ["841fb47ffffffff"] }).hexagon).toBe("841fb47ffffffff");
    expect(defaultLocation({ country: [], region: [], hexagon: [] }).hexagon).toBeNull();
  });
});

describe("hazard scores message and pairs", () => {
  it("keeps the spec's message text", () => {
    expect(CANT_GET_HAZARD_SCORES).toBe("Can`t get hazard scores hexagon");
  });
  it("shows the message only when neither response has a hazards list", () => {
    expect(cantGetHazardScores(null, null)).toBe(true);
    expect(cantGetHazardScores({ hazards: [] }, {})).toBe(true);
    expect(cantGetHazardScores(scores(item("FD", 2)), null)).toBe(false);
    expect(cantGetHazardScores(null, scores(item("FD", 2)))).toBe(false);
    expect(hasHazardList({ hazards: "FD" })).toBe(false);
  });
  it("pairs by hazard id and shows one side when the other failed, marked no data", () => {
    const hist = scores(item("FD", 2), item("HW", null));
    expect(pairHazardScores(null, null)).toEqual({ aggregate: null, hazards: [] });

    const onlyHist = pairHazardScores(hist, null);
    expect(onlyHist.hazards.map((p) => p.hist.hazard_id)).toEqual(["FD", "HW"]);
    expect(onlyHist.hazards[0]!.hist).toBe(hist.hazards[0]);
    expect(onlyHist.hazards[0]!.future).toMatchObject({
      hazard_id: "FD",
      name: "Hazard FD",
      score: null,
      value: null,
      level: null,
      state: "no_data",
    });
    expect(onlyHist.hazards[0]!.future.explanation).toBeUndefined();
    expect(onlyHist.aggregate!.future).toEqual(noDataLike(hist.aggregate));

    const future = scores(item("HW", 4), item("FD", 5));
    const both = pairHazardScores(hist, future);
    expect(both.hazards.map((p) => [p.hist.hazard_id, p.hist.score, p.future.score])).toEqual([
      ["FD", 2, 5],
      ["HW", null, 4],
    ]);
    const onlyFuture = pairHazardScores({ ...hist, hazards: [] }, future);
    expect(onlyFuture.hazards.map((p) => [p.hist.state, p.future.score])).toEqual([
      ["no_data", 4],
      ["no_data", 5],
    ]);
  });
});

describe("picking on the map", () => {
  it("sets location_code, keeps scenario, period and other params, and drops a point's lat/lon", () => {
    const current = new URLSearchParams("lat=51.5074&lon=-0.1278&duration=5&scenario=rcp26");
    const href = mapPickHref(current, { scenario: "rcp85", period: "2050" }, "84194adffffffff");
    const url = new URL(href, "http://x");
    expect(url.pathname).toBe("/dashboard");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      duration: "5",
      scenario: "rcp85",
      period: "2050",
      location_code: "84194adffffffff",
    });
  });
});

describe("snappedToLandNote", () => {
  it("says how far the point was from land and where it was scored", () => {
    expect(snappedToLandNote({ lat: 55.69167, lon: 12.625, distance_km: 2.349 })).toBe(
      "This point is in the water, 2.3 km from land: the scores are those of the nearest land, at 55.692°N, 12.625°E.",
    );
    expect(snappedToLandNote({ lat: -33.9, lon: 18.4, distance_km: 0.4 })).toMatch(/less than 1 km from land/);
  });
});

describe("place view", () => {
  it("names a place from the finest part to the country, each name once", () => {
    expect(placeTitle(["Chittagong", "Chattogram", "Bangladesh"])).toBe("Chittagong, Chattogram, Bangladesh");
    expect(placeTitle(["Lagos", "Lagos", "Nigeria"])).toBe("Lagos, Nigeria");
    expect(placeTitle([null, " Arizona ", undefined, "United States of America"])).toBe(
      "Arizona, United States of America",
    );
  });
  it("reads the unlock flag only for the levels that can be bought", () => {
    expect(parseDashboardSelection(new URLSearchParams("lat=22.3384&lon=91.8317&unlock=hexagon")).unlock).toBe(
      "hexagon",
    );
    expect(parseDashboardSelection(new URLSearchParams("unlock=region")).unlock).toBe("region");
    expect(parseDashboardSelection(new URLSearchParams("unlock=country")).unlock).toBeNull();
    expect(parseDashboardSelection(new URLSearchParams("")).unlock).toBeNull();
  });
  it("Cancel goes back to the place the unlock was opened from, with the dialog declined", () => {
    const before = new URLSearchParams("lat=22.3384&lon=91.8317&scenario=rcp85&period=2050");
    const { open } = unlockHrefs(before, "hexagon");
    expect(open).toBe("/dashboard?lat=22.3384&lon=91.8317&scenario=rcp85&period=2050&unlock=hexagon");
    const { cancel } = unlockHrefs(new URLSearchParams(open.split("?")[1]), "hexagon");
    expect(cancel).toBe(`/dashboard?${before}`);
    // a picked region opens the dialog by itself: Cancel says it was declined, so it does not reopen
    const region = unlockHrefs(new URLSearchParams("location_code=BD-B&unlock=region"), "region").cancel;
    expect(region).toBe("/dashboard?location_code=BD-B&unlock=none");
    expect(parseDashboardSelection(new URLSearchParams(region.split("?")[1]))).toMatchObject({
      unlock: null,
      unlockDismissed: true,
    });
    // a confirmed order returns to the place, now open, with no dialog state left in its URL
    expect(unlockHrefs(new URLSearchParams("location_code=BD-B&unlock=region"), "region").ordered).toBe(
      "/dashboard?location_code=BD-B",
    );
  });
  it("says what an order spends and what remains after it", () => {
    expect(PLACE_VIEW_TEXT.spend("hexagon", 50)).toBe("This uses 1 of your 50 hexagon orders; 49 will remain.");
    expect(PLACE_VIEW_TEXT.spend("region", 1)).toBe("This uses 1 of your 1 region order; 0 will remain.");
    expect(PLACE_VIEW_TEXT.finerLocked(["hexagon", "region"])).toBe(
      "The hexagon and region of this place are not in your plan yet.",
    );
  });
  it("prefills the single-location report with the point and the place's name", () => {
    const href = locationReportHref({ lat: 22.33841, lon: 91.83172 }, "Chittagong, Chattogram, Bangladesh");
    const url = new URL(href, "http://x");
    expect(url.pathname).toBe("/dashboard/location-report");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lat: "22.3384",
      lon: "91.8317",
      address: "Chittagong, Chattogram, Bangladesh",
    });
  });
});

describe("the scores heading names the level its figures are of", () => {
  it("never heads a country's figures with an inland place's name as if they were the place's", () => {
    const koeln = "Köln, Nordrhein-Westfalen, Germany";
    expect(PLACE_VIEW_TEXT.scoresHeading(koeln, { kind: "country", name: "Germany" })).toBe(
      "Hazard scores of Germany (country level), not of Köln, Nordrhein-Westfalen, Germany itself",
    );
    expect(PLACE_VIEW_TEXT.scoresHeading(koeln, { kind: "hexagon", name: "841fa19ffffffff" })).toBe(
      `Hazard scores: ${koeln} (hexagon level)`,
    );
    expect(PLACE_VIEW_TEXT.scoresHeading("Germany", { kind: "country", name: "Germany" })).toBe(
      "Hazard scores: Germany (country level)",
    );
    expect(PLACE_VIEW_TEXT.scoresHeading("", null)).toBe("Hazard scores");
  });

  it("heads a point's own scores as the point's, with its hexagon named as context, never as the hexagon's", () => {
    const heading = PLACE_VIEW_TEXT.scoresHeading(
      "Köln, Nordrhein-Westfalen, Germany",
      { kind: "hexagon", name: "Hexagon 841fa19ffffffff" },
      true,
    );
    expect(heading).toBe(
      "Hazard scores of this point: Köln, Nordrhein-Westfalen, Germany (in Hexagon 841fa19ffffffff)",
    );
    expect(heading).not.toMatch(/hexagon level|Hexagon-level/);
    const note = PLACE_VIEW_TEXT.shownLevel("hexagon", "Hexagon 841fa19ffffffff", true);
    expect(note).toBe(
      "Scores of this point, from its own drivers (in Hexagon 841fa19ffffffff; the hexagon's own scores may differ).",
    );
  });
});

describe("the country select", () => {
  const countries = [
    { country_code: "AF", country_name: "Afghanistan" },
    { country_code: "DE", country_name: "Germany" },
  ];
  it("has no country chosen for a point at sea: an empty first option, never Afghanistan", () => {
    const s = placeSelectOptions({ countries, regions: [], orderedRegions: [], country: null, location: null });
    expect(s.country.value).toBe("");
    expect(s.country.options[0]).toEqual({ value: "", label: NO_COUNTRY_LABEL });
  });
  it("shows the place's country, without the empty option", () => {
    const s = placeSelectOptions({
      countries,
      regions: [],
      orderedRegions: [],
      country: "DE",
      location: { kind: "country", code: "DE" },
    });
    expect(s.country.value).toBe("DE");
    expect(s.country.options.map((o) => o.value)).toEqual(["AF", "DE"]);
  });
});
