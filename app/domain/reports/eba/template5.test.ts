import { describe, expect, it } from "vitest";
import { PER_HAZARD_IDS, HAZARD_IDS, type PerHazardId } from "../../hazards/hazards";
import { SLOT_COUNT, slotIndex } from "../../hazards/scenarios";
import type { RiskScore } from "../../hazards/risk-levels";
import type { LocationScores, SlotScore } from "../types";
import {
  collateralOf,
  maturityYearsOf,
  naceSectionOf,
  stageOf,
  type Collateral,
  type LoanStage,
  type NaceSection,
} from "./loan-fields";
import {
  TEMPLATE5_COLUMNS,
  TEMPLATE5_DEFAULTS,
  TEMPLATE5_ROWS,
  TEMPLATE5_TEXT,
  Template5Accumulator,
  cellValue,
  type LoanColumn,
  type Template5Loan,
} from "./template5";

/** A deterministic pseudo-random sequence, so a failure names the same book every run. */
function rng(seed: number) {
  return () => (seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 4294967296;
}

function scoresOf(levels: (h: PerHazardId) => RiskScore | null): LocationScores {
  const out = {} as LocationScores;
  for (const h of HAZARD_IDS) {
    const slots: SlotScore[] = [];
    for (let s = 0; s < SLOT_COUNT; s++) {
      const level = h === "AL" ? 1 : levels(h as PerHazardId);
      slots.push(
        level === null
          ? { value: null, level: null, applicable: false }
          : { value: (level - 0.5) / 5, level, applicable: true },
      );
    }
    out[h] = slots;
  }
  return out;
}

const SECTIONS: (NaceSection | null | undefined)[] = ["A", "C", "F", "L", "K", "Q", null, undefined];
const COLLATERALS: (Collateral | null)[] = ["residential", "commercial", null];
const STAGES: (LoanStage | null)[] = [1, 2, 3, null];

function book(n: number, seed = 7): Template5Loan[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  return Array.from({ length: n }, () => {
    const levels = new Map(PER_HAZARD_IDS.map((h) => [h, r() < 0.1 ? null : ((1 + Math.floor(r() * 5)) as RiskScore)]));
    return {
      scores: scoresOf((h) => levels.get(h)!),
      section: pick(SECTIONS),
      collateral: pick(COLLATERALS),
      carrying: r() < 0.05 ? null : Math.round(r() * 1e8) / 100,
      maturity: r() < 0.1 ? null : Math.round(r() * 3000) / 100,
      stage: pick(STAGES),
      impairment: r() < 0.3 ? null : Math.round(r() * 1e6) / 100,
    };
  });
}

const ALL_COLUMNS = new Set<LoanColumn>(["sector", "collateral", "carrying", "maturity", "stage", "impairment"]);

describe("EBA Template 5", () => {
  it("recomputes every cell from the loans, each by its own definition", () => {
    const loans = book(600);
    for (const options of [
      TEMPLATE5_DEFAULTS,
      {
        ...TEMPLATE5_DEFAULTS,
        scenario: "rcp85" as const,
        period: "2030" as const,
        threshold: 4 as RiskScore,
        chronic: ["DR", "SL"] as PerHazardId[],
        acute: ["FD"] as PerHazardId[],
      },
    ]) {
      const acc = new Template5Accumulator(options, ALL_COLUMNS);
      for (const l of loans) acc.add(l);
      const t = acc.result("All locations");
      const slot = slotIndex(options.scenario, options.period);
      const hits = (l: Template5Loan, hs: readonly PerHazardId[]) =>
        hs.some((h) => (l.scores[h][slot]!.level ?? 0) >= options.threshold);
      const inRow = (l: Template5Loan, key: string) =>
        key === "residential" || key === "commercial"
          ? l.collateral === key
          : key === "other"
            ? !!l.section && !["A", "B", "C", "D", "E", "F", "G", "H", "L"].includes(l.section)
            : l.section === key;
      const sum = (xs: Template5Loan[], f: (l: Template5Loan) => number) => xs.reduce((s, l) => s + f(l), 0);
      for (const row of t.rows) {
        if (row.key === "repossessed") {
          for (const c of TEMPLATE5_COLUMNS) expect(row.cells[c.key]).toEqual({ missing: TEMPLATE5_TEXT.repossessed });
          continue;
        }
        const mine = loans.filter((l) => l.carrying !== null && inRow(l, row.key));
        const sens = mine.filter((l) => hits(l, options.chronic) || hits(l, options.acute));
        const amount = (l: Template5Loan) => l.carrying!;
        const withMaturity = sens.filter((l) => l.maturity !== null);
        const expected: Record<string, number | null> = {
          gross: sum(mine, amount),
          sensitive: sum(sens, amount),
          m5: sum(
            withMaturity.filter((l) => l.maturity! <= 5),
            amount,
          ),
          m10: sum(
            withMaturity.filter((l) => l.maturity! > 5 && l.maturity! <= 10),
            amount,
          ),
          m20: sum(
            withMaturity.filter((l) => l.maturity! > 10 && l.maturity! <= 20),
            amount,
          ),
          m20plus: sum(
            withMaturity.filter((l) => l.maturity! > 20),
            amount,
          ),
          awm: withMaturity.length
            ? sum(withMaturity, (l) => l.carrying! * l.maturity!) / sum(withMaturity, amount)
            : null,
          chronic: sum(
            sens.filter((l) => hits(l, options.chronic) && !hits(l, options.acute)),
            amount,
          ),
          acute: sum(
            sens.filter((l) => !hits(l, options.chronic) && hits(l, options.acute)),
            amount,
          ),
          both: sum(
            sens.filter((l) => hits(l, options.chronic) && hits(l, options.acute)),
            amount,
          ),
          stage2: sum(
            sens.filter((l) => l.stage === 2),
            amount,
          ),
          npe: sum(
            sens.filter((l) => l.stage === 3),
            amount,
          ),
          impairment: sum(sens, (l) => l.impairment ?? 0),
          impairmentStage2: sum(
            sens.filter((l) => l.stage === 2),
            (l) => l.impairment ?? 0,
          ),
          impairmentNpe: sum(
            sens.filter((l) => l.stage === 3),
            (l) => l.impairment ?? 0,
          ),
        };
        if (["A", "C", "F", "L", "other", "residential", "commercial"].includes(row.key))
          expect(mine.length, row.key).toBeGreaterThan(0);
        expect(row.loans).toBe(mine.length);
        for (const c of TEMPLATE5_COLUMNS) {
          const want = expected[c.key];
          if (want === null)
            expect(row.cells[c.key], `${row.key} ${c.key}`).toEqual({ missing: TEMPLATE5_TEXT.noLoans });
          else expect(cellValue(row.cells[c.key]), `${row.key} ${c.key}`).toBeCloseTo(want, 6);
        }
        // the maturity buckets and the chronic / acute / both split each add up to the sensitive amount
        const v = (k: (typeof TEMPLATE5_COLUMNS)[number]["key"]) => cellValue(row.cells[k]) ?? 0;
        expect(v("chronic") + v("acute") + v("both")).toBeCloseTo(v("sensitive"), 6);
        expect(v("m5") + v("m10") + v("m20") + v("m20plus")).toBeCloseTo(sum(withMaturity, amount), 6);
      }
      expect(t.rows.map((r) => r.label)).toEqual(TEMPLATE5_ROWS.map((r) => r.label));
    }
  });

  it("says which column is missing in each cell that needs it", () => {
    const acc = new Template5Accumulator(TEMPLATE5_DEFAULTS, new Set<LoanColumn>(["sector", "carrying"]));
    for (const l of book(50)) acc.add(l);
    const t = acc.result("All locations");
    const c = t.rows.find((r) => r.key === "C")!;
    expect(c.cells.gross).toHaveProperty("value");
    expect(c.cells.m5).toEqual({ missing: TEMPLATE5_TEXT.missingColumn("maturity") });
    expect(c.cells.stage2).toEqual({ missing: TEMPLATE5_TEXT.missingColumn("IFRS 9 stage") });
    expect(c.cells.impairment).toEqual({ missing: TEMPLATE5_TEXT.missingColumn("accumulated impairment") });
    expect(t.rows.find((r) => r.key === "residential")!.cells.gross).toEqual({
      missing: TEMPLATE5_TEXT.missingColumn("collateral (residential / commercial immovable property)"),
    });
  });

  it("reads sectors, collateral, maturities and stages as exports write them", () => {
    expect(
      ["C", "C - Manufacturing", "C10.1", "10.11", "28", "l68.2", "41.20", "Z", "Bäckerei", ""].map(naceSectionOf),
    ).toEqual(["C", "C", "C", "C", "C", "L", "F", undefined, undefined, null]);
    expect(
      ["Wohnimmobilie", "résidentiel", "RRE", "Gewerbeimmobilie", "bedrijfspand", "CRE", "none", ""].map(collateralOf),
    ).toEqual(["residential", "residential", "residential", "commercial", "commercial", "commercial", null, null]);
    const asOf = new Date(Date.UTC(2026, 0, 1));
    expect(maturityYearsOf("31.12.2035", asOf)).toBeCloseTo(10, 1);
    expect(maturityYearsOf("2031-01-01", asOf)).toBeCloseTo(5, 2);
    expect(maturityYearsOf("7,5", asOf)).toBe(7.5);
    expect(maturityYearsOf("01.01.2020", asOf)).toBe(0);
    expect(maturityYearsOf("soon", asOf)).toBeNull();
    expect(["2", "Stage 2", "Stufe 3", "NPE", "1", "ausgefallen", "?"].map(stageOf)).toEqual([2, 2, 3, 3, 1, 3, null]);
  });
});
