import { INPUT_LIMIT_NOTES, floodplainHeightNote, inputLimitKind, inputLimitNote } from "./input-limits";

describe("where the July and December rain cannot see a hazard", () => {
  it("names the two climates whose rainy seasons fall between those months, and no other", () => {
    // 10′ climatology values of the points, mm
    expect(inputLimitKind({ lat: -1.29, pJul: 12, pDec: 82 })).toBe("two_rainy_seasons"); // Nairobi: long and short rains
    expect(inputLimitKind({ lat: 4.71, pJul: 94, pDec: 49 })).toBe("two_rainy_seasons"); // Bogotá
    expect(inputLimitKind({ lat: 39.43, pJul: 11, pDec: 40 })).toBe("winter_rain"); // Paiporta, Valencia
    expect(inputLimitKind({ lat: -33.92, pJul: 104, pDec: 20 })).toBe("winter_rain"); // Cape Town: July is its winter
    expect(inputLimitKind({ lat: 34.05, pJul: 2, pDec: 48 })).toBe("winter_rain"); // Los Angeles
    expect(inputLimitKind({ lat: 50.94, pJul: 82, pDec: 73 })).toBeNull(); // Köln: rain all year
    expect(inputLimitKind({ lat: 19.08, pJul: 1024, pDec: 2 })).toBeNull(); // Mumbai: the monsoon is July's
    expect(inputLimitKind({ lat: 9.06, pJul: 202, pDec: 1 })).toBeNull(); // Abuja: one season, July in it
    expect(inputLimitKind({ lat: 1.35, pJul: 157, pDec: 286 })).toBeNull(); // Singapore: wet all year
    expect(inputLimitKind({ lat: 28.5, pJul: 1, pDec: 5 })).toBeNull(); // Sahara: dry all year
    expect(inputLimitKind({ lat: -33.9, pJul: 40, pDec: 35 })).toBeNull(); // a summer month that is not dry
    expect(inputLimitKind({ lat: 39.4, pJul: Number.NaN, pDec: 40 })).toBeNull(); // no rain data: nothing said
  });

  it("notes extreme rainfall and drought only, each in its own words", () => {
    const valencia = { lat: 39.43, pJul: 11, pDec: 40 };
    expect(inputLimitNote("ER", valencia)).toBe(INPUT_LIMIT_NOTES.winter_rain.ER);
    expect(inputLimitNote("DR", valencia)).toBe(INPUT_LIMIT_NOTES.winter_rain.DR);
    expect(inputLimitNote("ER", valencia)).toMatch(/autumn storms/);
    for (const h of ["FD", "HW", "CS", "WF", "LS", "TC", "SS", "SL", "PC", "AL"])
      expect(inputLimitNote(h, valencia)).toBeNull();
    expect(inputLimitNote("ER", { lat: 50.94, pJul: 82, pDec: 73 })).toBeNull();
  });
});

describe("where the 2′ relief cannot see a point's river flood", () => {
  it("states the point's own height and distance, the river's flood and the grid's height error", () => {
    const note = floodplainHeightNote({ handM: 17, channelKm: 5, areaKm2: 46_416, stageM: 12, allowanceM: 40 });
    expect(note).toBe(
      "The 3.7 km grid reads this point 17 m above the channel of a river draining 46,000 km², 5.0 km away: higher than that river's floods reach on the grid (12 m above the channel, 1 m less for each km away). It counts in the floodplain only within the grid's height error here (up to 40 m), which cannot tell a river bank from the terrace above it: a local flood map says which this is.",
    );
    // beside a large river's mapped line, the distance is the line's
    expect(
      floodplainHeightNote({ handM: 17, channelKm: 1.2, lineKm: 1.2, areaKm2: 46_416, stageM: 12, allowanceM: 40 }),
    ).toMatch(
      /^The 3\.7 km grid reads this point 17 m above the channel of a river draining 46,000 km², 1\.2 km from its mapped line: /,
    );
    expect(
      floodplainHeightNote({ handM: 3.4, channelKm: 12.5, areaKm2: 1_234, stageM: 8.46, allowanceM: 22.6 }),
    ).toMatch(
      /^The 3\.7 km grid reads this point 3 m above the channel of a river draining 1,200 km², 12\.5 km away: .*\(8 m above the channel, .*\(up to 23 m\)/,
    );
  });
});
