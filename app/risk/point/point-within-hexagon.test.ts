/**
 * Points inside one resolution-4 hexagon that differ in a driver get different scores, in the direction the physics
 * gives; the hexagon's own answer stays its own. Pairs are found in the data (the lowest and highest, wettest and
 * driest points of a hexagon), plus a few real places.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { cellToChildren, cellToLatLng, latLngToCell } from "h3-js";
import { HAZARD_IDS, type HazardId } from "~/domain/hazards/hazards";
import { SLOT_COUNT, slotIndex } from "~/domain/hazards/scenarios";
import { loadRiskEngine, type RiskEngine } from "../engine/load-engine.server";
import { LAPSE_RATE_C_PER_KM } from "./point-score";

const dataDir = path.resolve(__dirname, "../../../data");

const HIST = 0;
const S85 = slotIndex("rcp85", "2050");
const score = (v: number) => (Number.isNaN(v) ? 0 : Math.min(5, Math.floor(v / 0.2) + 1));

describe("points within one hexagon", () => {
  let e: RiskEngine;
  beforeAll(() => {
    e = loadRiskEngine(dataDir, { points: true });
  });

  const value = (lat: number, lon: number, h: HazardId, slot: number) => {
    const row = e.cellRow(latLngToCell(lat, lon, 4));
    return e.pointValues(lat, lon, row)![HAZARD_IDS.indexOf(h) * SLOT_COUNT + slot]!;
  };

  type Pt = {
    lat: number;
    lon: number;
    own: NonNullable<ReturnType<RiskEngine["pointInputsAt"]>>;
    values: Float32Array;
  };
  /** Points of a hexagon with their drivers: the centres of its resolution-6 children (49, ≈ 6 km apart). */
  function pointsOf(hex: string): Pt[] {
    const row = e.cellRow(hex);
    return cellToChildren(hex, 6).flatMap((c) => {
      const [lat, lon] = cellToLatLng(c);
      if (latLngToCell(lat, lon, 4) !== hex) return [];
      const own = e.pointInputsAt(lat, lon, row);
      const values = own && e.pointValues(lat, lon, row);
      return own && values ? [{ lat, lon, own, values }] : [];
    });
  }

  /** Every 150th hexagon of the dataset with its points: a sample of the land surface the test can afford. */
  let sample: { hex: string; pts: Pt[] }[] | null = null;
  function sampleHexagons(): { hex: string; pts: Pt[] }[] {
    if (!sample) {
      sample = [];
      for (let r = 0; r < e.cellCount; r += 150) {
        const hex = e.cellIdOfRow(r);
        sample.push({ hex, pts: pointsOf(hex) });
      }
    }
    return sample;
  }

  const at = (values: Float32Array, h: HazardId, slot: number) => values[HAZARD_IDS.indexOf(h) * SLOT_COUNT + slot]!;

  it("samples hexagons of the dataset", () => {
    expect(sampleHexagons().length).toBeGreaterThan(500);
  }, 120_000);

  it("a river bank floods more than the plateau above it, in every sampled ice-free hexagon of a river ≥ 100 m³/s", () => {
    let pairs = 0,
      differ = 0;
    for (const { hex, pts } of sampleHexagons()) {
      // an ice sheet has no floodplain however it drains (the formulas' ice factor): glaciated hexagons are left out
      if (!pts.length || pts[0]!.own.inputs.iceShare > 0.1) continue;
      const bank = pts
        .filter((p) => p.own.sample.river && p.own.sample.river.membership >= 0.5 && p.own.sample.river.flowM3s >= 100)
        .sort((a, b) => a.own.sample.river!.handM - b.own.sample.river!.handM)[0];
      const plateau = pts
        .filter((p) => !p.own.sample.river && p.own.sample.lowShare === 0)
        .sort((a, b) => b.own.sample.elevM - a.own.sample.elevM)[0];
      if (!bank || !plateau || plateau.own.sample.elevM < bank.own.sample.elevM + 20) continue;
      pairs++;
      const b = at(bank.values, "FD", HIST),
        p = at(plateau.values, "FD", HIST);
      expect(b, `${hex}: bank ${bank.lat},${bank.lon} vs plateau ${plateau.lat},${plateau.lon}`).toBeGreaterThan(p);
      if (score(b) > score(p)) differ++;
    }
    expect(pairs).toBeGreaterThan(50);
    expect(differ / pairs).toBeGreaterThan(0.95);
  });

  it("low land by the sea meets surge and sea-level rise that a hill of the same hexagon does not", () => {
    // On a physical scale (the share of low land below the extreme still-water level) a steep shore can read 0 as well:
    // the low point never reads less than the hill, a hill of 100 m or more beyond the low band its slope leaves beside
    // the sea reads nothing, and most low points read more.
    let pairs = 0,
      lowReadsMore = 0;
    for (const { hex, pts: all } of sampleHexagons()) {
      // the most low-lying point, at least half of the land around it low-lying
      const low = all
        .filter((p) => p.own.sample.lowShare >= 0.5 && !Number.isNaN(at(p.values, "SL", S85)))
        .sort((a, b) => b.own.sample.lowShare - a.own.sample.lowShare)[0];
      const hill = all
        .filter((p) => p.own.sample.lowShare === 0 && p.own.inputs.shoreBandShare === 0 && p.own.sample.elevM >= 100)
        .sort((a, b) => b.own.sample.elevM - a.own.sample.elevM)[0];
      if (!low || !hill) continue;
      pairs++;
      const where = `${hex}: shore ${low.lat},${low.lon} vs hill ${hill.lat},${hill.lon}`;
      for (const h of ["SS", "SL"] as const) {
        expect(at(hill.values, h, S85) || 0, `${h} ${where}`).toBe(0);
        expect(at(low.values, h, S85), `${h} ${where}`).toBeGreaterThanOrEqual(at(hill.values, h, S85) || 0);
      }
      if (at(low.values, "SS", S85) > 0) lowReadsMore++;
    }
    expect(pairs).toBeGreaterThan(20);
    expect(lowReadsMore / pairs).toBeGreaterThan(0.5);
  });

  it("the mountain is colder than the valley by the lapse rate, and steeper slopes slide more", () => {
    let pairs = 0,
      hwDiffer = 0,
      csDiffer = 0;
    const ratios: number[] = [];
    for (const { pts: all } of sampleHexagons()) {
      const pts = [...all].sort((a, b) => a.own.sample.elevM - b.own.sample.elevM);
      const valley = pts[0],
        mountain = pts.at(-1);
      if (!valley || !mountain || mountain.own.sample.elevM - valley.own.sample.elevM < 800) continue;
      pairs++;
      const dz = mountain.own.sample.elevM - valley.own.sample.elevM;
      // the lapse rate over the height between them, give or take the climate each reads between hexagon centres
      // (hexagon-climate.ts), which differs from one point of a hexagon to another
      const lapse = (LAPSE_RATE_C_PER_KM * dz) / 1000;
      const colder = valley.own.inputs.tJul - mountain.own.inputs.tJul;
      expect(colder, `${valley.lat}, ${valley.lon} below ${mountain.lat}, ${mountain.lon}`).toBeGreaterThan(0);
      ratios.push(colder / lapse);
      expect(at(valley.values, "HW", S85)).toBeGreaterThanOrEqual(at(mountain.values, "HW", S85));
      expect(at(mountain.values, "CS", HIST)).toBeGreaterThanOrEqual(at(valley.values, "CS", HIST));
      if (score(at(valley.values, "HW", S85)) > score(at(mountain.values, "HW", S85))) hwDiffer++;
      if (score(at(mountain.values, "CS", HIST)) > score(at(valley.values, "CS", HIST))) csDiffer++;
      const bySlope = [...pts].sort((a, b) => a.own.sample.slopeDeg - b.own.sample.slopeDeg);
      const flat = bySlope[0]!,
        steep = bySlope.at(-1)!;
      if (
        steep.own.sample.slopeDeg - flat.own.sample.slopeDeg >= 4 &&
        steep.own.sample.reliefM >= flat.own.sample.reliefM
      )
        expect(at(steep.values, "LS", HIST)).toBeGreaterThan(at(flat.values, "LS", HIST));
    }
    expect(pairs).toBeGreaterThan(50);
    // in most pairs the height is the difference: the median pair is colder by the lapse rate, within a tenth
    const median = ratios.sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
    expect(Math.abs(median - 1)).toBeLessThan(0.1);
    // 800 m is 5.2 °C: a band of heat or cold is 3-6 °C wide, so most such pairs land in different bands
    expect(hwDiffer + csDiffer).toBeGreaterThan(pairs / 2);
  });

  it("a city's built-up core burns less than the open land at its edge, in every coastal city's hexagon", () => {
    const cities = JSON.parse(readFileSync(path.join(dataDir, "coastal-cities.json"), "utf8")) as {
      lat: number;
      lon: number;
    }[];
    let pairs = 0,
      differ = 0;
    const seen = new Set<string>();
    for (const c of cities) {
      const hex = latLngToCell(c.lat, c.lon, 4);
      if (seen.has(hex)) continue;
      seen.add(hex);
      const pts = pointsOf(hex);
      const core = pts.filter((p) => p.own.sample.urbanShare! >= 0.6);
      const open = pts.filter((p) => p.own.sample.urbanShare === 0);
      if (!core.length || !open.length) continue;
      const maxWf = (p: Pt) =>
        Math.max(
          ...Array.from({ length: SLOT_COUNT }, (_, s) => at(p.values, "WF", s)).filter((v) => !Number.isNaN(v)),
          0,
        );
      const fringe = open.sort((a, b) => maxWf(b) - maxWf(a))[0]!;
      for (const p of core) {
        pairs++;
        const where = `${hex}: core ${p.lat},${p.lon} vs edge ${fringe.lat},${fringe.lon}`;
        // 60 % built up or more leaves no wildland fuel (WF_URBAN_SHARE): never above the open land's
        expect(maxWf(p), where).toBeLessThanOrEqual(maxWf(fringe));
        expect(maxWf(p), where).toBeLessThan(0.6);
        if (score(maxWf(fringe)) > score(maxWf(p))) differ++;
      }
    }
    expect(pairs).toBeGreaterThan(50);
    expect(differ).toBeGreaterThan(10);
  });

  describe("real places", () => {
    it("Köln: the Rhine bank in the Altstadt floods, the Bergisches Land heights do not; the hexagon keeps its own answer", () => {
      const bank = { lat: 50.9375, lon: 6.9633 },
        heights = { lat: 50.995, lon: 7.21 };
      const hex = latLngToCell(bank.lat, bank.lon, 4);
      expect(latLngToCell(heights.lat, heights.lon, 4)).toBe(hex);
      const b = value(bank.lat, bank.lon, "FD", HIST),
        h = value(heights.lat, heights.lon, "FD", HIST);
      expect(score(b)).toBeGreaterThan(score(h));
      const r = e.pointScores(bank.lat, bank.lon, hex, "hist", "hist", { explain: true });
      const fd = r.hazards.find((x) => x.hazard_id === "FD")!;
      expect(fd.value).toBe(Math.round(b * 200) / 200);
      expect(fd.explanation!.inputs.handM!.label).toBe(
        "height of this point above that river's channel, 2′ grid (≈ 3.7 km), read between the four pixel centres around it",
      );
      expect(fd.explanation!.summary).toMatch(
        /^This point lies in the floodplain of a river draining .*: its own ground is \d+ m above that channel and [\d.]+ km from it \(2′ grid\)/,
      );
      const cell = e.scores(hex, "hist", "hist").hazards.find((x) => x.hazard_id === "FD")!;
      expect(cell.value).toBe(e.valueCode(e.cellRow(hex), HAZARD_IDS.indexOf("FD"), HIST) / 200);
    });

    it("Funchal: the harbour front is hotter than Pico do Arieiro above it; neither cliff nor summit is low land for the sea", () => {
      const harbour = { lat: 32.6445, lon: -16.9135 },
        summit = { lat: 32.7353, lon: -16.9283 };
      const hex = latLngToCell(harbour.lat, harbour.lon, 4);
      expect(latLngToCell(summit.lat, summit.lon, 4)).toBe(hex);
      const row = e.cellRow(hex);
      const h = e.pointInputsAt(harbour.lat, harbour.lon, row)!,
        s = e.pointInputsAt(summit.lat, summit.lon, row)!;
      expect(s.sample.elevM - h.sample.elevM).toBeGreaterThan(800);
      expect(h.inputs.coastKm).toBeLessThan(s.inputs.coastKm);
      expect(value(harbour.lat, harbour.lon, "HW", S85)).toBeGreaterThan(value(summit.lat, summit.lon, "HW", S85));
      expect(h.inputs.tJul - s.inputs.tJul).toBeGreaterThan(5);
      // a cliff coast: neither the harbour pixel nor the summit is low land below the sea's extreme level
      for (const h of ["SS", "SL"] as const) {
        expect(value(harbour.lat, harbour.lon, h, S85) || 0).toBe(0);
        expect(value(summit.lat, summit.lon, h, S85) || 0).toBe(0);
      }
    });

    it("Naples: the harbour is low land for surge and sea-level rise, the Camaldoli hill above it is not", () => {
      const harbour = { lat: 40.837, lon: 14.27 },
        hill = { lat: 40.857, lon: 14.197 };
      expect(latLngToCell(hill.lat, hill.lon, 4)).toBe(latLngToCell(harbour.lat, harbour.lon, 4));
      // some of the harbour's land lies below the 2050 extreme still-water level; none of the hill's does
      expect(value(harbour.lat, harbour.lon, "SS", S85)).toBeGreaterThan(0);
      expect(value(harbour.lat, harbour.lon, "SL", S85)).toBeGreaterThan(0);
      expect(value(hill.lat, hill.lon, "SS", S85)).toBe(0);
      expect(value(hill.lat, hill.lon, "SL", S85)).toBe(0);
      // never Extreme: no vertical land motion is published for Naples (the formulas' cap)
      expect(score(value(harbour.lat, harbour.lon, "SL", S85))).toBeLessThan(5);
    });

    it("Bengaluru and Karachi: the built-up centre has no wildland fuel, the open land at the city's edge keeps its wildfire", () => {
      for (const [centre, edge] of [
        [
          { lat: 12.97, lon: 77.59 },
          { lat: 12.888, lon: 77.749 },
        ],
        [
          { lat: 24.86, lon: 67.01 },
          { lat: 24.955, lon: 66.859 },
        ],
      ] as const) {
        const hex = latLngToCell(centre.lat, centre.lon, 4),
          row = e.cellRow(hex);
        expect(latLngToCell(edge.lat, edge.lon, 4)).toBe(hex);
        const c = e.pointInputsAt(centre.lat, centre.lon, row)!,
          f = e.pointInputsAt(edge.lat, edge.lon, row)!;
        expect(c.inputs.urbanShare).toBeGreaterThanOrEqual(0.6);
        expect(f.inputs.urbanShare).toBeLessThan(0.05);
        // the hexagon's own share (20 % and 40 % built-up) damps neither
        expect(e.cellInputs(row).urbanShare).toBeLessThan(0.5);
        expect(score(value(centre.lat, centre.lon, "WF", HIST))).toBe(1);
        expect(score(value(edge.lat, edge.lon, "WF", HIST))).toBe(5);
      }
    });

    it("Genoa: the port is warmer than Monte Fasce above it, which slides more", () => {
      const port = { lat: 44.4056, lon: 8.9256 },
        summit = { lat: 44.43, lon: 9.03 };
      expect(latLngToCell(summit.lat, summit.lon, 4)).toBe(latLngToCell(port.lat, port.lon, 4));
      expect(value(port.lat, port.lon, "HW", S85)).toBeGreaterThan(value(summit.lat, summit.lon, "HW", S85));
      expect(score(value(summit.lat, summit.lon, "LS", HIST))).toBeGreaterThan(
        score(value(port.lat, port.lon, "LS", HIST)),
      );
    });
  });
});
