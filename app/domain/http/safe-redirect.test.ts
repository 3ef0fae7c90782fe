import { safeRedirectPath } from "../auth/auth";
import { normaliseRedirectPath } from "./safe-redirect";

describe("normaliseRedirectPath (redirectTo, returnTo, _redirect)", () => {
  it("refuses everything a browser could resolve off-site, raw or encoded", () => {
    const attacks = [
      "/%09/evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/%5cevil.example",
      "/%2f/evil.example",
      "/%2F%2Fevil.example",
      "%2F%2Fevil.example",
      "/%252f%252fevil.example",
      "https://evil.example",
      "javascript:alert(1)",
      " /x",
      "/ /evil.example",
      "/%0d%0aSet-Cookie:x=1",
      "/%E0%A4%A",
      "http:/evil.example",
      "/..//evil.example",
      "/../..//evil.example",
      "/.//evil.example",
      "/%2F..%2F%2F%2Fevil.example",
      "/..///evil.example",
      "/x/../..//evil.example",
      "/%2e%2e//evil.example",
      "/.%2e//evil.example",
      "/a/%2e%2e/%2e%2e//evil.example",
    ];
    for (const a of attacks) expect(normaliseRedirectPath(a), a).toBeNull();
  });

  it("keeps same-site paths and makes non-ASCII safe for a Location header", () => {
    expect(normaliseRedirectPath("/dashboard/scan?x=1#top")).toBe("/dashboard/scan?x=1#top");
    expect(normaliseRedirectPath("/blog?q=%20a")).toBe("/blog?q=%20a");
    expect(normaliseRedirectPath("/blog/über")).toBe("/blog/%C3%BCber");
  });

  it("resolves dot segments against our origin and keeps the same-site result", () => {
    expect(normaliseRedirectPath("/dashboard/../blog")).toBe("/blog");
    expect(normaliseRedirectPath("/../dashboard")).toBe("/dashboard");
  });

  it("safeRedirectPath falls back for all of them, and for the login page", () => {
    expect(safeRedirectPath("/%09/evil.example")).toBe("/dashboard");
    expect(safeRedirectPath("/x\r\nLocation: https://evil.example", "/")).toBe("/");
    expect(safeRedirectPath("/dashboard/login?view=reset")).toBe("/dashboard");
    expect(safeRedirectPath("/..//evil.example")).toBe("/dashboard");
    expect(safeRedirectPath("/..///evil.example", "/")).toBe("/");
  });
});
