import { describe, expect, it } from "vitest";
import { HAZARD_IDS } from "../hazards/hazards";
import { SLOTS } from "../hazards/scenarios";
import { levelCell, locationReportHazards, plainReason } from "./location-report";
import type { LocationScores } from "./types";

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
    // where the inputs cannot see the hazard at this place, the report says so after the reason, as the card does
    expect(
      plainReason("FD", score, {
        summary: "The point lies in the floodplain of a river; that is Moderate.",
        formula: "f",
        steps: [],
        limit: "The 3.7 km grid reads this point 17 m above the channel.",
      }),
    ).toBe(
      "The point lies in the floodplain of a river; that is Moderate. Limited here: The 3.7 km grid reads this point 17 m above the channel.",
    );
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

  it("names the cells a flood-depth map scored where they share a table with the index, and only there", () => {
    const slots = SLOTS.map((s) => ({
      value: null,
      level: 2 as const,
      applicable: true,
      ...(s.scenario === "hist" || (s.scenario === "rcp85" && s.period === "2050")
        ? { fromDepthMap: true as const }
        : {}),
    }));
    const index = SLOTS.map(() => ({ value: 0.3, level: 2 as const, applicable: true }));
    const scores = Object.fromEntries(HAZARD_IDS.map((h) => [h, h === "FD" ? slots : index])) as LocationScores;
    const hazards = locationReportHazards(scores, () => undefined);
    expect(hazards.find((h) => h.id === "FD")!.sourceNote).toBe(
      "Scored from the flood-depth map at the point: Historical (1950-1999), RCP8.5 2050; every other cell is the screening index (no published depth map for it covers the point).",
    );
    expect(hazards.filter((h) => h.sourceNote)).toHaveLength(1);
    const all = Object.fromEntries(
      HAZARD_IDS.map((h) => [h, h === "SS" ? SLOTS.map(() => ({ ...slots[0]!, fromDepthMap: true as const })) : index]),
    ) as LocationScores;
    expect(locationReportHazards(all, () => undefined).find((h) => h.id === "SS")!.sourceNote).toBe(
      "Every cell is scored from the flood-depth map at the point.",
    );
  });
});
