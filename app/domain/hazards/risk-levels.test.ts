import {
  RISK_LEVELS,
  formatRiskValue,
  scoreFromValue,
  levelFromValue,
  parseRiskLevelCode,
  isValidRiskValue,
} from "./risk-levels";

describe("risk levels", () => {
  it("band edges", () => {
    const cases: [number, number][] = [
      [0, 1],
      [0.19, 1],
      [0.2, 2],
      [0.39999, 2],
      [0.4, 3],
      [0.59, 3],
      [0.6, 4],
      [0.1 * 6, 4],
      [0.79, 4],
      [0.8, 5],
      [1, 5],
    ];
    for (const [v, s] of cases) expect(scoreFromValue(v), String(v)).toBe(s);
  });
  it("rejects outside [0,1] and NaN", () => {
    for (const v of [-0.01, 1.01, NaN, Infinity, -Infinity]) expect(() => scoreFromValue(v)).toThrow(RangeError);
    expect(isValidRiskValue("0.5")).toBe(false);
  });
  it("names, codes and labels", () => {
    expect(RISK_LEVELS.map((l) => l.name)).toEqual(["low", "moderate", "high", "severe", "extreme"]);
    expect(RISK_LEVELS.map((l) => l.code).join("")).toBe("LMHSE");
    expect(RISK_LEVELS.map((l) => l.label)).toEqual(["Low", "Moderate", "High", "Severe", "Extreme"]);
    expect(levelFromValue(0.45).code).toBe("H");
    expect(parseRiskLevelCode("severe")).toBe("S");
    expect(parseRiskLevelCode("e")).toBe("E");
    expect(parseRiskLevelCode("x")).toBeNull();
  });
});

describe("formatRiskValue: the printed value lies in the band of the value", () => {
  it("never prints a Severe value as the Extreme band's 0.80", () => {
    expect(formatRiskValue(0.797)).toBe("0.79");
    expect(levelFromValue(0.797).label).toBe("Severe");
    expect(formatRiskValue(0.8)).toBe("0.80");
    expect(formatRiskValue(0.6)).toBe("0.60");
    expect(formatRiskValue(1)).toBe("1.00");
  });

  it("agrees with scoreFromValue for every stored value (codes 0-200 of 1/200)", () => {
    for (let code = 0; code <= 200; code++) {
      const v = code / 200;
      expect(scoreFromValue(Number(formatRiskValue(v))), String(v)).toBe(scoreFromValue(v));
    }
    for (let i = 0; i <= 1000; i++) {
      const v = i / 1000;
      expect(scoreFromValue(Number(formatRiskValue(v))), String(v)).toBe(scoreFromValue(v));
    }
  });
});
