import { REDACTED, redactSecretParams } from "./redaction";

describe("redaction of secrets in URLs", () => {
  it("redacts reset and newsletter tokens and API keys in query strings", () => {
    expect(redactSecretParams("/dashboard/login?view=reset&token=abc123")).toBe(
      `/dashboard/login?view=reset&token=${REDACTED}`,
    );
    expect(redactSecretParams("GET /newsletter/confirm?token=xyz&x=1 200")).toBe(
      `GET /newsletter/confirm?token=${REDACTED}&x=1 200`,
    );
    expect(redactSecretParams("/api/x?API_KEY=k1&scenario=rcp85")).toBe(`/api/x?API_KEY=${REDACTED}&scenario=rcp85`);
    expect(redactSecretParams("/faq?q=token")).toBe("/faq?q=token");
  });

  it("hides the tokens of reset and newsletter-confirmation links in a mail body, and nothing else", () => {
    const text =
      "Open http://x.test/dashboard/login?view=reset&token=s3cr3t now;\nconfirm: http://x.test/newsletter/confirm?token=n1-abc\nthen /faq";
    const hidden = redactSecretParams(text);
    expect(hidden).not.toContain("s3cr3t");
    expect(hidden).not.toContain("n1-abc");
    expect(hidden).toBe(
      `Open http://x.test/dashboard/login?view=reset&token=${REDACTED} now;\nconfirm: http://x.test/newsletter/confirm?token=${REDACTED}\nthen /faq`,
    );
  });
});
