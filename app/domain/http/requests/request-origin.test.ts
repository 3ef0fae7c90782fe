import { checkRequestOrigin, type OriginCheckInput } from "./request-origin";

const base: OriginCheckInput = {
  method: "POST",
  origin: null,
  secFetchSite: null,
  host: "127.0.0.1:3000",
  publicUrl: "https://climaterisk.example",
};

describe("checkRequestOrigin", () => {
  it("lets safe methods through whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) {
      expect(
        checkRequestOrigin({ ...base, method, origin: "https://evil.example", secFetchSite: "cross-site" }),
      ).toEqual({ allowed: true });
    }
  });

  it("refuses a POST from a foreign origin (login, logout, password change, publish, key rotation)", () => {
    expect(checkRequestOrigin({ ...base, origin: "https://evil.example" })).toEqual({
      allowed: false,
      reason: "foreign-origin",
    });
    expect(checkRequestOrigin({ ...base, method: "DELETE", origin: "http://127.0.0.1:4000" })).toEqual({
      allowed: false,
      reason: "foreign-origin",
    });
    expect(checkRequestOrigin({ ...base, origin: "null" })).toEqual({ allowed: false, reason: "foreign-origin" });
  });

  it("refuses Sec-Fetch-Site: cross-site even without an Origin header", () => {
    expect(checkRequestOrigin({ ...base, secFetchSite: "cross-site" })).toEqual({
      allowed: false,
      reason: "cross-site",
    });
  });

  it("allows the request host and the public URL", () => {
    expect(checkRequestOrigin({ ...base, origin: "http://127.0.0.1:3000", secFetchSite: "same-origin" })).toEqual({
      allowed: true,
    });
    expect(checkRequestOrigin({ ...base, origin: "https://climaterisk.example", host: "app:3000" })).toEqual({
      allowed: true,
    });
    expect(checkRequestOrigin({ ...base, origin: "HTTPS://ClimateRisk.example" })).toEqual({ allowed: true });
  });

  it("allows requests with neither header (curl, Bearer-token API clients)", () => {
    expect(checkRequestOrigin(base)).toEqual({ allowed: true });
    expect(checkRequestOrigin({ ...base, secFetchSite: "none" })).toEqual({ allowed: true });
  });
});
