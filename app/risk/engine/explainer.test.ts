import path from "node:path";
import { latLngToCell } from "h3-js";
import { loadRiskEngine, type RiskEngine } from "./load-engine.server";

const dataDir = path.resolve(__dirname, "../../../data");

describe("explanations on the committed dataset", () => {
  let e: RiskEngine;
  beforeAll(() => {
    e = loadRiskEngine(dataDir, { points: true });
  });

  it("explains a hexagon score with inputs and steps that reproduce it", () => {
    const r = e.pointHazards(23.81, 90.41, "rcp85", "2050", { explain: true });
    expect(r.status).toBe("ok");
    if (r.status !== "ok") return;
    const fd = r.hazards.find((h) => h.hazard_id === "FD")!;
    expect(fd.explanation?.inputs.tJul?.unit).toBe("°C");
    const last = fd.explanation!.steps.at(-1)!;
    expect(last.name).toBe("value");
    expect(Math.abs(last.value - fd.value!)).toBeLessThanOrEqual(0.003);
  });

  it("reads river flood High or above on delta and river cities, and says why in plain words", () => {
    // Chittagong on the Karnaphuli at the delta's edge, Bangkok in the Chao Phraya delta, Dresden on the Elbe
    for (const [name, lat, lon] of [
      ["Chittagong", 22.357, 91.783],
      ["Bangkok", 13.75, 100.5],
      ["Dresden", 51.05, 13.74],
    ] as const) {
      const r = e.pointHazards(lat, lon, "hist", "hist", { explain: true, place: { kind: "point", name } });
      if (r.status !== "ok") throw new Error(`${name}: ${r.message}`);
      const fd = r.hazards.find((h) => h.hazard_id === "FD")!;
      expect(fd.score, name).toBeGreaterThanOrEqual(3);
      // a point is scored from its own 2′ drivers: its floodplain (or low land joined to the sea, in a delta)
      expect(fd.explanation?.summary, name).toMatch(
        new RegExp(
          `^The point in ${name} (lies in the floodplain of a river draining [\\d,]+ km² \\(mean flow about [\\d,]+ m³/s\\): its own ground is [\\d,]+ m above that channel and [\\d.]+ km from it \\(2′ grid\\)|(is low-lying land|stands where \\d+ % of the land within about 4 km is low-lying and) joined to the sea \\(2′ grid\\))`,
        ),
      );
      expect(fd.explanation?.summary, name).toMatch(/that is (High|Severe|Extreme)\.$/);
    }
  });

  it("says why a hazard does not apply, in the hazard's own terms", () => {
    const note = (lat: number, lon: number, id: string) => {
      const r = e.pointHazards(lat, lon, "hist", "hist", { explain: true });
      if (r.status !== "ok") throw new Error(r.message);
      return r.hazards.find((h) => h.hazard_id === id)!.explanation?.note;
    };
    // Zurich: storm surge and sea level cannot reach it; precipitation change has no historical value
    expect(note(47.37, 8.54, "SS")).toMatch(/neither on the coast nor on low land/);
    expect(note(47.37, 8.54, "SL")).toMatch(/neither on the coast nor on low land/);
    expect(note(47.37, 8.54, "PC")).toMatch(/historical period/);
    // a hazard that applies carries the note of a point scored from its own drivers
    expect(note(47.37, 8.54, "HW")).toMatch(/^Scored at this point: /);
  });

  it("gives a point's inputs to six significant digits, without the float noise of blending pixels", () => {
    // Köln, between pixel centres: every input blended from four pixels or brought to the point's height
    const r = e.pointHazards(50.94, 6.96, "rcp85", "2050", { explain: true });
    if (r.status !== "ok") throw new Error(r.message);
    for (const h of r.hazards) {
      for (const [name, input] of Object.entries(h.explanation?.inputs ?? {})) {
        if (input.value === null) continue;
        const [, digits = ""] = /^-?(\d+(?:\.\d+)?)/.exec(Math.abs(input.value).toExponential())!;
        expect(digits.replace(".", "").length, `${h.hazard_id} ${name} ${input.value}`).toBeLessThanOrEqual(6);
      }
    }
  });

  it("says why a dry city centre reads wildfire Low: its built-up land, with how much of the fuel it leaves", () => {
    const wf = (r: ReturnType<RiskEngine["pointHazards"]> | ReturnType<RiskEngine["scores"]>) => {
      const h = ("hazards" in r ? r.hazards : []).find((x) => x.hazard_id === "WF")!;
      return { score: h.score, summary: h.explanation!.summary };
    };
    // Valencia's centre: seven dry months, and a city that Natural Earth's urban areas leave out (a GeoNames core)
    const valencia = wf(e.pointHazards(39.47, -0.376, "hist", "hist", { explain: true }));
    expect(valencia.score).toBe(1);
    expect(valencia.summary).toMatch(
      /dry months a year.*, but \d+ % of the land within about 4 km is built up, which leaves no wildland fuel to carry a fire; that is Low\./,
    );
    // Karachi's hexagon, a little over the threshold: thinned, and named by how much
    const karachi = wf(e.scores(latLngToCell(24.86, 67.01, 4), "hist", "hist", { explain: true }));
    expect(karachi.summary).toMatch(/% of this hexagon's land is built up, which thins its wildland fuel to \d+ %/);
    // open dry land says nothing of built-up land
    expect(wf(e.pointHazards(39.57, -1.2, "hist", "hist", { explain: true })).summary).not.toMatch(/built up/);
  });

  it("says beside extreme rainfall and drought where the July and December rain cannot see them", () => {
    const note = (r: ReturnType<RiskEngine["pointHazards"]> | ReturnType<RiskEngine["scores"]>, h: string) =>
      ("hazards" in r ? r.hazards : []).find((x) => x.hazard_id === h)?.confidence_note;
    // Paiporta, flooded by the autumn storm of October 2024: a winter-rain climate
    const paiporta = e.pointHazards(39.43, -0.42, "hist", "hist");
    expect(note(paiporta, "ER")).toMatch(/autumn storms/);
    expect(note(paiporta, "DR")).toMatch(/winter-rain climate/);
    expect(note(paiporta, "HW")).toBeUndefined();
    // Nairobi, with its long and short rains; Köln, with rain in every month
    expect(note(e.pointHazards(-1.29, 36.82, "rcp45", "2050"), "ER")).toMatch(/twice a year/);
    expect(note(e.pointHazards(50.94, 6.96, "rcp45", "2050"), "ER")).toBeUndefined();
    // a hexagon's answer says it from the hexagon's own inputs
    const r = e.pointHazards(39.43, -0.42, "hist", "hist");
    if (r.status !== "ok") throw new Error(r.message);
    expect(note(e.scores(r.location_code, "hist", "hist"), "ER")).toMatch(/autumn storms/);
  });

  it("says beside a point's river flood where the grid cannot tell its ground from a river bank or a terrace", () => {
    const fd = (r: ReturnType<RiskEngine["pointHazards"]>) => {
      if (r.status !== "ok") throw new Error(r.message);
      return { item: r.hazards.find((x) => x.hazard_id === "FD")!, hexagon: r.hexagon_code };
    };
    // Paris's centre: on the 2′ grid above the Seine's flood, inside it only within the grid's height error; its
    // distance is to the Seine's mapped line
    const paris = fd(e.pointHazards(48.86, 2.35, "hist", "hist"));
    expect(paris.item.score).toBeGreaterThanOrEqual(2);
    expect(paris.item.confidence_note).toMatch(
      /^The 3\.7 km grid reads this point \d+ m above the channel of a river draining [\d,]+ km², [\d.]+ km from its mapped line: higher than that river's floods reach on the grid \(\d+ m above the channel, 1 m less for each km away\)\. It counts in the floodplain only within the grid's height error here \(up to \d+ m\)/,
    );
    // Köln's old town, level with the Rhine's channel 1.5 km away: within the flood, no note
    const koeln = fd(e.pointHazards(50.94, 6.96, "hist", "hist"));
    expect(koeln.item.score).toBeGreaterThanOrEqual(3);
    expect(koeln.item.confidence_note).toBeUndefined();
    // a hexagon's river flood is a share of its land: no point's ground to doubt
    expect(
      e.scores(paris.hexagon, "hist", "hist").hazards.find((x) => x.hazard_id === "FD")!.confidence_note,
    ).toBeUndefined();
  });
});
