import { HAZARD_IDS, HAZARDS, PER_HAZARD_IDS, parseHazardId, isHazardId } from "./hazards";

describe("hazards", () => {
  it("has the 12 spec ids with names and hex colours", () => {
    expect(HAZARD_IDS).toEqual(["AL", "CS", "HW", "LS", "WF", "FD", "DR", "SS", "ER", "TC", "PC", "SL"]);
    for (const id of HAZARD_IDS) {
      expect(HAZARDS[id].id).toBe(id);
      expect(HAZARDS[id].name.length).toBeGreaterThan(3);
      expect(HAZARDS[id].colour).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(new Set(HAZARD_IDS.map((h) => HAZARDS[h].colour)).size).toBe(12);
  });
  it("PER_HAZARD_IDS excludes AL", () => {
    expect(PER_HAZARD_IDS).toHaveLength(11);
    expect(PER_HAZARD_IDS).not.toContain("AL");
  });
  it("parses ids", () => {
    expect(parseHazardId("fd")).toBe("FD");
    expect(parseHazardId(" SL ")).toBe("SL");
    expect(parseHazardId("XX")).toBeNull();
    expect(parseHazardId(3)).toBeNull();
    expect(isHazardId("al")).toBe(false);
  });
});
