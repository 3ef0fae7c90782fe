import { SCREENING_NOTES } from "~/domain/flood-loss/messages";
import type { HazardScoreItem, HazardScoresResult } from "../types";
import {
  screeningOnly,
  withAreaFloodSources,
  withFloodLayerScores,
  type FloodLayerReading,
} from "./flood-layer-scores";

const item = (hazard_id: string, value: number | null, state: HazardScoreItem["state"] = "ok"): HazardScoreItem =>
  ({
    hazard_id,
    name: hazard_id,
    colour: "#000",
    value,
    score: value === null ? null : Math.min(5, Math.floor(value / 0.2) + 1),
    level: null,
    confidence: "proxy",
    applicable: state !== "not_applicable",
    state,
    explanation: { summary: "From the terrain; that is Low.", formula: "f", inputs: {}, steps: [] },
  }) as HazardScoreItem;

const result = (): HazardScoresResult => ({
  location_code: "841f1d7ffffffff",
  location_type: "hexagon",
  location_name: "x",
  scenario: "hist",
  period: "hist",
  warming_c: null,
  hazards: [item("FD", 0.1), item("SS", null, "not_applicable"), item("HW", 0.5)],
  aggregate: item("AL", 0.3),
});

const reading = (depths: [number, number | null][]): FloodLayerReading => ({
  layer: "WRI Aqueduct Floods hazard maps, version 2 (Ward et al. 2020)",
  layerScenario: "historical",
  layerPeriod: "historical",
  variant: "WATCH",
  depths: depths.map(([returnPeriod, depthM]) => ({ returnPeriod, depthM })),
});

describe("river and coastal flood of a point from depth layers", () => {
  it("scores FD from the layer where it covers the point, SS from the index where not, each saying so", () => {
    const r = withFloodLayerScores(
      result(),
      {
        river: reading([
          [10, 0.2],
          [25, 0.6],
          [100, 1.5],
        ]),
        coastal: { note: SCREENING_NOTES.notCovered("historical", "historical") },
      },
      true,
    );
    const [fd, ss, hw] = r.hazards;
    expect(fd).toMatchObject({ score: 3, level: "H", value: null, state: "ok", confidence: "grounded" });
    expect(fd!.source).toMatchObject({
      type: "flood_depth_layer",
      layer_scenario: "historical",
      depths: [
        { return_period: 10, depth_m: 0.2 },
        { return_period: 25, depth_m: 0.6 },
        { return_period: 100, depth_m: 1.5 },
      ],
      reason: "0.60 m of water at the 1-in-25-year flood, the most frequent mapped flood reaching 0.5 m",
    });
    expect(fd!.explanation!.summary).toMatch(
      /^River flood from the published depth map \(WRI Aqueduct.*That is High\.$/,
    );
    expect(fd!.explanation!.inputs.depth_rp25).toEqual({
      value: 0.6,
      unit: "m",
      label: "water depth at the 1-in-25-year flood",
    });
    // the index's item is kept as it was, labelled, and its explanation says why
    expect(ss).toMatchObject({ state: "not_applicable", score: null, source: { type: "screening_index" } });
    expect(ss!.explanation!.summary).toBe(
      "Screening index: no flood-depth layer of the historical baseline covers this point. From the terrain; that is Low.",
    );
    expect(hw).toEqual(result().hazards[2]);
    expect(r.aggregate.source).toMatchObject({ type: "screening_index" });
    expect(r.aggregate.value).toBe(0.3);
  });

  it("drops the index's note of where its inputs cannot see when a depth layer scores the point, and keeps it where not", () => {
    const noted = (): HazardScoresResult => {
      const r = result();
      r.hazards[0] = { ...r.hazards[0]!, confidence_note: "The 3.7 km grid reads this point 17 m above the channel" };
      return r;
    };
    const layered = withFloodLayerScores(
      noted(),
      { river: reading([[100, 1.5]]), coastal: { note: SCREENING_NOTES.noValue } },
      false,
    );
    expect(layered.hazards[0]!.source?.type).toBe("flood_depth_layer");
    expect(layered.hazards[0]).not.toHaveProperty("confidence_note");
    const index = withFloodLayerScores(noted(), screeningOnly(SCREENING_NOTES.noValue), false);
    expect(index.hazards[0]!.confidence_note).toMatch(/^The 3\.7 km grid/);
  });

  it("keeps the index where the pixel holds no value, and leaves out the explanation unless asked", () => {
    const r = withFloodLayerScores(
      result(),
      {
        river: reading([
          [10, null],
          [100, null],
        ]),
        coastal: reading([[100, 0]]),
      },
      false,
    );
    expect(r.hazards[0]).toMatchObject({
      value: 0.1,
      source: { type: "screening_index", note: SCREENING_NOTES.noValue },
    });
    // a covered pixel that stays dry is Low from the layer, inland or not
    expect(r.hazards[1]).toMatchObject({ score: 1, level: "L", state: "ok", applicable: true });
    expect(r.hazards[1]!.explanation).toBeUndefined();
    expect(r.aggregate.source?.type).toBe("screening_index");
  });

  it("labels the index everywhere else, and adds no note to the aggregate when no layer scored", () => {
    const none = withFloodLayerScores(result(), screeningOnly(SCREENING_NOTES.noPublishedSlot("rcp26", "2030")), false);
    expect(none.hazards.map((h) => h.source?.type)).toEqual(["screening_index", "screening_index", undefined]);
    expect(none.hazards[0]!.source).toEqual({
      type: "screening_index",
      note: SCREENING_NOTES.noPublishedSlot("rcp26", "2030"),
    });
    expect(none.aggregate.source).toBeUndefined();
    expect(withAreaFloodSources(result()).hazards[0]!.source).toEqual({
      type: "screening_index",
      note: SCREENING_NOTES.area,
    });
  });
});
