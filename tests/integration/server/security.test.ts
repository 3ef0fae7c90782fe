/** Each block reproduces a request from the security audit (issue 7, part A) and checks the fixed behaviour. */
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { DEMO_ACCOUNTS_WARNING, resetEnvCacheForTesting, shouldSeedDemoAccounts } from "~/env.server";
import { AUTH_MESSAGES, LOGIN_LIMITS, PASSWORD_RESET_LIMITS, loginSlowDownMs } from "~/domain/auth/auth";
import { verifyApiKey } from "../../support/api-keys";
import { changePassword, logIn, resetPassword } from "~/services/auth/auth.server";
import { requestPasswordReset } from "../../support/password-reset";
import { listOutbox } from "~/services/mail/mail.server";
import { closeDb, demoAccountsEnabled, setDbForTesting } from "~/services/infra/db.server";
import { logger } from "~/services/infra/logger.server";
import { createSession, getSessionUser } from "~/services/auth/session.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from "#db/seed";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { withAreaFloodSources } from "~/risk/engine/flood-layer-scores";
import { rotateApiKey } from "~/services/api/keys/api-keys.server";
import { grantLocation } from "~/services/commerce/entitlements.server";
import { eq } from "drizzle-orm";
import { contactMessages, mailOutbox } from "#db/schema/index";
import { MAIL_MESSAGES, RECIPIENT_LIMITS } from "~/domain/content/forms/mail";
import { PUBLIC_FORM_LIMIT, rateLimitMessage } from "~/domain/content/forms/public-forms";
import { sendContactMessage } from "~/services/content/forms/contact.server";
import { faqListResponse } from "~/services/api/content-api.server";
import { NEWSLETTER_CONFIRM_PATH, subscribeToNewsletter } from "~/services/content/forms/newsletter.server";
import { deliverDueMail, pruneOutbox, sendMail, wakeMailWorker } from "~/services/mail/mail.server";
import { RATE_LIMITS_DISABLED_WARNING, warnIfRateLimitsDisabled } from "~/services/http/rate-limit.server";
import { startSmtpCapture } from "../../support/smtp-capture";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import * as outbox from "../../../app/routes/_public+/dev.outbox";
import * as getEmail from "../../../app/routes/api+/v1+/get_email";
import * as login from "../../../app/routes/dashboard_.login";
import * as contactPage from "../../../app/routes/_public+/contact";
import * as floodMapPage from "../../../app/routes/_public+/products+/flood-map";
import * as adminList from "../../../app/routes/dashboard+/admin+/$type._index";
import * as healthz from "../../../app/routes/_resources+/healthz";
import * as robots from "../../../app/routes/_resources+/robots[.]txt";
import * as sitemap from "../../../app/routes/_resources+/sitemap[.]xml";
import * as methodologyPdf from "../../../app/routes/_resources+/downloads.pricing-list[.]pdf";
import { PASSWORD_STRENGTH_MESSAGES } from "~/domain/auth/password-strength";
import { FORM_BODY_MESSAGES } from "~/domain/forms/errors";
import { MESSAGES } from "~/domain/forms/validation";
import { redactUrl } from "~/services/infra/logger.server";
import * as floodGeoJson from "../../../app/routes/_resources+/flood-map[.]geojson";
import * as pointHazards from "../../../app/routes/api+/riskdb+/get_data.hazards";

const getDb = setupTestDatabase();
const savedEnv = { ...process.env };

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCacheForTesting();
}

afterEach(() => {
  process.env = { ...savedEnv };
  resetEnvCacheForTesting();
  vi.restoreAllMocks();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRoute = { loader?: any; action?: any };
async function callLoader(
  route: AnyRoute,
  url: string,
  headers: HeadersInit = {},
  context: Record<string, unknown> = {},
) {
  try {
    return (await route.loader({ request: new Request(url, { headers }), params: {}, context })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("A1: demo accounts and reset links in production", () => {
  it("a production container without DATABASE_URL seeds no demo accounts", () => {
    setEnv({ NODE_ENV: "production", DATABASE_URL: undefined, SEED_DEMO_ACCOUNTS: undefined });
    expect(shouldSeedDemoAccounts()).toBe(false);
    setEnv({ SEED_DEMO_ACCOUNTS: "false" });
    expect(shouldSeedDemoAccounts()).toBe(false);
  });

  it("seeds them in production only with SEED_DEMO_ACCOUNTS=true, with a loud warning", () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined as never);
    setEnv({ NODE_ENV: "production", DATABASE_URL: undefined, SEED_DEMO_ACCOUNTS: "true" });
    expect(demoAccountsEnabled()).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.anything(), DEMO_ACCOUNTS_WARNING);
  });

  it("a production start without the flag locks demo accounts an earlier seed left: password, sessions and keys", async () => {
    await seedDatabase(getDb(), { demoAccounts: true });
    const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
    const { user, token } = await logIn({ email: admin.email, password: DEMO_PASSWORD, ip: "203.0.113.40" });
    const { key } = await rotateApiKey(user);
    await requestPasswordReset(admin.email, "203.0.113.40");
    const resetToken = new URL(/https?:\/\/\S+/.exec((await listOutbox(1))[0]!.text)![0]).searchParams.get("token")!;

    setEnv({ NODE_ENV: "production", DATABASE_URL: undefined, SEED_DEMO_ACCOUNTS: undefined });
    await seedDatabase(getDb(), { demoAccounts: demoAccountsEnabled() });

    await expect(logIn({ email: admin.email, password: DEMO_PASSWORD, ip: "203.0.113.41" })).rejects.toMatchObject({
      message: AUTH_MESSAGES.invalidCredentials,
    });
    expect(
      await getSessionUser(new Request("http://localhost/", { headers: { Cookie: `weather_token=${token}` } })),
    ).toBeNull();
    expect(await verifyApiKey(key!)).toBeNull();
    await expect(resetPassword(resetToken, "Taken-over-123")).rejects.toMatchObject({
      message: AUTH_MESSAGES.resetInvalid,
    });
  });

  it("the production outbox page never shows a reset token, not even to an administrator", async () => {
    setEnv({ NODE_ENV: "production", MAIL_OUTBOX_PAGE: undefined, SMTP_URL: undefined });
    const victim = (await createUser(getDb(), { planCode: "DISCOVERY" }))!;
    const admin = (await createUser(getDb(), { planCode: "PREMIUM", role: "admin" }))!;
    await requestPasswordReset(victim.email);
    const token = await createSession(admin.id);
    const res = await callLoader(outbox, "http://localhost/dev/outbox", { Cookie: `weather_token=${token}` });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { messages: { to: string; text: string }[] };
    const mail = body.messages.find((m) => m.to === victim.email)!;
    expect(mail.text).toContain("view=reset&token=[redacted]");
    expect(mail.text).not.toMatch(/token=[A-Za-z0-9_-]{10,}/);
  });

  it("the production outbox page hides newsletter-confirmation tokens too", async () => {
    setEnv({ NODE_ENV: "production", MAIL_OUTBOX_PAGE: undefined, SMTP_URL: undefined });
    await subscribeToNewsletter({ email: "someone-else@example.com", firstName: "", ip: "203.0.113.31" });
    const admin = (await createUser(getDb(), { planCode: "PREMIUM", role: "admin" }))!;
    const res = await callLoader(outbox, "http://localhost/dev/outbox", {
      Cookie: `weather_token=${await createSession(admin.id)}`,
    });
    const body = (await res.json()) as { messages: { to: string; text: string }[] };
    const mail = body.messages.find((m) => m.to === "someone-else@example.com")!;
    expect(mail.text).toContain(`${NEWSLETTER_CONFIRM_PATH}?token=[redacted]`);
    expect(mail.text).not.toMatch(/token=[A-Za-z0-9_-]{10,}/);
  });
});

describe("A2: point values only at the level the caller may access", () => {
  const BERLIN = { lat: "52.52", lon: "13.405", scenario: "rcp85", period: "2050" };
  const pointUrl = (q: Record<string, string>) =>
    `http://localhost${apiUrl(API_PATHS.riskPointHazards)}?${new URLSearchParams(q)}`;
  const point = async (
    q: Record<string, string>,
    headers: HeadersInit = {},
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): Promise<{ status: number; body: any; res: Response }> => {
    const res = await callLoader(pointHazards, pointUrl(q), headers);
    return { status: res.status, body: await res.clone().json(), res };
  };
  async function signedIn(planCode: "DISCOVERY" | "GRANULAR" | "PREMIUM") {
    const user = (await createUser(getDb(), { planCode }))!;
    return { user, auth: { Authorization: `Bearer ${await createSession(user.id)}` } };
  }

  it("an anonymous caller gets the country's values for a Berlin point, never the hexagon's (explain too)", async () => {
    const loc = getRiskEngine().locate(52.52, 13.405);
    if (loc.status !== "ok") throw new Error("Berlin not located");
    const r = await point({ ...BERLIN, explain: "1" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ location_type: "country", location_code: "DE", hexagon_code: loc.hexagon_code });
    // A country's river and coastal flood are the index's, and say so.
    const country = withAreaFloodSources(getRiskEngine().scores("DE", "rcp85", "2050", { explain: true }));
    // Berlin is inland: Germany's coastal figures are not its own (inland-place.test.ts); every other hazard is Germany's
    const notCoastal = (hs: { hazard_id: string }[]) => hs.filter((h) => h.hazard_id !== "SS" && h.hazard_id !== "SL");
    expect(notCoastal(r.body.hazards)).toEqual(JSON.parse(JSON.stringify(notCoastal(country.hazards))));
    expect(
      r.body.hazards
        .filter((h: { state: string }) => h.state === "not_applicable")
        .map((h: { hazard_id: string }) => h.hazard_id),
    ).toEqual(expect.arrayContaining(["SS", "SL"]));
    const hexagon = getRiskEngine().scores(loc.hexagon_code, "rcp85", "2050");
    expect(r.body.hazards.map((h: { value: unknown }) => h.value)).not.toEqual(hexagon.hazards.map((h) => h.value));
  });

  it("a signed-in user gets the region once ordered, the hexagon once ordered; a PREMIUM key reads what its account reads", async () => {
    const loc = getRiskEngine().locate(52.52, 13.405);
    if (loc.status !== "ok" || !loc.region_code) throw new Error("Berlin not located in a region");
    const { user, auth } = await signedIn("GRANULAR");
    expect((await point(BERLIN, auth)).body.location_type).toBe("country");
    await grantLocation(user.id, loc.region_code, "grant");
    expect((await point(BERLIN, auth)).body).toMatchObject({ location_type: "region", location_code: loc.region_code });
    await grantLocation(user.id, loc.hexagon_code, "grant");
    const hex = await point(BERLIN, auth);
    expect(hex.body).toMatchObject({ location_type: "hexagon", location_code: loc.hexagon_code });
    expect(hex.res.headers.get("Cache-Control")).toBe("no-store");

    const premium = await signedIn("PREMIUM");
    const { key } = await rotateApiKey(premium.user);
    expect((await point(BERLIN, { Authorization: `Bearer ${key}` })).body.location_type).toBe("country");
    expect((await point(BERLIN, premium.auth)).body.location_type).toBe("country");
    await grantLocation(premium.user.id, loc.hexagon_code, "order");
    expect((await point(BERLIN, { Authorization: `Bearer ${key}` })).body.location_type).toBe("hexagon");
    expect((await point(BERLIN, premium.auth)).body.location_type).toBe("hexagon");
  });

  it("a point anywhere on land answers its country to everyone: anonymous, DISCOVERY, never the hexagon", async () => {
    const tokyo = { lat: "35.68", lon: "139.69", scenario: "rcp85", period: "2050" };
    const loc = getRiskEngine().locate(35.68, 139.69);
    if (loc.status !== "ok") throw new Error("Tokyo not located");
    const anonymous = await point(tokyo);
    expect(anonymous).toMatchObject({
      status: 200,
      body: { location_type: "country", location_code: "JP", hexagon_code: loc.hexagon_code },
    });
    const { auth } = await signedIn("DISCOVERY");
    expect((await point(tokyo, auth)).body).toMatchObject({ location_type: "country", location_code: "JP" });
    const hexagon = getRiskEngine().scores(loc.hexagon_code, "rcp85", "2050");
    expect(anonymous.body.hazards.map((h: { value: unknown }) => h.value)).not.toEqual(
      hexagon.hazards.map((h) => h.value),
    );
  });

  it("the public hexagon map layer publishes region or country values, never a cell's own", async () => {
    const res = await callLoader(
      floodGeoJson,
      "http://localhost/flood-map.geojson?layer=hexagons&country=NL&scenario=rcp85&period=2050",
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      features: { properties: { code: string; score: number | null; location_type: string; area_code: string } }[];
    };
    expect(body.features.length).toBeGreaterThan(10);
    const engine = getRiskEngine();
    const flood = (code: string) =>
      engine.scores(code, "rcp85", "2050").hazards.find((h) => h.hazard_id === "FD")!.score;
    let differs = 0;
    for (const f of body.features) {
      expect(f.properties.location_type).not.toBe("hexagon");
      expect(f.properties.score).toBe(flood(f.properties.area_code));
      if (flood(f.properties.code) !== f.properties.score) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });
});

describe("A4: limits keyed by the socket address, per-recipient mail limits, a capped outbox", () => {
  const documentPost = (headers: Record<string, string>, remoteAddress: string, email = "victim@third-party.example") =>
    getEmail.action({
      request: new Request("http://localhost/api/v1/get_email?document_id=pricing", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ email }),
      }),
      params: {},
      context: { remoteAddress },
    } as never) as Promise<Response>;

  it("rotating X-Forwarded-For or X-Client-IP does not buy more document e-mails", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PUBLIC_FORM_LIMIT.perIp + 2; i++) {
      const spoof: Record<string, string> =
        i % 2 ? { "X-Forwarded-For": `198.51.100.${i}` } : { "X-Client-IP": `198.51.100.${i}` };
      statuses.push((await documentPost(spoof, "203.0.113.50", `reader${i}@example.com`)).status);
    }
    expect(statuses.slice(0, PUBLIC_FORM_LIMIT.perIp)).toEqual(Array(PUBLIC_FORM_LIMIT.perIp).fill(200));
    const last = await documentPost({ "X-Forwarded-For": "192.0.2.99" }, "203.0.113.50", "another@example.com");
    expect(last.status).toBe(429);
    expect(((await last.json()) as { error: string }).error).toBe(rateLimitMessage());
  });

  it("one third-party address gets a bounded number of documents, however many clients ask", async () => {
    const limit = RECIPIENT_LIMITS.document!.perRecipient;
    for (let i = 0; i < limit; i++) expect((await documentPost({}, `203.0.113.${100 + i}`)).status).toBe(200);
    const refused = await documentPost({}, "203.0.113.200");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe(MAIL_MESSAGES.recipientLimited);
    const rows = await getDb().select().from(mailOutbox).where(eq(mailOutbox.to, "victim@third-party.example"));
    expect(rows).toHaveLength(limit);
  });

  it("DISABLE_RATE_LIMIT (load tests) leaves the per-recipient mail limits on, and a production server says so loudly", async () => {
    setEnv({ DISABLE_RATE_LIMIT: "true" });
    const limit = RECIPIENT_LIMITS.document!.perRecipient;
    for (let i = 0; i < limit; i++) expect((await documentPost({}, "203.0.113.60")).status).toBe(200);
    const refused = await documentPost({}, "203.0.113.60");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe(MAIL_MESSAGES.recipientLimited);
    const reset = RECIPIENT_LIMITS["password-reset"]!.perRecipient;
    await createUser(getDb(), { email: "reset-target@example.com" });
    for (let i = 0; i < reset + 2; i++) await requestPasswordReset("reset-target@example.com", "203.0.113.61");
    expect((await listOutbox(50)).filter((m) => m.to === "reset-target@example.com")).toHaveLength(reset);

    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined as never);
    expect(warnIfRateLimitsDisabled()).toBe(true);
    expect(warn).not.toHaveBeenCalled();
    setEnv({ NODE_ENV: "production" });
    expect(warnIfRateLimitsDisabled()).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ security: true }), RATE_LIMITS_DISABLED_WARNING);
  });

  it("the outbox is capped: old delivered rows are pruned", async () => {
    await sendMail({ to: "old@example.com", subject: "old", text: "x", kind: "other" });
    await getDb()
      .update(mailOutbox)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) });
    await sendMail({ to: "new@example.com", subject: "new", text: "x", kind: "other" });
    await pruneOutbox();
    const rows = await getDb().select({ to: mailOutbox.to }).from(mailOutbox);
    expect(rows.map((r) => r.to)).toEqual(["new@example.com"]);
  });
});

describe("A6: mail is queued; an SMTP outage never fails a stored request and nothing is sent twice", () => {
  it("contact answers success while SMTP is down; the worker retries and delivers exactly once", async () => {
    const down = await startSmtpCapture();
    const deadUrl = down.url;
    await down.close();
    setEnv({ SMTP_URL: deadUrl });
    const result = await sendContactMessage({
      firstname: "Ana",
      lastname: "Lyst",
      email: "ana@example.com",
      message: "Hello there, please call me.",
      ip: "203.0.113.9",
    });
    expect(result.id).not.toBeNull();
    expect(await getDb().select().from(contactMessages)).toHaveLength(1);
    await wakeMailWorker();
    let [row] = await getDb().select().from(mailOutbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    const smtp = await startSmtpCapture();
    try {
      setEnv({ SMTP_URL: smtp.url });
      await getDb()
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) });
      // Two workers (two instances) racing for the same due row.
      const [a, b] = await Promise.all([deliverDueMail(), deliverDueMail()]);
      expect(a + b).toBe(1);
      await smtp.waitFor(1);
      expect(smtp.messages).toHaveLength(1);
      [row] = await getDb().select().from(mailOutbox);
      expect(row).toMatchObject({ status: "sent", attempts: 2 });
      expect(await deliverDueMail()).toBe(0);
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});

describe("A7: the mail worker stops before the database closes", () => {
  /** An SMTP server that takes a while over each message and says when one has started arriving. */
  async function slowSmtp(delayMs: number) {
    let received = 0;
    let signalStarted!: () => void;
    const started = new Promise<void>((resolve) => (signalStarted = resolve));
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        signalStarted();
        stream.resume();
        stream.on("end", () =>
          setTimeout(() => {
            received++;
            callback();
          }, delayMs),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    return {
      url: `smtp://127.0.0.1:${port}`,
      started,
      received: () => received,
      close: () => new Promise<void>((r) => server.close(() => r())),
    };
  }

  it("closing the database waits for the message being sent and hands the other claimed ones back", async () => {
    const smtp = await slowSmtp(400);
    try {
      setEnv({ SMTP_URL: smtp.url });
      const row = (to: string) => ({
        to,
        from: "a@example.com",
        subject: "s",
        text: "x",
        transport: "smtp" as const,
        status: "pending" as const,
      });
      await getDb()
        .insert(mailOutbox)
        .values([row("first@example.com"), row("second@example.com")]);
      void wakeMailWorker();
      await smtp.started;
      const db = getDb();
      await closeDb();
      setDbForTesting(db);
      const rows = await db.select().from(mailOutbox).orderBy(mailOutbox.id);
      expect(rows.map((r) => [r.to, r.status, r.attempts])).toEqual([
        ["first@example.com", "sent", 1],
        ["second@example.com", "pending", 0],
      ]);
      expect(smtp.received()).toBe(1);
    } finally {
      await smtp.close();
    }
  });
});

describe("A5: lockout, reset limits, enumeration, revocation of keys and older links", () => {
  const tokenOf = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;
  async function latestResetToken(email: string) {
    const mail = (await listOutbox(20)).find((m) => m.to === email)!;
    return tokenOf(mail.text);
  }

  it("a stranger's failures do not lock the owner out; the account is only slowed down", async () => {
    await createUser(getDb(), { email: "owner@example.com", password: "Owner-pass-123" });
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndClient + 3; i++) {
      await logIn({ email: "owner@example.com", password: "guess", ip: "198.51.100.66" }).catch(() => null);
    }
    await expect(logIn({ email: "owner@example.com", password: "guess", ip: "198.51.100.66" })).rejects.toMatchObject({
      status: 429,
    });
    await expect(
      logIn({ email: "owner@example.com", password: "Owner-pass-123", ip: "203.0.113.1" }),
    ).resolves.toBeTruthy();
    expect(loginSlowDownMs(LOGIN_LIMITS.slowDownAfter - 1)).toBe(0);
    expect(loginSlowDownMs(LOGIN_LIMITS.slowDownAfter)).toBeGreaterThan(0);
    expect(loginSlowDownMs(10_000)).toBe(LOGIN_LIMITS.maxDelayMs);
  });

  it("password reset requests are limited, and answer unknown addresses like known ones", async () => {
    await createUser(getDb(), { email: "many@example.com" });
    for (let i = 0; i < PASSWORD_RESET_LIMITS.perEmail; i++)
      await requestPasswordReset("many@example.com", `203.0.113.${i}`);
    await expect(requestPasswordReset("many@example.com", "203.0.113.77")).rejects.toMatchObject({
      status: 429,
      message: AUTH_MESSAGES.tooManyResets(60),
    });
    await expect(requestPasswordReset("nobody-here@example.com", "203.0.113.78")).resolves.toBeUndefined();
  });

  it("a newer reset link and a password change invalidate older links; reset and change revoke API keys", async () => {
    const user = (await createUser(getDb(), {
      email: "keys@example.com",
      planCode: "PREMIUM",
      password: "Old-pass-123",
    }))!;
    const { key } = await rotateApiKey(user);
    await requestPasswordReset(user.email, "203.0.113.5");
    const first = await latestResetToken(user.email);
    await requestPasswordReset(user.email, "203.0.113.5");
    const second = await latestResetToken(user.email);
    expect(second).not.toBe(first);
    await expect(resetPassword(first, "Newer-pass-456")).rejects.toMatchObject({ message: AUTH_MESSAGES.resetInvalid });
    await resetPassword(second, "Newer-pass-456");
    expect(await verifyApiKey(key!)).toBeNull();

    const again = await rotateApiKey(user);
    await requestPasswordReset(user.email, "203.0.113.6");
    const pending = await latestResetToken(user.email);
    await changePassword(user.id, "Newer-pass-456", "Third-pass-789");
    await expect(resetPassword(pending, "Fourth-pass-000")).rejects.toMatchObject({
      message: AUTH_MESSAGES.resetInvalid,
    });
    expect(await verifyApiKey(again.key!)).toBeNull();
  });
});

describe("A6: every bad input is a clear 4xx, secrets stay out of logs, nosniff everywhere", () => {
  async function callAction(route: AnyRoute, url: string, init: RequestInit, params: Record<string, string> = {}) {
    try {
      return (await route.action({
        request: new Request(url, { method: "POST", ...init }),
        params,
        context: { remoteAddress: "203.0.113.30" },
      })) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }
  const form = (values: Record<string, string>) => ({
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(values).toString(),
  });

  it("JSON, text or empty content types on a form route are 415; malformed multipart is 400", async () => {
    for (const headers of [{ "Content-Type": "application/json" }, { "Content-Type": "text/plain" }, {}] as Record<
      string,
      string
    >[]) {
      const res = await callAction(login, "http://localhost/dashboard/login", {
        headers,
        body: headers["Content-Type"] ? '{"intent":"login"}' : undefined,
      });
      expect(res.status).toBe(415);
      expect(((await res.json()) as { message: string }).message).toBe(FORM_BODY_MESSAGES.unsupportedType);
    }
    const broken = await callAction(contactPage, "http://localhost/contact", {
      headers: { "Content-Type": "multipart/form-data; boundary=XYZ" },
      body: '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
    });
    expect(broken.status).toBe(400);
  });

  it("a NUL byte in a text field is a 400 naming the problem", async () => {
    const res = await callAction(
      contactPage,
      "http://localhost/contact",
      form({
        firstname: "A\u0000b",
        lastname: "B",
        email: "a@example.com",
        message: "Hello\u0000 there, a long enough message.",
      }),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(MESSAGES.controlCharacters);
  });

  it("a NUL byte in the FAQ category filter is a 400 naming the parameter", async () => {
    for (const category of ["\u0000", "Plans\u0000 & Billing"]) {
      const res = await faqListResponse(
        new Request(`http://localhost/api/v1/faq/?${new URLSearchParams({ category })}`),
      );
      expect(res.status, JSON.stringify(category)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain("category");
    }
    expect(
      (await faqListResponse(new Request("http://localhost/api/v1/faq/?category=Plans%20%26%20Billing"))).status,
    ).toBe(200);
  });

  it("sign-up refuses a common password with a clear message", async () => {
    const res = await callAction(
      login,
      "http://localhost/dashboard/login",
      form({
        intent: "signup",
        firstName: "A",
        lastName: "B",
        email: "new-user@example.com",
        password: "password",
        confirmPassword: "password",
      }),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(PASSWORD_STRENGTH_MESSAGES.weak);
  });

  it("sign-up answers a new address and one with an account alike; the owner gets a mail, the newcomer a link", async () => {
    const owner = (await createUser(getDb(), { email: "owner-signup@example.com", password: "Owner-pass-2026" }))!;
    const attempt = (email: string) =>
      callAction(
        login,
        "http://localhost/dashboard/login",
        form({
          intent: "signup",
          firstName: "Eve",
          lastName: "Probe",
          email,
          password: "Probing-pass-77",
          confirmPassword: "Probing-pass-77",
          redirectTo: "/dashboard/scan",
        }),
      );
    const existing = await attempt("Owner-Signup@example.com");
    const fresh = await attempt("newcomer-signup@example.com");
    const answer = async (res: Response) => ({
      status: res.status,
      location: res.headers.get("Location"),
      body: await res.text(),
      session: res.headers.getSetCookie().some((c) => c.startsWith("weather_token=")),
    });
    const [a, b] = [await answer(existing), await answer(fresh)];
    expect(a).toEqual(b);
    expect(a).toMatchObject({ status: 302, location: "/dashboard/login?notice=signup-sent", session: false });

    const mailTo = async (to: string) => {
      for (let i = 0; i < 50; i++) {
        const [mail] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.to, to));
        if (mail) return mail;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail to ${to}`);
    };
    const ownerMail = await mailTo("owner-signup@example.com");
    expect(ownerMail.subject).toBe("You already have an account");
    expect(ownerMail.text).not.toContain("token=");
    // The owner's account is untouched: the old password still works.
    await expect(logIn({ email: owner.email, password: "Owner-pass-2026", ip: "203.0.113.31" })).resolves.toMatchObject(
      { user: { id: owner.id } },
    );

    const newcomerMail = await mailTo("newcomer-signup@example.com");
    const link = new URL(newcomerMail.text.match(/https?:\/\/\S*view=confirm\S*/)![0]);
    const token = link.searchParams.get("token")!;
    // No account until the link is confirmed; then one, signed in, sent where the sign-up was going.
    await expect(
      logIn({ email: "newcomer-signup@example.com", password: "Probing-pass-77", ip: "203.0.113.32" }),
    ).rejects.toMatchObject({ message: AUTH_MESSAGES.invalidCredentials });
    const confirmed = await callAction(
      login,
      `http://localhost/dashboard/login?view=confirm&token=${token}`,
      form({ intent: "confirm_signup", token }),
    );
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/dashboard/scan");
    expect(confirmed.headers.getSetCookie().some((c) => c.startsWith("weather_token="))).toBe(true);
    const again = await callAction(
      login,
      `http://localhost/dashboard/login?view=confirm&token=${token}`,
      form({ intent: "confirm_signup", token }),
    );
    expect(again.status).toBe(400);
    expect(JSON.stringify(await again.json())).toContain(AUTH_MESSAGES.signupInvalid);
  });

  it("redirectTo with CR/LF or non-Latin-1 characters never breaks the redirect", async () => {
    const user = (await createUser(getDb(), { email: "redir@example.com", password: "Redirect-pass-1" }))!;
    const token = await createSession(user.id);
    const cases: [string, string][] = [
      ["/x\r\nSet-Cookie: a=b", "/dashboard"],
      ["/%0d%0aSet-Cookie:a=b", "/dashboard"],
      ["/%09/evil.example", "/dashboard"],
      ["/caf\u00e9/\u20ac", "/caf%C3%A9/%E2%82%AC"],
    ];
    for (const [target, location] of cases) {
      const res = await callLoader(login, `http://localhost/dashboard/login?redirectTo=${encodeURIComponent(target)}`, {
        Cookie: `weather_token=${token}`,
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(location);
    }
    const signedIn = await callAction(
      login,
      "http://localhost/dashboard/login",
      form({ intent: "login", email: user.email, password: "Redirect-pass-1", redirectTo: "/caf\u00e9" }),
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/caf%C3%A9");
  });

  it("scenario=__proto__ on the flood-map routes is a normal answer, not a 500", async () => {
    const page = await callLoader(
      floodMapPage,
      "http://localhost/products/flood-map?scenario=__proto__&period=constructor",
    );
    expect(page.status).toBe(200);
    const layer = await callLoader(
      floodGeoJson,
      "http://localhost/flood-map.geojson?scenario=__proto__&country=NL&layer=hexagons",
    );
    expect(layer.status).toBe(200);
  });

  it("publishing a missing content id is a 404 with a message", async () => {
    const admin = (await createUser(getDb(), { role: "admin", planCode: "PREMIUM" }))!;
    const token = await createSession(admin.id);
    const res = await callAction(
      adminList,
      "http://localhost/dashboard/admin/posts",
      {
        ...form({ id: "999999", intent: "publish" }),
        headers: { ...form({}).headers, Cookie: `weather_token=${token}` },
      },
      { type: "posts" },
    );
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("999999");
  });

  it("reset and newsletter tokens and API keys are redacted from logged URLs", () => {
    expect(redactUrl("http://x/dashboard/login?view=reset&token=T0p-s3cret")).not.toContain("T0p-s3cret");
    expect(redactUrl("/newsletter/confirm?token=abc")).toBe("/newsletter/confirm?token=[redacted]");
    expect(redactUrl("/api/riskdb/statistic?api_key=crk_x")).toBe("/api/riskdb/statistic?api_key=[redacted]");
  });

  it("sitemap.xml, robots.txt, PDFs and /healthz carry nosniff", async () => {
    for (const route of [healthz, robots, sitemap, methodologyPdf]) {
      const res = await callLoader(route, "http://localhost/x");
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });
});
