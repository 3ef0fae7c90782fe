import path from "node:path";
import { PER_HAZARD_IDS } from "~/domain/hazards/hazards";
import { RISK_LEVELS, scoreFromValue } from "~/domain/hazards/risk-levels";
import { BAND_PROBES, bandMeaningOf, bandMeanings, valueAt } from "./band-meanings";
import { loadRiskEngine } from "../engine/load-engine.server";
import {
  CS_TCOLD_C,
  ER_PWET_MM,
  HW_TMAX_C,
  COASTAL_VALUE_CAP,
  PC_CHANGE,
  SL_SHARE_FULL,
  TC_INLAND_KM,
  WF_DRY_MONTHS,
} from "../formulas";

const lerp = ([a, b]: readonly [number, number], t: number) => a + t * (b - a);
const edges = (h: keyof ReturnType<typeof bandMeanings>) => {
  const meanings = bandMeanings();
  return meanings[h].bands.slice(1).map((b) => b.from);
};

describe("band meanings", () => {
  it("single-quantity hazards: the edges are the formula's own ramps at the band bounds 0.2, 0.4, 0.6, 0.8", () => {
    const at = (r: readonly [number, number], digits: number) =>
      [0.2, 0.4, 0.6, 0.8].map((v) => Number(lerp(r, v).toFixed(digits)));
    expect(edges("HW")).toEqual(at(HW_TMAX_C, 1));
    expect(edges("CS")).toEqual(at(CS_TCOLD_C, 1));
    expect(edges("ER")).toEqual(at(ER_PWET_MM, 0));
    expect(edges("WF")).toEqual(at(WF_DRY_MONTHS, 1));
    expect(edges("PC")).toEqual(at(PC_CHANGE, 3).map((v) => Number((v * 100).toFixed(1))));
    // cyclone exposure decays as e^(−d/250 km) from full at the coast
    expect(edges("TC")).toEqual([0.2, 0.4, 0.6, 0.8].map((v) => Math.round(-TC_INLAND_KM * Math.log(v))));
    // sea-level rise: ramp(share the rise brings below the high-tide line, 0 → 2.5 %) × 0.795, so Extreme is never given
    const sl = bandMeanings().SL.bands;
    expect(sl.slice(1, 4).map((b) => b.from)).toEqual(
      [0.2, 0.4, 0.6].map((v) => Number(((v / COASTAL_VALUE_CAP) * SL_SHARE_FULL * 100).toFixed(1))),
    );
    expect(bandMeanings().SL.quantity).toContain("every place reads Low in 1950-1999");
    expect(sl[4]).toMatchObject({ label: "Extreme", reached: false, from: null, to: null });
    expect(sl[4]!.meaning).toContain("vertical land motion");
    // storm surge never reads Extreme because the relief resolves no heights within 0-10 m: land motion caps no surge
    const ss = bandMeanings().SS.bands[4]!;
    expect(ss).toMatchObject({ label: "Extreme", reached: false });
    expect(ss.meaning).toContain("0-10 m");
    expect(ss.meaning).not.toContain("land motion");
  });

  it("every hazard: on its reference place the formula's band always matches the band whose range holds the quantity", () => {
    for (const h of PER_HAZARD_IDS) {
      const p = BAND_PROBES[h];
      const m = bandMeanings()[h];
      const seen = new Set<number>();
      for (let i = 0; i <= 400; i++) {
        const x = p.from + ((p.to - p.from) * i) / 400;
        const { v, c, steps } = valueAt(h, p, x);
        expect(Number.isFinite(v), `${h} at ${x}`).toBe(true);
        const score = scoreFromValue(v);
        seen.add(score);
        const band = m.bands[score - 1]!;
        expect(band.reached, `${h} reaches ${band.label}`).toBe(true);
        const q = p.read(c, steps) * (p.scale ?? 1);
        // the stated edges are rounded for reading: allow half a unit of the last shown figure
        const tol = p.sig ? Math.abs(q) * 0.05 : 0.5 * 10 ** -p.digits;
        const [lo, hi] = [band.from, band.to];
        const rising = m.bands[1]!.from! > m.bands[2]!.from! ? false : true;
        if (lo !== null)
          expect(rising ? q >= lo - tol : q <= lo + tol, `${h} ${q} in ${band.label} (${band.meaning})`).toBe(true);
        if (hi !== null)
          expect(rising ? q <= hi + tol : q >= hi - tol, `${h} ${q} in ${band.label} (${band.meaning})`).toBe(true);
      }
      // every band the meanings call reached is reached on the reference place
      for (const b of m.bands) if (b.reached) expect(seen.has(b.score), `${h} ${b.label} reached`).toBe(true);
    }
  });

  it("heat wave says it measures chronic heat, which single heat waves do not move", () => {
    expect(bandMeanings().HW.quantity).toMatch(/chronic heat, not single heat waves/);
  });

  it("names the quantity and unit of every hazard, and gives each band one meaning", () => {
    for (const h of PER_HAZARD_IDS) {
      const m = bandMeanings()[h];
      expect(m.quantity.length).toBeGreaterThan(5);
      expect(m.bands.map((b) => b.label)).toEqual(RISK_LEVELS.map((l) => l.label));
      for (const b of m.bands) expect(b.meaning).not.toMatch(/NaN|undefined/);
    }
    expect(bandMeaningOf("HW", 4)).toBe(
      `${lerp(HW_TMAX_C, 0.6).toFixed(1)} °C to ${lerp(HW_TMAX_C, 0.8).toFixed(1)} °C`,
    );
    expect(bandMeaningOf("AL", 3)).toBeNull();
    expect(bandMeaningOf("HW", null)).toBeNull();
  });

  const dataDir = path.resolve(__dirname, "../../../data");
  it("an explained answer carries its hazard's band meanings (not the aggregate)", () => {
    const e = loadRiskEngine(dataDir);
    const r = e.pointHazards(30.04, 31.24, "rcp85", "2050", { explain: true });
    if (r.status !== "ok") throw new Error(r.message);
    for (const it of r.hazards)
      expect(it.explanation?.bands, it.hazard_id).toEqual(
        bandMeanings()[it.hazard_id as keyof ReturnType<typeof bandMeanings>],
      );
    expect(r.aggregate.explanation?.bands).toBeUndefined();
    const hw = r.hazards.find((x) => x.hazard_id === "HW")!;
    const tMax = hw.explanation!.steps.find((s) => s.name === "hottest-month mean daily maximum")!.value;
    const band = hw.explanation!.bands!.bands[hw.score! - 1]!;
    if (band.from !== null) expect(tMax).toBeGreaterThanOrEqual(band.from - 0.05);
    if (band.to !== null) expect(tMax).toBeLessThanOrEqual(band.to + 0.05);
  });
});
