import path from "node:path";
import { HAZARDS, HAZARD_IDS, PER_HAZARD_IDS, type HazardId } from "~/domain/hazards/hazards";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import { SLOTS, warmingAboveBaseline } from "~/domain/hazards/scenarios";
import { loadRiskEngine, type RiskEngine } from "../engine/load-engine.server";
import {
  explainDrivers,
  explainSummary,
  fmt1,
  fmt2,
  fmtHalf,
  fmtInt,
  fmtSig2,
  pct,
  placeSubject,
  type ExplanationFacts,
} from "./explain-text";
import { LAND_AMPLIFICATION, LOW_LYING_M, REEF_ISLAND_TOP_M, STEP } from "../formulas";
import { ROLLUP_TOP_SHARE } from "../regions/rollup";
import type { HazardScoreItem } from "../types";

describe("number words", () => {
  it("writes thousands with commas, a true minus sign and fixed decimals", () => {
    expect(fmtInt(12000)).toBe("12,000");
    expect(fmtInt(1234567.4)).toBe("1,234,567");
    expect(fmtInt(-1500)).toBe("\u22121,500");
    expect(fmt1(-6.06)).toBe("\u22126.1");
    expect(fmt1(-0.04)).toBe("0.0");
    expect(fmt2(0.234)).toBe("0.23");
    expect(fmtSig2(31234)).toBe("31,000");
    expect(fmtSig2(0)).toBe("0");
    expect(pct(0.384)).toBe(38);
  });

  it("names the place level honestly", () => {
    expect(placeSubject({ kind: "country", name: "Bangladesh" })).toBe("Bangladesh");
    expect(placeSubject({ kind: "region", name: "Chattogram" })).toBe("Chattogram");
    expect(placeSubject({ kind: "hexagon" })).toBe("This hexagon");
    expect(placeSubject({ kind: "point" })).toBe("The point's hexagon");
    expect(placeSubject({ kind: "point", name: "Chittagong" })).toBe("Chittagong's hexagon");
  });
});

/** A synthetic explanation: inputs by field, steps by name. */
function facts(inputs: Record<string, number | null>, steps: Record<string, number>): ExplanationFacts {
  return {
    inputs: Object.fromEntries(
      Object.entries(inputs).map(([k, v]) => [
        k,
        { value: v, unit: k.endsWith("Km2") ? "km²" : k === "coastKm" ? "km" : "1", label: `label of ${k}` },
      ]),
    ),
    steps: Object.entries(steps).map(([name, value]) => ({ name, value })),
  };
}

describe("sentences from a synthetic explanation", () => {
  const base = { place: { kind: "hexagon" as const }, scenario: "hist" as const, period: "hist" as const };

  it("river flood reads its floodplain, river and level, and ignores drivers it does not know yet", () => {
    const f = facts(
      { floodplainShare: 0.38, lowShare: 0.1, upstreamKm2: 12_345, flowM3s: 431, relief: 50, someNewDriver: 7 },
      { [STEP.warming]: 0, [STEP.pWettest]: 200, [STEP.flashFactor]: 0 },
    );
    expect(explainSummary({ ...base, hazard: "FD", state: "ok", level: "Severe", facts: f })).toBe(
      "This hexagon has 38 % of its land in the floodplain of a river draining 12,000 km² (mean flow about 430 m³/s); that is Severe.",
    );
    const flash = facts(
      { floodplainShare: 0, lowShare: 0, upstreamKm2: 0, flowM3s: 0, relief: 1800 },
      { [STEP.warming]: 0, [STEP.pWettest]: 250, [STEP.flashFactor]: 0.6 },
    );
    expect(explainSummary({ ...base, hazard: "FD", state: "ok", level: "Moderate", facts: flash })).toBe(
      "This hexagon has no land in the floodplain of a river draining 1,000 km² or more, but its 1,800 m of relief with up to 250 mm of rain in the wetter of July and December brings flash floods; that is Moderate.",
    );
  });

  it("a future slot says what the warming adds, only where the formula warms", () => {
    const dT = 1.91;
    const f = facts(
      {},
      {
        [STEP.warming]: dT,
        [STEP.tHottest]: 30 + dT * LAND_AMPLIFICATION,
        [STEP.tHotMax]: 36 + dT * LAND_AMPLIFICATION,
      },
    );
    expect(
      explainSummary({
        ...base,
        scenario: "rcp85",
        period: "2050",
        hazard: "HW",
        state: "ok",
        level: "Severe",
        facts: f,
      }),
    ).toBe(
      "This hexagon has a hottest month whose days reach 36.0 °C on average in the baseline climate. +2.31 °C global warming above 1850-1900 (+1.9 °C since 1950-1999) by 2050 under RCP8.5 raises that by 2.8 °C over land, to 38.8 °C; that is Severe.",
    );
  });

  it("not applicable and no data have sentences of their own", () => {
    const inland = facts({ coastKm: 480, lowShare: 0 }, {});
    expect(explainSummary({ ...base, hazard: "SS", state: "not_applicable", level: null, facts: inland })).toBe(
      "This hexagon lies 480 km from the sea and is neither on the coast nor on low land joined to it, so storm surge does not apply there.",
    );
    expect(explainSummary({ ...base, hazard: "PC", state: "not_applicable", level: null, facts: inland })).toMatch(
      /measured from the historical period/,
    );
    expect(
      explainSummary({
        ...base,
        place: { kind: "country", name: "Switzerland" },
        hazard: "SL",
        state: "not_applicable",
        level: null,
        facts: null,
      }),
    ).toBe(
      "Sea-level rise does not apply anywhere in Switzerland: none of its land is on the coast or on low land joined to it.",
    );
    const gap = facts({ tJul: null, tDec: 4 }, {});
    expect(explainSummary({ ...base, hazard: "HW", state: "no_data", level: null, facts: gap })).toBe(
      "The dataset holds no heat wave value for this hexagon: its label of tJul is missing, so it has no level.",
    );
  });

  it("a country or region is a rollup of its hexagons, said as such", () => {
    const s = explainSummary({
      place: { kind: "region", name: "Chattogram" },
      scenario: "rcp45",
      period: "2030",
      hazard: "TC",
      state: "ok",
      level: "High",
      facts: null,
    });
    expect(
      s.startsWith(
        `Chattogram's tropical cyclone level by 2030 under RCP4.5 (+1.45 °C global warming above 1850-1900 (+${fmt1(warmingAboveBaseline("rcp45", "2030"))} °C since 1950-1999)) is the weighted mean of its most exposed ${Math.round(ROLLUP_TOP_SHARE * 100)} % of land`,
      ),
      s,
    ).toBe(true);
    expect(s).toMatch(/; that is High\.$/);
  });
});

const dataDir = path.resolve(__dirname, "../../../data");

describe("sentences of real places through the engine", () => {
  let e: RiskEngine;
  beforeAll(() => {
    e = loadRiskEngine(dataDir, { points: true });
  });

  /** The sentences of a place's hexagon (a point's own sentences are tested below). */
  const explained = (name: string, lat: number, lon: number, h: HazardId, scenario = "hist", period = "hist") => {
    const loc = e.locate(lat, lon);
    if (loc.status !== "ok") throw new Error(`${name}: ${loc.message}`);
    const r = e.scores(loc.hexagon_code, scenario, period, { explain: true, place: { kind: "point", name } });
    const item = h === "AL" ? r.aggregate : r.hazards.find((x) => x.hazard_id === h)!;
    const x = item.explanation!;
    const step = (n: string) => x.steps.find((s) => s.name === n)!.value;
    const input = (k: string) => x.inputs[k]!.value!;
    return { item, text: x.summary!, step, input, drivers: x.drivers! };
  };
  /** The sentence starts with the place and ends with the item's own level. */
  const framed = (name: string, item: HazardScoreItem, text: string) => {
    expect(text.startsWith(`${name}'s hexagon `) || text.includes(`for ${name}'s hexagon`), text).toBe(true);
    expect(item.state).toBe("ok");
    expect(text.endsWith(`; that is ${RISK_LEVELS[item.score! - 1]!.label}.`), text).toBe(true);
  };

  it("FD Chittagong: the floodplain share and the river's drainage area", () => {
    const { item, text, input, drivers } = explained("Chittagong", 22.357, 91.783, "FD");
    framed("Chittagong", item, text);
    expect(text).toContain(
      `has ${pct(Math.max(input("floodplainShare"), input("lowShare")))} % of its land in the floodplain`,
    );
    expect(text).toContain(`draining ${fmtSig2(input("upstreamKm2"))} km²`);
    expect(drivers.find((d) => d.unit === "km²")?.value).toBe(Math.round(input("upstreamKm2")));
    expect(drivers.filter((d) => d.unit === "%").length).toBe(2);
  });

  it("HW Cairo: the hottest month today, and what +°C of warming adds by 2050 under RCP8.5", () => {
    const today = explained("Cairo", 30.04, 31.24, "HW");
    framed("Cairo", today.item, today.text);
    expect(today.text).toContain(`hottest month whose days reach ${fmt1(today.step(STEP.tHotMax))} °C on average;`);
    expect(today.step(STEP.tHotMax)).toBeGreaterThan(today.step(STEP.tHottest));
    const future = explained("Cairo", 30.04, 31.24, "HW", "rcp85", "2050");
    framed("Cairo", future.item, future.text);
    const dT = future.step(STEP.warming);
    expect(dT).toBeGreaterThan(1);
    expect(future.text).toContain(
      `+2.31 °C global warming above 1850-1900 (+${fmt1(dT)} °C since 1950-1999) by 2050 under RCP8.5 raises that by ${fmt1(dT * LAND_AMPLIFICATION)} °C over land, to ${fmt1(future.step(STEP.tHotMax))} °C`,
    );
    expect(future.drivers.at(-1)).toEqual({
      label: "global warming above the 1950-1999 climatology",
      value: Math.round(dT * 10) / 10,
      unit: "°C",
    });
  });

  it("WF Lagos: the dry season, the hottest month and the year's rain for fuel", () => {
    const { item, text, step } = explained("Lagos", 6.52, 3.38, "WF");
    framed("Lagos", item, text);
    expect(text).toContain(`has ${fmtHalf(step(STEP.dryMonths))} dry month`);
    expect(text).toContain(`a hottest month averaging ${fmt1(step(STEP.tWarmSeason))} °C`);
    expect(text).toContain(`about ${fmtInt(step(STEP.pFuel))} mm of rain a year`);
  });

  it("WF Yellowknife: a continental summer short of rain decides, and its shortfall is a driver", () => {
    const { item, text, step } = explained("Yellowknife", 62.45, -114.37, "WF");
    framed("Yellowknife", item, text);
    expect(step(STEP.wfContinental)).toBeGreaterThan(0);
    expect(text).toContain(`${fmtInt(step(STEP.annualRange))} °C from the coldest month to the hottest`);
    expect(text).toContain(
      `gets about ${fmtInt(step(STEP.pHotMonth))} mm of rain against ${fmtInt(step(STEP.petHotMonth))} mm of potential evaporation`,
    );
    expect(item.explanation!.formula).toContain("1 − Phot/PEThot");
    const shortfall = (item.explanation!.drivers ?? []).find((d) => d.label.startsWith("summer rain shortfall"));
    expect(shortfall?.value).toBeCloseTo(100 * step(STEP.summerShortfall), 0);
    // a maritime place takes no such path: no shortfall driver
    const lagos = explained("Lagos", 6.52, 3.38, "WF");
    const lagosDrivers = lagos.item.explanation!.drivers ?? [];
    expect(lagosDrivers.length).toBeGreaterThan(0);
    expect(lagosDrivers.some((d) => d.label.startsWith("summer rain shortfall"))).toBe(false);
  });

  it("TC Manila: the basin, the coast and the warm sea", () => {
    const { item, text, step, input } = explained("Manila", 14.6, 120.98, "TC");
    framed("Manila", item, text);
    const basin = item
      .explanation!.steps.find((x) => x.name.startsWith(`${STEP.tcBasin} (`))!
      .name.slice(STEP.tcBasin.length + 2, -1);
    expect(basin).toMatch(/Pacific/);
    expect(text).toContain(`lies in the ${basin} cyclone basin`);
    expect(text).toContain(input("coastKm") > 0 ? `${fmtInt(input("coastKm"))} km from the coast` : "on the coast");
    expect(text).toContain(`${fmtInt(step(STEP.tcSstMonths))} months a year`);
  });

  it("SS Rotterdam: low land below the extreme still water; SL Rotterdam: low land and sea-level rise", () => {
    const ss = explained("Rotterdam", 51.92, 4.48, "SS");
    framed("Rotterdam", ss.item, ss.text);
    expect(ss.text).toContain(`has ${pct(ss.input("lowShare"))} % of its land at or below 10 m`);
    // the level in metres: half the tidal range plus the storm surge, and the share of land below it
    expect(ss.step(STEP.highWater)).toBeCloseTo(ss.input("tideM") / 2, 2);
    expect(ss.text).toContain(
      `the extreme still water reaches ${fmt1(ss.step(STEP.esl))} m above today's mean sea level (${fmt1(ss.step(STEP.highWater))} m high water and a ${fmt1(ss.step(STEP.surge))} m surge), ${fmt1(ss.step(STEP.esl) - ss.step(STEP.highWater))} m above the high-tide line where the land begins, and covers ${pct(ss.step(STEP.shareBelowEsl))} % of its land`,
    );
    const sl = explained("Rotterdam", 51.92, 4.48, "SL", "rcp85", "2050");
    framed("Rotterdam", sl.item, sl.text);
    // the share of land below the slot's high-tide line: today's high water plus the rise above today's sea
    expect(sl.text).toContain(
      `${fmt2(sl.step(STEP.slr) - 0.2)} m of sea-level rise by 2050 under RCP8.5 lifts the high-tide line from ${fmt1(sl.step(STEP.highWater))} m above mean sea level, where the land begins, and brings ${pct(sl.step(STEP.shareBelowHighWater))} % of its land below it`,
    );
    expect(sl.step(STEP.shareBelowHighWater)).toBeGreaterThan(0);
    // in 1950-1999 no land lies below the high-tide line it begins at
    const slHist = explained("Rotterdam", 51.92, 4.48, "SL");
    expect(slHist.step(STEP.shareBelowHighWater)).toBe(0);
    expect(slHist.item.score).toBe(1);
    expect(slHist.text).toContain("none below today's high-tide line");
  });

  it("SS and SL Malé: a reef island, all of its land low and within 4 m of the sea", () => {
    const ss = explained("Malé", 4.175, 73.51, "SS");
    framed("Malé", ss.item, ss.text);
    expect(ss.input("lowTopM")).toBe(REEF_ISLAND_TOP_M);
    expect(ss.text).toContain(`is a reef island, all of its land low and within ${REEF_ISLAND_TOP_M} m of the sea`);
    const sl = explained("Malé", 4.175, 73.51, "SL", "rcp85", "2050");
    expect(sl.text).toContain("is a reef island");
    // a flat island within 4 m: the rise above today's takes the top of sea-level rise's scale by 2050
    expect(sl.item.score).toBe(4);
    // a mainland shore keeps the 10 m band
    expect(explained("Rotterdam", 51.92, 4.48, "SS").input("lowTopM")).toBe(LOW_LYING_M);
  });

  it("CS Oslo: the coldest month, with its minus sign", () => {
    const { item, text, step } = explained("Oslo", 59.91, 10.75, "CS");
    framed("Oslo", item, text);
    expect(step(STEP.tColdest)).toBeLessThan(0);
    expect(text).toContain(`coldest month averaging ${fmt1(step(STEP.tColdest))} °C`);
    expect(text).toContain("\u2212");
  });

  it("DR Madrid: rain against evaporation; LS Kathmandu: slope, relief and rain; ER Mumbai: the wettest month", () => {
    const dr = explained("Madrid", 40.42, -3.7, "DR");
    framed("Madrid", dr.item, dr.text);
    expect(dr.text).toContain(
      `about ${fmtInt(dr.step(STEP.pAnnual))} mm of rain a year against ${fmtInt(dr.step(STEP.pet))} mm of potential evaporation (aridity index ${fmt2(dr.step(STEP.aridity))})`,
    );
    const ls = explained("Kathmandu", 27.7, 85.3, "LS");
    framed("Kathmandu", ls.item, ls.text);
    expect(ls.text).toContain(
      `mean slope of ${fmt1(ls.input("slopeMean"))}° and ${fmtInt(ls.input("relief"))} m of relief, with up to ${fmtInt(ls.step(STEP.pWettest))} mm`,
    );
    const er = explained("Mumbai", 19.07, 72.88, "ER");
    framed("Mumbai", er.item, er.text);
    expect(er.text).toContain(`up to ${fmtInt(er.step(STEP.pWettest))} mm of rain`);
  });

  it("PC in a future slot: the screening change with the warming that drives it", () => {
    const { item, text, step } = explained("Madrid", 40.42, -3.7, "PC", "rcp45", "2040");
    expect(text).toContain(
      `With +1.68 °C global warming above 1850-1900 (+${fmt1(step(STEP.warming))} °C since 1950-1999) by 2040 under RCP4.5, Madrid's hexagon reads ${pct(step(STEP.pcChange))} on the precipitation-change screening index`,
    );
    expect(text.endsWith(`that is ${RISK_LEVELS[item.score! - 1]!.label}.`)).toBe(true);
  });

  it("AL: names the three hazards it averages", () => {
    const { item, text, step } = explained("Chittagong", 22.357, 91.783, "AL");
    framed("Chittagong", item, text);
    const top = PER_HAZARD_IDS.filter((h) => item.explanation!.steps.some((s) => s.name === h))
      .sort((a, b) => step(b) - step(a))
      .slice(0, 3);
    for (const h of top) expect(text).toContain(HAZARDS[h].name.toLowerCase());
  });

  it("storm surge far inland (Madrid) is not applicable, with the distance to the sea", () => {
    const { item, text, input } = explained("Madrid", 40.42, -3.7, "SS");
    expect(item.state).toBe("not_applicable");
    expect(text).toBe(
      `Madrid's hexagon lies ${fmtInt(input("coastKm"))} km from the sea and is neither on the coast nor on low land joined to it, so storm surge does not apply there.`,
    );
  });

  it("a point's own sentences say at what resolution each driver was read", () => {
    const r = e.pointHazards(50.9375, 6.9633, "hist", "hist", {
      explain: true,
      place: { kind: "point", name: "Köln" },
    });
    if (r.status !== "ok") throw new Error(r.message);
    const fd = r.hazards.find((h) => h.hazard_id === "FD")!;
    const hand = fd.explanation!.inputs.handM!.value!;
    expect(fd.explanation!.summary).toContain(`The point in Köln lies in the floodplain of a river draining`);
    expect(fd.explanation!.summary).toContain(`its own ground is ${fmtInt(hand)} m above that channel`);
    expect(fd.explanation!.summary).toContain("(2′ grid)");
    expect(fd.explanation!.inputs.handM!.label).toBe(
      "height of this point above that river's channel, 2′ grid (≈ 3.7 km), read between the four pixel centres around it",
    );
    const hw = r.hazards.find((h) => h.hazard_id === "HW")!;
    expect(hw.explanation!.summary).toMatch(/at its elevation of [\d,]+ m.*\(6\.5 °C\/km\)/);
    expect(hw.explanation!.inputs.tJul!.label).toMatch(
      /^July mean temperature at this point's elevation \(10′ climatology/,
    );
    expect(hw.explanation!.inputs.pJul!.label).toBe(
      "July precipitation, 10′ climatology (hexagon means read between the centres of the three hexagons around the point)",
    );
  });

  it("countries and regions are named and said to be rollups", () => {
    const r = e.scores("BD", "rcp85", "2050", { explain: true });
    const fd = r.hazards.find((h) => h.hazard_id === "FD")!;
    expect(fd.explanation!.summary).toMatch(
      /^Bangladesh's river flood level by 2050 under RCP8\.5 \(\+2\.31 °C global warming above 1850-1900 \(\+1\.9 °C since 1950-1999\)\) is the weighted mean/,
    );
    expect(fd.explanation!.summary!.endsWith(`that is ${RISK_LEVELS[fd.score! - 1]!.label}.`)).toBe(true);
    expect(
      e.scores("CH", "hist", "hist", { explain: true }).hazards.find((h) => h.hazard_id === "SS")!.explanation!.summary,
    ).toMatch(/^Storm surge does not apply anywhere in Switzerland/);
  });

  it("every hazard in every slot has a sentence with no gaps, ending with its level or saying why there is none", () => {
    for (const [lat, lon] of [
      [22.357, 91.783],
      [30.04, 31.24],
      [59.91, 10.75],
      [-33.87, 151.21],
      [64.14, -21.94],
      [-15.78, -47.93],
    ] as const)
      for (const slot of SLOTS) {
        const r = e.pointHazards(lat, lon, slot.scenario, slot.period, { explain: true });
        if (r.status !== "ok") throw new Error(r.message);
        for (const it of [r.aggregate, ...r.hazards]) {
          const s = it.explanation!.summary!;
          expect(s, `${lat},${lon} ${it.hazard_id}`).not.toMatch(/NaN|undefined|null|Infinity/);
          // a point is scored from its own drivers: its sentences speak of the point, never of its hexagon
          expect(
            /^(This point|The aggregate for this point|The dataset holds|Precipitation change is measured|With \+)/.test(
              s,
            ) && !/hexagon has|hexagon's (land|mean slope)/.test(s),
            s,
          ).toBe(true);
          if (it.state === "ok") expect(s.endsWith(`that is ${RISK_LEVELS[it.score! - 1]!.label}.`), s).toBe(true);
          const d = it.explanation!.drivers!;
          if (it.hazard_id !== "AL") expect(d.length, it.hazard_id).toBeGreaterThan(0);
          expect(explainDrivers(it.hazard_id, it.explanation!)).toEqual(d);
        }
      }
    expect(HAZARD_IDS.length).toBe(12);
  });
});
