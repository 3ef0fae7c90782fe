import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { inflateSync } from "node:zlib";
import { documentRequests } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { DOCUMENT_MESSAGES } from "~/domain/content/documents";
import { PLAN_DEFINITIONS } from "~/domain/commerce/plans";
import { PUBLIC_FORM_LIMIT, rateLimitMessage } from "~/domain/content/forms/public-forms";
import { resetEnvCacheForTesting } from "~/env.server";
import { startSmtpCapture, type SmtpCapture } from "../../../../tests/support/smtp-capture";
import { buildDocument, listDocuments, pricingMarkdown, requestDocument } from "./documents.server";
import { clearPageCacheForTesting } from "../pages.server";

const getDb = setupTestDatabase();
let smtp: SmtpCapture;
let tmp: string;

/** Text drawn in a PDF: inflate its content streams and join the hex strings pdfkit writes. */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  let text = "";
  const re = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf("endstream", start);
    try {
      const inflated = inflateSync(pdf.subarray(start, end)).toString("latin1");
      for (const hex of inflated.matchAll(/<([0-9a-fA-F]+)>/g)) text += Buffer.from(hex[1]!, "hex").toString("latin1");
      text += " ";
    } catch {
      // not a deflated stream (fonts, images)
    }
  }
  return text;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "methodology-"));
  resetEnvCacheForTesting();
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCacheForTesting();
  await smtp.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

beforeEach(() => {
  smtp.messages.length = 0;
});

describe("document requests", () => {
  it("lists the documents with name and id", () => {
    expect(listDocuments()).toEqual([
      { name: "Methodology", id: "methodology" },
      { name: "Technical documentation", id: "technical-documentation" },
      { name: "Pricing list", id: "pricing" },
    ]);
  });

  it("e-mails the methodology PDF through SMTP and records the request", async () => {
    const result = await requestDocument({ documentId: "methodology", email: "reader@example.com", ip: "10.1.1.1" });
    expect(result.sent).toBe(true);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual(["reader@example.com"]);
    expect(mail!.header("subject")).toContain("Methodology");
    expect(mail!.text).toContain("methodology.pdf");
    expect(mail!.attachments).toHaveLength(1);
    const pdf = mail!.attachments[0]!;
    expect(pdf.filename).toBe("methodology.pdf");
    expect(pdf.contentType).toBe("application/pdf");
    expect(pdf.content.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf.content);
    // the customer document: every hazard in plain words, and none of the engineering notes
    for (const words of ["Tropical cyclone", "Storm surge", "Sea-level rise", "Confidence and limits", "Grounded"]) expect(text).toContain(words);
    for (const jargon of ["scripts/", ".ts", "grey", "npm run", "ramp("]) expect(text).not.toContain(jargon);
    const rows = await getDb().select().from(documentRequests).where(eq(documentRequests.email, "reader@example.com"));
    expect(rows.map((r) => r.documentId)).toEqual(["methodology"]);
  });

  it("builds the technical documentation from its page and the price list from the plans table", async () => {
    const tech = await buildDocument("technical-documentation");
    expect(pdfText(tech.content)).toContain("Data model");
    const pricing = await buildDocument("pricing");
    expect(pricing.filename).toBe("pricing-list.pdf");
    const text = pdfText(pricing.content);
    expect(text).toContain("Detailed Pricing List");
    const premium = PLAN_DEFINITIONS.find((p) => p.code === "PREMIUM")!;
    expect(premium.priceMinor).toBe(99_000);
    expect(text).toContain("990.00 EUR");
  });

  it("formats every plan price in the price list as the spec says", () => {
    const rows = PLAN_DEFINITIONS.map((p) => ({ ...p }));
    const markdown = pricingMarkdown(rows, "cover", new Date("2026-11-20T00:00:00Z"));
    expect(markdown).toContain("| COUNTRY+ | 4 900.00 EUR | 30 | 500 | 100 | no |");
    expect(markdown).toContain("| DISCOVERY | 0.00 EUR |");
    expect(markdown).toContain("Prices as of 2026-11-20");
  });

  it("answers unknown and missing documents with 404 and 400", async () => {
    await expect(requestDocument({ documentId: "secret-plans", email: "a@example.com", ip: "10.1.1.2" })).rejects.toMatchObject({
      status: 404,
      message: DOCUMENT_MESSAGES.unknownDocument("secret-plans"),
    });
    await expect(requestDocument({ documentId: null, email: "a@example.com", ip: "10.1.1.2" })).rejects.toMatchObject({ status: 400, field: "document_id" });
  });

  it("says clearly when the methodology page does not exist", async () => {
    const saved = process.env.CONTENT_DIR;
    process.env.CONTENT_DIR = path.join(tmp, "no-content");
    clearPageCacheForTesting();
    try {
      await expect(buildDocument("methodology")).rejects.toMatchObject({ status: 503, message: DOCUMENT_MESSAGES.methodologyUnavailable });
    } finally {
      if (saved === undefined) delete process.env.CONTENT_DIR;
      else process.env.CONTENT_DIR = saved;
      clearPageCacheForTesting();
    }
  });

  it("drops honeypot submissions silently and limits requests per IP", async () => {
    const dropped = await requestDocument({ documentId: "pricing", email: "bot@example.com", ip: "10.9.9.9", honeypot: "http://spam" });
    expect(dropped.sent).toBe(false);
    for (let i = 0; i < PUBLIC_FORM_LIMIT.perIp; i++) {
      await requestDocument({ documentId: "technical-documentation", email: `r${i}@example.com`, ip: "10.2.2.2" });
    }
    await expect(requestDocument({ documentId: "technical-documentation", email: "late@example.com", ip: "10.2.2.2" })).rejects.toMatchObject({
      status: 429,
      message: rateLimitMessage(),
    });
    const mails = await smtp.waitFor(PUBLIC_FORM_LIMIT.perIp);
    expect(mails.some((m) => m.envelope.to.includes("bot@example.com"))).toBe(false);
    expect(mails.some((m) => m.envelope.to.includes("late@example.com"))).toBe(false);
  });
});
