import {
  API_VERSIONS,
  API_VERSION_HEADER,
  API_VERSION_RETIREMENTS,
  LATEST_API_VERSION,
} from "~/domain/api/api-versions";
import * as countriesRoute from "../../../app/routes/api+/riskdb+/countries";
import { API_CHANGELOG } from "~/domain/api/api-changelog";
import { riskdbEndpoints, riskdbResponse } from "~/services/api/risk-data-api.server";
import { loader as changelogJson } from "../../../app/routes/api+/changelog[.]json";

const countries = (headers: Record<string, string> = {}) =>
  riskdbResponse(riskdbEndpoints.countries, new Request("http://localhost/api/riskdb/countries", { headers }));

describe("API versions", () => {
  it("an answer names the version it follows: the pinned one, else the newest; an unknown one is a 400 naming the header", async () => {
    expect((await countries()).headers.get(API_VERSION_HEADER)).toBe(LATEST_API_VERSION);
    expect((await countries({ [API_VERSION_HEADER]: API_VERSIONS[0] })).headers.get(API_VERSION_HEADER)).toBe(
      API_VERSIONS[0],
    );
    const unknown = await countries({ [API_VERSION_HEADER]: "2019-01-01" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ success: false, code: "invalid_request", field: API_VERSION_HEADER });
  });

  it("a request pinned to a retiring version is told when it was deprecated and when it goes; the newest is not", async () => {
    const [retiring, retirement] = Object.entries(API_VERSION_RETIREMENTS)[0]!;
    const pinned = await countries({ [API_VERSION_HEADER]: retiring });
    expect(pinned.headers.get(API_VERSION_HEADER)).toBe(retiring);
    expect(pinned.headers.get("Deprecation")).toBe(`@${Date.parse(`${retirement!.deprecated}T00:00:00Z`) / 1000}`);
    expect(new Date(pinned.headers.get("Sunset")!).toISOString().slice(0, 10)).toBe(retirement!.sunset);
    expect(pinned.headers.get("Link")).toContain('</api/changelog>; rel="deprecation"');
    const newest = await countries();
    for (const name of ["Deprecation", "Sunset", "Link"]) expect(newest.headers.get(name)).toBeNull();
    // through the route too (the answer passes the API's last step once more): one deprecation link, not two
    const viaRoute = await countriesRoute.loader({
      request: new Request("http://localhost/api/riskdb/countries", { headers: { [API_VERSION_HEADER]: retiring } }),
      params: {},
      context: {},
    } as never);
    expect(viaRoute.headers.get("Link")!.match(/rel="deprecation"/g)).toHaveLength(1);
    expect(viaRoute.headers.get("Sunset")).toBe(pinned.headers.get("Sunset"));
  });

  it("/api/changelog.json lists the changelog and the versions a request may pin", async () => {
    const res = await changelogJson({
      request: new Request("http://localhost/api/changelog.json"),
      params: {},
      context: {},
    });
    expect(res.headers.get("Content-Type")).toContain("application/json");
    const body = await res.json();
    expect(body).toMatchObject({
      status: "ok",
      api_versions: [...API_VERSIONS],
      latest_api_version: LATEST_API_VERSION,
    });
    expect(body.entries).toHaveLength(API_CHANGELOG.length);
    expect(body.deprecated_api_versions).toEqual(
      Object.entries(API_VERSION_RETIREMENTS).map(([version, r]) => ({ version, ...r })),
    );
    // every dated version is introduced by an entry of the changelog, or is the first
    for (const version of API_VERSIONS.slice(1))
      expect(body.entries.some((e: { api_version?: string }) => e.api_version === version)).toBe(true);
  });
});
