import { REDACTED, hideResetTokens, redactSecretParams } from "./redaction";

describe("redaction of secrets in URLs", () => {
  it("redacts reset and newsletter tokens and API keys in query strings", () => {
    expect(redactSecretParams("/dashboard/login?view=reset&token=abc123")).toBe(`/dashboard/login?view=reset&token=${REDACTED}`);
    expect(redactSecretParams("GET /newsletter/confirm?token=xyz&x=1 200")).toBe(`GET /newsletter/confirm?token=${REDACTED}&x=1 200`);
    expect(redactSecretParams("/api/x?API_KEY=k1&scenario=rcp85")).toBe(`/api/x?API_KEY=${REDACTED}&scenario=rcp85`);
    expect(redactSecretParams("/faq?q=token")).toBe("/faq?q=token");
  });

  it("hides only the token of password-reset links", () => {
    const text = "Open http://x.test/dashboard/login?view=reset&token=s3cr3t now; http://x.test/newsletter/confirm?token=n1";
    const hidden = hideResetTokens(text);
    expect(hidden).not.toContain("s3cr3t");
    expect(hidden).toContain(`view=reset&token=${REDACTED}`);
    expect(hidden).toContain("newsletter/confirm?token=n1");
  });
});
