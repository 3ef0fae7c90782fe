import { contactMessages } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { ContactSchema } from "~/domain/content/forms/contact";
import { PUBLIC_FORM_LIMIT } from "~/domain/content/forms/public-forms";
import { resetEnvCacheForTesting } from "~/env.server";
import { startSmtpCapture, type SmtpCapture } from "../../../../tests/support/smtp-capture";
import { sendContactMessage } from "./contact.server";

const getDb = setupTestDatabase();
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  process.env.TEAM_MAILBOX = "team@climate.example.org";
  resetEnvCacheForTesting();
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.TEAM_MAILBOX;
  resetEnvCacheForTesting();
  await smtp.close();
});

beforeEach(() => {
  smtp.messages.length = 0;
});

const message = { firstname: "Grace", lastname: "Hopper", email: "grace@example.com", message: "Could we discuss a portfolio of 300 sites?" };

describe("contact messages", () => {
  it("stores the message and mails the team mailbox with reply-to the sender", async () => {
    const { id } = await sendContactMessage({ ...message, ip: "10.3.3.3" });
    expect(id).toBeGreaterThan(0);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual(["team@climate.example.org"]);
    expect(mail!.header("reply-to")).toContain("grace@example.com");
    expect(mail!.header("subject")).toContain("Grace Hopper");
    expect(mail!.text).toContain("Could we discuss a portfolio of 300 sites?");
    const rows = await getDb().select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: "Grace", lastName: "Hopper", email: "grace@example.com" });
  });

  it("validates with the spec's messages", () => {
    const result = ContactSchema.safeParse({ firstname: "", lastname: "X", email: "nope", message: "short" });
    expect(result.success).toBe(false);
    const errors = result.error!.flatten().fieldErrors;
    expect(errors.firstname).toEqual(["Field is required"]);
    expect(errors.email).toEqual(["Invalid Email"]);
    expect(errors.message).toEqual(["Must be at least 10 symbols"]);
  });

  it("drops honeypot submissions and rate-limits per IP", async () => {
    await expect(sendContactMessage({ ...message, ip: "10.4.4.4", honeypot: "filled" })).resolves.toEqual({ id: null });
    for (let i = 0; i < PUBLIC_FORM_LIMIT.perIp; i++) await sendContactMessage({ ...message, ip: "10.5.5.5" });
    await expect(sendContactMessage({ ...message, ip: "10.5.5.5" })).rejects.toMatchObject({ status: 429 });
    expect(await getDb().select().from(contactMessages)).toHaveLength(PUBLIC_FORM_LIMIT.perIp);
  });
});
