import path from "node:path";
import { renderToString } from "react-dom/server";
import { loadRiskEngine } from "~/risk/engine/load-engine.server";
import { SLOTS, slotWarmingLabel, type FuturePeriodId, type FutureScenarioId } from "~/domain/hazards/scenarios";
import { warmingLabel } from "~/domain/dashboard/dashboard";
import { bandMeanings } from "~/risk/explain/band-meanings";
import { cardBandMeanings } from "../band-meaning.server";
import { ScoreCard } from "./score-card";
import { explanationHtml } from "./score-explanation.server";
import type { HazardScoreItem } from "~/risk/types";

const item: HazardScoreItem = {
  hazard_id: "FD",
  name: "River flood",
  colour: "#000",
  value: 0.7,
  score: 4,
  level: "S",
  confidence: "proxy",
  applicable: true,
  state: "ok",
  explanation: {
    summary:
      "This hexagon has 38 % of its land in the floodplain of a river draining 12,000 km² (mean flow about 430 m³/s); that is Severe.",
    drivers: [
      { label: "share of land in a river floodplain", value: 38.4, unit: "%" },
      { label: "drainage area of the largest river", value: 12345, unit: "km²" },
    ],
    formula: "1.2 × √(floodplain × size)",
    inputs: {
      upstreamKm2: { value: 12345, unit: "km²", label: "drainage area of the largest river" },
      tJul: { value: 28.1, unit: "°C", label: "July mean temperature" },
    },
    steps: [{ name: "river factor", value: 0.61 }],
  },
};

/** Text of rendered HTML: comments between React text nodes and entities removed. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

describe("the score card's explanation", () => {
  it("leads with the plain sentence, shows the drivers with units, and keeps the formula and inputs behind Show the calculation", () => {
    const html = text(
      renderToString(
        <ScoreCard
          hist={item}
          future={item}
          futureLabel="RCP8.5 2050"
          warming={null}
          why={explanationHtml(item, "3.0.0")}
        />,
      ),
    );
    const summaryAt = html.indexOf("This hexagon has 38 %");
    const driversAt = html.indexOf("drainage area of the largest river");
    const showAt = html.indexOf("Show the calculation");
    expect(summaryAt).toBeGreaterThan(0);
    expect(driversAt).toBeGreaterThan(summaryAt);
    expect(showAt).toBeGreaterThan(driversAt);
    // the short table: drivers with units, thousands with commas
    expect(html.slice(driversAt, showAt)).toContain("12,345 km²");
    expect(html.slice(summaryAt, showAt)).toContain("share of land in a river floodplain</th><td>38.4 %");
    expect(html.slice(summaryAt, showAt)).not.toContain("July mean temperature");
    // the formula, the steps and every input sit inside the inner <details>, after its summary
    const inner = html.slice(html.lastIndexOf("<details", showAt));
    expect(inner).toMatch(
      /^<details><summary[^>]*>Show the calculation<\/summary><p>1\.2 × √\(floodplain × size\)<\/p>/,
    );
    expect(inner).toContain("river factor");
    expect(inner).toContain("July mean temperature");
    expect(html.indexOf("1.2 × √")).toBeGreaterThan(showAt);
  });

  const dataDir = path.resolve(__dirname, "../../../../data");
  it("shows the engine's own sentence and drivers for a real place", () => {
    const e = loadRiskEngine(dataDir);
    const at = (s: string, p: string) => {
      const r = e.pointHazards(30.04, 31.24, s, p, { explain: true, place: { kind: "point", name: "Cairo" } });
      if (r.status !== "ok") throw new Error(r.message);
      return r.hazards.find((h) => h.hazard_id === "HW")!;
    };
    const future = at("rcp85", "2050");
    const html = text(
      renderToString(
        <ScoreCard
          hist={at("hist", "hist")}
          future={future}
          futureLabel="RCP8.5 2050"
          warming="+2.3 °C"
          why={explanationHtml(future, "3.0.0")}
        />,
      ),
    );
    const summary = future.explanation!.summary!;
    expect(summary).toMatch(/^Cairo's hexagon has a hottest month whose days reach/);
    expect(html).toContain(summary);
    const showAt = html.indexOf("Show the calculation");
    for (const d of future.explanation!.drivers!) {
      const at = html.indexOf(d.label);
      expect(at, d.label).toBeGreaterThan(html.indexOf(summary));
      expect(at, d.label).toBeLessThan(showAt);
    }
  });

  it("states what each score's band means, from the formula's thresholds, on the card and in Why this score", () => {
    const e = loadRiskEngine(dataDir);
    const at = (s: string, p: string) => {
      const r = e.pointHazards(30.04, 31.24, s, p, { explain: true, place: { kind: "point", name: "Cairo" } });
      if (r.status !== "ok") throw new Error(r.message);
      return r;
    };
    const hist = at("hist", "hist"),
      future = at("rcp85", "2050");
    const meanings = cardBandMeanings(hist.hazards, future.hazards);
    expect(meanings.AL).toBeUndefined();
    const hwH = hist.hazards.find((h) => h.hazard_id === "HW")!,
      hwF = future.hazards.find((h) => h.hazard_id === "HW")!;
    const bands = bandMeanings().HW;
    expect(meanings.HW).toEqual({
      quantity: bands.quantity,
      where: null,
      hist: bands.bands[hwH.score! - 1]!.meaning,
      future: bands.bands[hwF.score! - 1]!.meaning,
    });
    const html = text(
      renderToString(
        <ScoreCard
          hist={hwH}
          future={hwF}
          futureLabel="RCP8.5 2050"
          warming={warmingLabel("rcp85", "2050")}
          why={explanationHtml(hwF, "4.0.0")}
          meaning={meanings.HW}
        />,
      ),
    );
    expect(html).toContain(`Levels read on ${bands.quantity}`);
    expect(html).not.toContain("the ranges below hold for a place");
    expect(html).toContain(meanings.HW!.hist!);
    expect(html).toContain(meanings.HW!.future!);
    // the card's band agrees with the driver the explanation states: the hottest month's mean daily maximum
    const tMax = hwF.explanation!.steps.find((st) => st.name === "hottest-month mean daily maximum")!.value;
    const band = bands.bands[hwF.score! - 1]!;
    expect(tMax).toBeGreaterThanOrEqual((band.from ?? -Infinity) - 0.05);
    expect(tMax).toBeLessThan((band.to ?? Infinity) + 0.05);
    // every level's meaning is listed in Why this score
    for (const b of bands.bands)
      expect(html).toContain(`${b.score} ${b.label} (value ≥ ${b.score === 1 ? 0 : (b.score - 1) / 5}): ${b.meaning}`);
  });

  it("one warming figure per slot: the card's label is the one every explanation of that slot names", () => {
    const e = loadRiskEngine(dataDir);
    for (const slot of SLOTS.filter((s) => s.scenario !== "hist")) {
      const label = warmingLabel(slot.scenario as FutureScenarioId, slot.period as FuturePeriodId);
      expect(label).toBe(slotWarmingLabel(slot.scenario, slot.period));
      expect(label).toMatch(/^\+\d\.\d\d °C global warming above 1850-1900$/);
      const r = e.pointHazards(30.04, 31.24, slot.scenario, slot.period, {
        explain: true,
        place: { kind: "point", name: "Cairo" },
      });
      if (r.status !== "ok") throw new Error(r.message);
      for (const h of r.hazards.filter(
        (x) => x.state === "ok" && ["HW", "CS", "ER", "DR", "PC"].includes(x.hazard_id),
      )) {
        const summary = h.explanation!.summary!;
        expect(summary, `${h.hazard_id} ${slot.scenario} ${slot.period}`).toContain(label);
        // no other figure of global warming above 1850-1900 appears
        const figures = [...summary.matchAll(/\+(\d\.\d+) °C global warming above 1850-1900/g)].map((m) => m[1]);
        expect(new Set(figures), summary).toEqual(new Set([label.slice(1, 5)]));
      }
    }
  });

  it("says beside the scores where the inputs cannot see the hazard, and nothing where they can", () => {
    const engine = loadRiskEngine(path.resolve(__dirname, "../../../../data"), { points: true });
    const card = (lat: number, lon: number) => {
      const hist = engine.pointHazards(lat, lon, "hist", "hist");
      const future = engine.pointHazards(lat, lon, "rcp85", "2050");
      if (hist.status !== "ok" || future.status !== "ok") throw new Error("no scores");
      const er = (r: typeof hist) => r.hazards.find((h) => h.hazard_id === "ER")!;
      return text(
        renderToString(
          <ScoreCard hist={er(hist)} future={er(future)} futureLabel="RCP8.5 2050" warming={null} why={null} />,
        ),
      );
    };
    // Paiporta (Valencia), flooded by an autumn storm in October 2024
    expect(card(39.43, -0.42)).toMatch(
      /Limited here: <\/span>The inputs hold July and December rain only\. In this winter-rain climate/,
    );
    expect(card(50.94, 6.96)).not.toContain("Limited here");
    // river flood: Paris's centre, in the Seine's floodplain only within the grid's height error
    const hist = engine.pointHazards(48.86, 2.35, "hist", "hist"),
      future = engine.pointHazards(48.86, 2.35, "rcp85", "2050");
    if (hist.status !== "ok" || future.status !== "ok") throw new Error("no scores");
    const fd = (r: typeof hist) => r.hazards.find((h) => h.hazard_id === "FD")!;
    const meaning = cardBandMeanings(hist.hazards, future.hazards).FD!;
    const html = text(
      renderToString(
        <ScoreCard
          hist={fd(hist)}
          future={fd(future)}
          futureLabel="RCP8.5 2050"
          warming={null}
          why={null}
          meaning={meaning}
        />,
      ),
    );
    expect(html).toMatch(/Limited here: <\/span>The 3\.7 km grid reads this point \d+ m above the channel/);
    // its bands' flows hold for a wide floodplain in a wet climate, which the card says beside them
    expect(meaning.where).toBe(bandMeanings().FD.where);
    expect(html).toContain(
      `Levels read on ${bandMeanings().FD.quantity}; the ranges below hold for a place with 30 % or more of the land in its floodplain`,
    );
  });
});
