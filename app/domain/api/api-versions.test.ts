import { API_VERSIONS, LATEST_API_VERSION, apiVersionOf } from "./api-versions";

describe("API versions", () => {
  it("are dates, oldest first; an unpinned request follows the newest, an unknown one follows none", () => {
    for (const v of API_VERSIONS) expect(v).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([...API_VERSIONS].sort()).toEqual([...API_VERSIONS]);
    expect(apiVersionOf(null)).toBe(LATEST_API_VERSION);
    expect(apiVersionOf(" ")).toBe(LATEST_API_VERSION);
    expect(apiVersionOf(API_VERSIONS[0])).toBe(API_VERSIONS[0]);
    expect(apiVersionOf("2020-01-01")).toBeNull();
  });
});
