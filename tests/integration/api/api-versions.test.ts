import { API_VERSIONS, API_VERSION_HEADER, LATEST_API_VERSION } from "~/domain/api/api-versions";
import { API_CHANGELOG } from "~/domain/api/api-changelog";
import { riskdbEndpoints, riskdbResponse } from "~/services/api/risk-data-api.server";
import { loader as changelogJson } from "../../../app/routes/api+/changelog[.]json";

const countries = (headers: Record<string, string> = {}) => riskdbResponse(riskdbEndpoints.countries, new Request("http://localhost/api/riskdb/countries", { headers }));

describe("API versions", () => {
  it("an answer names the version it follows: the pinned one, else the newest; an unknown one is a 400 naming the header", async () => {
    expect((await countries()).headers.get(API_VERSION_HEADER)).toBe(LATEST_API_VERSION);
    expect((await countries({ [API_VERSION_HEADER]: API_VERSIONS[0] })).headers.get(API_VERSION_HEADER)).toBe(API_VERSIONS[0]);
    const unknown = await countries({ [API_VERSION_HEADER]: "2019-01-01" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ success: false, code: "invalid_request", field: API_VERSION_HEADER });
  });

  it("/api/changelog.json lists the changelog and the versions a request may pin", async () => {
    const res = await changelogJson({ request: new Request("http://localhost/api/changelog.json"), params: {}, context: {} });
    expect(res.headers.get("Content-Type")).toContain("application/json");
    const body = await res.json();
    expect(body).toMatchObject({ status: "ok", api_versions: [...API_VERSIONS], latest_api_version: LATEST_API_VERSION });
    expect(body.entries).toHaveLength(API_CHANGELOG.length);
  });
});
