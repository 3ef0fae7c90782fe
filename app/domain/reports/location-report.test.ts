import { describe, expect, it } from "vitest";
import { levelCell, plainReason } from "./location-report";

const steps = (...s: [string, number, string?][]) => s.map(([name, value, unit]) => ({ name, value, unit }));

describe("one-place report text", () => {
  it("names a level, a hazard that does not apply, and a missing value apart", () => {
    expect(levelCell({ value: 0.55, level: 3, applicable: true })).toBe("3 High");
    expect(levelCell({ value: null, level: null, applicable: false })).toBe("n/a");
    expect(levelCell({ value: null, level: null, applicable: true })).toBe("no data");
    expect(levelCell(undefined)).toBe("no data");
  });

  it("prefers the explanation's plain summary, then why it does not apply", () => {
    const score = { value: 0.9, level: 5 as const, applicable: true };
    expect(plainReason("FD", score, { summary: "Half of this hexagon is floodplain.", formula: "f", steps: [] })).toBe(
      "Half of this hexagon is floodplain.",
    );
    expect(
      plainReason(
        "SS",
        { value: null, level: null, applicable: false },
        { formula: "f", steps: [], note: "more than 100 km inland" },
      ),
    ).toBe("Not applicable: more than 100 km inland.");
  });

  it("otherwise gives the drivers between the warming step and the value", () => {
    const e = {
      formula: "ramp(T)",
      steps: steps(
        ["global warming above the baseline climatology", 1.51, "°C"],
        ["hottest-month mean temperature incl. warming", 35.29, "°C"],
        ["value", 0.949],
      ),
    };
    expect(plainReason("HW", { value: 0.949, level: 5, applicable: true }, e)).toBe(
      "Level 5 Extreme: hottest-month mean temperature incl. warming 35.29 °C.",
    );
  });

  it("explains the aggregate by its three highest hazards", () => {
    const e = {
      formula: "mean",
      steps: steps(
        ["global warming above the baseline climatology", 1.5, "°C"],
        ["HW", 0.9],
        ["FD", 1],
        ["CS", 0],
        ["ER", 0.95],
        ["mean of the top three", 0.95],
      ),
    };
    expect(plainReason("AL", { value: 0.95, level: 5, applicable: true }, e)).toBe(
      "Level 5 Extreme: the mean of the three highest hazards here (River flood, Extreme rainfall, Heat wave).",
    );
  });
});
