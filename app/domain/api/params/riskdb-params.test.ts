import {
  SAMPLE_DEFAULT_LOCATION,
  hazardScoresParamsSchema,
  locationCodesParamsSchema,
  periodsParamsSchema,
  pointHazardsParamsSchema,
  regionsParamsSchema,
} from "./riskdb-params";

const firstIssue = (r: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) =>
  r.success ? null : { path: r.error!.issues[0]!.path[0], message: r.error!.issues[0]!.message };

describe("riskdb query parameters", () => {
  it("parses coordinates of any precision and names the parameter when out of range or not a number", () => {
    expect(locationCodesParamsSchema.parse({ lat: "51.50735", lon: "-0.1278" })).toEqual({
      lat: 51.50735,
      lon: -0.1278,
    });
    expect(firstIssue(locationCodesParamsSchema.safeParse({ lat: "91", lon: "0" }))).toEqual({
      path: "lat",
      message: "lat must be a number within -90..90",
    });
    expect(firstIssue(locationCodesParamsSchema.safeParse({ lat: "10", lon: "east" }))).toEqual({
      path: "lon",
      message: "lon must be a number within -180..180",
    });
    expect(firstIssue(locationCodesParamsSchema.safeParse({ lon: "1" }))).toEqual({
      path: "lat",
      message: "lat is required",
    });
    expect(firstIssue(locationCodesParamsSchema.safeParse({ lat: "1e2", lon: "1" }))?.path).toBe("lat");
  });

  it("accepts scenario ids and names, refuses others naming scenario; checks the period against it", () => {
    expect(hazardScoresParamsSchema.parse({ location_code: "GB", scenario: "RCP8.5", period: "2050" })).toMatchObject({
      scenario: "rcp85",
      period: "2050",
      explain: false,
    });
    expect(hazardScoresParamsSchema.parse({ location_code: "GB" })).toMatchObject({ scenario: "hist", period: "hist" });
    expect(
      firstIssue(hazardScoresParamsSchema.safeParse({ location_code: "GB", scenario: "ssp370", period: "2050" })),
    ).toEqual({
      path: "scenario",
      message: "scenario must be one of hist, rcp26, rcp45, rcp85",
    });
    expect(firstIssue(hazardScoresParamsSchema.safeParse({ location_code: "GB", scenario: "rcp45" }))?.path).toBe(
      "period",
    );
    expect(
      firstIssue(hazardScoresParamsSchema.safeParse({ location_code: "GB", scenario: "rcp45", period: "hist" })),
    ).toEqual({
      path: "period",
      message: "period for scenario rcp45 must be one of 2030, 2040, 2050",
    });
    expect(
      firstIssue(hazardScoresParamsSchema.safeParse({ location_code: "GB", scenario: "hist", period: "2060" }))
        ?.message,
    ).toBe("period must be one of hist, 2030, 2040, 2050");
    expect(firstIssue(hazardScoresParamsSchema.safeParse({ scenario: "hist" }))).toEqual({
      path: "location_code",
      message: "location_code is required",
    });
  });

  it("reads the explain flag and refuses other values naming it", () => {
    expect(pointHazardsParamsSchema.parse({ lat: "1", lon: "2", explain: "1" }).explain).toBe(true);
    expect(pointHazardsParamsSchema.parse({ lat: "1", lon: "2", explain: "0" }).explain).toBe(false);
    expect(firstIssue(pointHazardsParamsSchema.safeParse({ lat: "1", lon: "2", explain: "yes" }))).toEqual({
      path: "explain",
      message: "explain must be 1 or 0",
    });
  });

  it("periods: duration defaults to the only window, scenario is required", () => {
    expect(periodsParamsSchema.parse({ scenario: "hist" })).toEqual({ scenario: "hist", duration: "30y" });
    expect(firstIssue(periodsParamsSchema.safeParse({ scenario: "rcp26", duration: "5y" }))).toEqual({
      path: "duration",
      message: "duration must be one of 30y",
    });
    expect(firstIssue(periodsParamsSchema.safeParse({}))?.path).toBe("scenario");
    expect(firstIssue(regionsParamsSchema.safeParse({ country_code: " " }))).toEqual({
      path: "country_code",
      message: "country_code is required",
    });
  });

  it("the sample default location is London", () => {
    expect(SAMPLE_DEFAULT_LOCATION).toMatchObject({ country: "GB", city: "London", hexagon: "84194adffffffff" });
  });
});
