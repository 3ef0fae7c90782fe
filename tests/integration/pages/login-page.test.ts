/** The login page after a sign-up or reset on a server without SMTP: where the e-mail went and how to open its link. */
import { setupTestDatabase } from "#db/testing";
import { MAIL_OUTBOX_PATH, mailOutboxNote } from "~/domain/auth/auth";
import * as login from "../../../app/routes/dashboard_.login";

setupTestDatabase();

async function load(search: string) {
  const res = (await login.loader({
    request: new Request(`http://localhost/dashboard/login${search}`),
    params: {},
    context: {},
  })) as Response;
  expect(res.status).toBe(200);
  return (await res.json()) as { notice?: string; mailNote: { text: string; href: string | null } | null };
}

describe("the login page's notice of an e-mail sent", () => {
  it("without SMTP, says the sign-up e-mail waits in the outbox and links to it", async () => {
    const page = await load("?notice=signup-sent");
    expect(page.notice).toMatch(/Check your e-mail/);
    expect(page.mailNote).toEqual(mailOutboxNote("public"));
    expect(page.mailNote!.href).toBe(MAIL_OUTBOX_PATH);
    expect(page.mailNote!.text).toContain("SMTP_URL");
    expect((await load("?notice=reset-sent")).mailNote).toEqual(mailOutboxNote("public"));
    expect((await load("?notice=password-changed")).mailNote).toBeNull();
    expect((await load("")).mailNote).toBeNull();
  });

  it("where only the administrator reads the outbox, says so and what to ask for; with no outbox page, adds nothing", () => {
    const admin = mailOutboxNote("admin")!;
    expect(admin.href).toBeNull();
    expect(admin.text).toMatch(/Only the administrator can read the outbox/);
    expect(mailOutboxNote("off")).toBeNull();
  });
});
