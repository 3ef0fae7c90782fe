import { describe, expect, it } from "vitest";
import { OCCUPANCIES } from "./depth-damage-functions";
import { DEFAULT_PROTECTION_YEARS } from "./expected-damage";
import { DEFAULT_OCCUPANCY } from "./occupancy";
import { FLOOD_VIEW_PARAMS, formatPixelSize } from "./point-view";
import { parseFloodViewParams } from "./point-view-params";

const query = (o: Partial<Record<keyof typeof FLOOD_VIEW_PARAMS, string>>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [FLOOD_VIEW_PARAMS[k as keyof typeof FLOOD_VIEW_PARAMS], v]));

describe("parseFloodViewParams", () => {
  it("uses the defaults when the form sent nothing, and says the occupancy was not given", () => {
    const s = parseFloodViewParams(new URLSearchParams());
    expect(s).toMatchObject({
      occupancy: DEFAULT_OCCUPANCY,
      occupancyGiven: false,
      valueEur: null,
      protectionYears: DEFAULT_PROTECTION_YEARS,
      errors: {},
    });
  });

  it("reads what was entered", () => {
    const s = parseFloodViewParams(query({ occupancy: "industrial", value: "2500000", protection: "100" }));
    expect(s).toMatchObject({
      occupancy: "industrial",
      occupancyGiven: true,
      valueEur: 2_500_000,
      protectionYears: 100,
      errors: {},
    });
  });

  it("names each bad entry, keeps it as typed, and falls back to the default for it", () => {
    const s = parseFloodViewParams(query({ occupancy: "castle", value: "-1", protection: "2.5" }));
    expect(s.errors).toEqual({
      occupancy: `Choose one of: ${OCCUPANCIES.join(", ")}`,
      valueEur: "The value cannot be negative",
      protectionYears: "Whole years",
    });
    expect(s.raw).toEqual({ occupancy: "castle", valueEur: "-1", protectionYears: "2.5" });
    expect(s).toMatchObject({
      occupancy: DEFAULT_OCCUPANCY,
      occupancyGiven: false,
      valueEur: null,
      protectionYears: DEFAULT_PROTECTION_YEARS,
    });
  });
});

describe("formatPixelSize", () => {
  it("names a raster's pixel in arc-seconds or arc-minutes when it is a whole number of them", () => {
    expect(formatPixelSize(1 / 120)).toBe("30″");
    expect(formatPixelSize(1 / 30)).toBe("2′");
    expect(formatPixelSize(0.25)).toBe("15′");
    expect(formatPixelSize(0.0123456)).toBe("0.0123°");
  });
});
