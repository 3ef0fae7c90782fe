import { eq } from "drizzle-orm";
import { newsletterSubscriptions } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { NEWSLETTER_MESSAGES } from "~/domain/content/forms/newsletter";
import { resetEnvCacheForTesting } from "~/env.server";
import { startSmtpCapture, type SmtpCapture } from "../../../../tests/support/smtp-capture";
import { confirmNewsletter, subscribeToNewsletter } from "./newsletter.server";

const getDb = setupTestDatabase();
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  process.env.PUBLIC_URL = "https://climate.example.org";
  resetEnvCacheForTesting();
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.PUBLIC_URL;
  resetEnvCacheForTesting();
  await smtp.close();
});

beforeEach(() => {
  smtp.messages.length = 0;
});

function tokenFrom(text: string) {
  const link = text.match(/https?:\/\/\S+/)?.[0];
  expect(link).toMatch(/^https:\/\/climate\.example\.org\/newsletter\/confirm\?token=/);
  return new URL(link!).searchParams.get("token")!;
}

describe("newsletter double opt-in", () => {
  it("stores an unconfirmed subscription and e-mails a confirmation link; the link confirms it", async () => {
    const result = await subscribeToNewsletter({ email: "Reader@Example.com", firstName: "Ada", ip: "10.0.0.1" });
    expect(result).toEqual({ message: NEWSLETTER_MESSAGES.confirmSent, status: "confirmation_sent" });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual(["reader@example.com"]);
    expect(mail!.text).toContain("Hello Ada,");
    const token = tokenFrom(mail!.text);

    const [before] = await getDb().select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, "reader@example.com"));
    expect(before?.confirmedAt).toBeNull();
    expect(before?.confirmTokenHash).not.toBe(token);

    await expect(confirmNewsletter(token)).resolves.toEqual({ message: NEWSLETTER_MESSAGES.confirmed, email: "reader@example.com" });
    const [after] = await getDb().select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, "reader@example.com"));
    expect(after?.confirmedAt).toBeInstanceOf(Date);
    await expect(confirmNewsletter(token)).resolves.toMatchObject({ message: NEWSLETTER_MESSAGES.alreadyConfirmedLink });
  });

  it("re-sends a new link to an unconfirmed address, and the old link stops working", async () => {
    await subscribeToNewsletter({ email: "twice@example.com", firstName: "", ip: "10.0.0.2" });
    await subscribeToNewsletter({ email: "twice@example.com", firstName: "", ip: "10.0.0.2" });
    // The second mail waits for the worker's turn after the first: on a loaded machine that can take more than 5 s.
    const [first, second] = await smtp.waitFor(2, 20_000);
    const oldToken = tokenFrom(first!.text);
    const newToken = tokenFrom(second!.text);
    expect(newToken).not.toBe(oldToken);
    await expect(confirmNewsletter(oldToken)).rejects.toMatchObject({ status: 400, message: NEWSLETTER_MESSAGES.invalidToken });
    await expect(confirmNewsletter(newToken)).resolves.toMatchObject({ message: NEWSLETTER_MESSAGES.confirmed });
    expect(await getDb().select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, "twice@example.com"))).toHaveLength(1);
  });

  it("answers a confirmed address kindly without sending more mail", async () => {
    await subscribeToNewsletter({ email: "done@example.com", firstName: "", ip: "10.0.0.3" });
    const [mail] = await smtp.waitFor(1);
    await confirmNewsletter(tokenFrom(mail!.text));
    smtp.messages.length = 0;
    await expect(subscribeToNewsletter({ email: "done@example.com", firstName: "", ip: "10.0.0.3" })).resolves.toEqual({
      message: NEWSLETTER_MESSAGES.alreadyConfirmed,
      status: "already_confirmed",
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.messages).toHaveLength(0);
  });

  it("refuses unknown and expired links", async () => {
    await expect(confirmNewsletter("made-up")).rejects.toMatchObject({ message: NEWSLETTER_MESSAGES.invalidToken });
    await expect(confirmNewsletter("")).rejects.toMatchObject({ message: NEWSLETTER_MESSAGES.invalidToken });
    await subscribeToNewsletter({ email: "late@example.com", firstName: "", ip: "10.0.0.4" });
    const [mail] = await smtp.waitFor(1);
    await getDb()
      .update(newsletterSubscriptions)
      .set({ confirmSentAt: new Date(Date.now() - 8 * 24 * 3_600_000) })
      .where(eq(newsletterSubscriptions.email, "late@example.com"));
    await expect(confirmNewsletter(tokenFrom(mail!.text))).rejects.toMatchObject({ message: NEWSLETTER_MESSAGES.expiredToken });
  });

  it("ignores honeypot submissions", async () => {
    const result = await subscribeToNewsletter({ email: "bot@example.com", firstName: "", ip: "10.0.0.5", honeypot: "x" });
    expect(result.status).toBe("ignored");
    expect(await getDb().select().from(newsletterSubscriptions)).toHaveLength(0);
  });
});
