import { describe, expect, it } from "vitest";
import { loadRiskEngine } from "./engine.server";

describe("the engine's stable entry for outside scripts", () => {
  it("loads the dataset with the point drivers and scores a point's own hazards", () => {
    const engine = loadRiskEngine(undefined, { points: true });
    const r = engine.pointHazards(50.9375, 6.9633, "hist", "hist");
    if (r.status !== "ok") throw new Error(`Köln was not scored: ${r.status}`);
    expect(r.snapped_to_land).toBeFalsy();
    const fd = r.hazards.find((h) => h.hazard_id === "FD");
    expect(fd?.score).toBeGreaterThanOrEqual(1);
    expect(fd?.score).toBeLessThanOrEqual(5);
    expect(fd?.applicable).toBe(true);
    // the same answer as the app's own engine module gives for the point
    const place = engine.placePoint(50.9375, 6.9633);
    if (place.status !== "ok") throw new Error("Köln was not placed");
    const own = engine.scoreAt(place, { kind: "hexagon", code: place.hexagon_code }, "hist", "hist");
    expect(fd?.score).toBe(own.hazards.find((h) => h.hazard_id === "FD")?.score);
  });
});
