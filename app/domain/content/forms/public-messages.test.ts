import { DOCUMENT_MESSAGES, DOCUMENTS, MailCollectSchema, documentResultMessage, mailCollectText, parseDocumentsSent } from "../documents";
import { NEWSLETTER_MESSAGES, NewsletterSchema, newsletterResultMessage } from "./newsletter";

describe("mail-collect modal", () => {
  it("names the document that applies", () => {
    expect(DOCUMENTS.map(mailCollectText)).toEqual([
      "Please enter your email. You will receive the Methodology by email.",
      "Please enter your email. You will receive the Technical Documentation by email.",
      "Please enter your email. You will receive the detailed Pricing List by email.",
    ]);
  });

  it("trims and validates the e-mail and requires the terms", () => {
    expect(MailCollectSchema.parse({ email: "  Ann@Example.com ", terms: "on" })).toEqual({ email: "ann@example.com", terms: true });
    const bad = MailCollectSchema.safeParse({ email: "ann@", terms: undefined });
    expect(bad.error?.flatten().fieldErrors).toEqual({ email: ["Invalid Email"], terms: ["Field is required."] });
  });

  it("maps API answers to the spec's messages", () => {
    expect(documentResultMessage(true, { status: "success" })).toEqual({ success: true, message: "Document sent" });
    expect(documentResultMessage(true, { status: "queued" })).toEqual({ success: false, message: "Type error. Try later" });
    expect(documentResultMessage(false, { error: "Too many requests" })).toEqual({ success: false, message: "Too many requests" });
    expect(documentResultMessage(false, null)).toEqual({ success: false, message: DOCUMENT_MESSAGES.tryLater });
  });

  it("reads the sent-documents cookie defensively", () => {
    expect(parseDocumentsSent(JSON.stringify({ methodology: "a@example.com", pricing: "not-an-email", other: "b@example.com" }))).toEqual({
      methodology: "a@example.com",
    });
    expect(parseDocumentsSent("{broken")).toEqual({});
    expect(parseDocumentsSent(undefined)).toEqual({});
  });
});

describe("newsletter messages", () => {
  it("shows the answer's message, or 'Error has occured!' when it has none", () => {
    expect(newsletterResultMessage(true, { message: "Check your inbox" })).toEqual({ success: true, message: "Check your inbox" });
    expect(newsletterResultMessage(true, {})).toEqual({ success: false, message: "Error has occured!" });
  });

  it("shows the first e-mail error on failure, else 'Error has occured!'", () => {
    expect(newsletterResultMessage(false, { email: ["Invalid Email", "Other"] })).toEqual({ success: false, message: "Invalid Email" });
    expect(newsletterResultMessage(false, { error: "Invalid Email", field: "email" })).toEqual({ success: false, message: "Invalid Email" });
    expect(newsletterResultMessage(false, { error: "Database down" })).toEqual({ success: false, message: NEWSLETTER_MESSAGES.error });
  });

  it("requires a valid e-mail; the first name is optional", () => {
    expect(NewsletterSchema.parse({ email: "x@example.com" })).toEqual({ email: "x@example.com", first_name: "" });
    expect(NewsletterSchema.safeParse({ email: "" }).error?.issues[0]?.message).toBe("Field is required");
  });
});
