import { parseAuthNotice, safeRedirectPath } from "./auth";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/dashboard/scan?x=1")).toBe("/dashboard/scan?x=1");
  });
  it("rejects other origins, protocol-relative and login loops", () => {
    expect(safeRedirectPath("https://evil.example")).toBe("/dashboard");
    expect(safeRedirectPath("//evil.example")).toBe("/dashboard");
    expect(safeRedirectPath("/\\evil.example")).toBe("/dashboard");
    expect(safeRedirectPath("/dashboard/login?redirectTo=/x")).toBe("/dashboard");
    expect(safeRedirectPath(undefined, "/")).toBe("/");
  });
});

describe("parseAuthNotice", () => {
  it("accepts only known notices", () => {
    expect(parseAuthNotice("reset-sent")).toBe("reset-sent");
    expect(parseAuthNotice("password-changed")).toBe("password-changed");
    expect(parseAuthNotice("<script>")).toBeUndefined();
    expect(parseAuthNotice(null)).toBeUndefined();
    expect(parseAuthNotice("toString")).toBeUndefined();
  });
});
