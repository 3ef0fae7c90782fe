import { eq } from "drizzle-orm";
import { mailOutbox, passwordResetTokens, sessions, signupRequests, users } from "#db/schema/index";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { AUTH_MESSAGES, LOGIN_LIMITS } from "~/domain/auth/auth";
import { DEMO_PASSWORD, PASSWORD_STRENGTH_MESSAGES } from "~/domain/auth/password-strength";
import { resetEnvCacheForTesting } from "~/env.server";
import { acceptPasswordReset, changePassword, confirmSignup, logIn, resetPassword, signUp } from "./auth.server";
import { requestPasswordReset } from "../../../tests/support/password-reset";
import { listOutbox } from "../mail/mail.server";
import { getSessionUser, revokeSessionToken } from "./session.server";

const getDb = setupTestDatabase();

function requestWithCookie(token: string) {
  return new Request("http://localhost/dashboard", { headers: { Cookie: `weather_token=${token}` } });
}

describe("accounts", () => {
  it("signs up on the free plan from the e-mailed link, with a hashed password, and opens a session", async () => {
    const { delivery } = await signUp({
      email: "Ann@Example.com",
      password: "long-enough-1",
      firstName: "Ann",
      lastName: "Lee",
    });
    await delivery;
    expect(await getDb().select().from(users).where(eq(users.email, "ann@example.com"))).toEqual([]);
    const [mail] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.to, "ann@example.com"));
    expect(mail!.subject).toBe("Finish creating your account");
    const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;
    const { user, token: session } = await confirmSignup(token);
    expect(user.email).toBe("ann@example.com");
    expect(user.planCode).toBe("DISCOVERY");
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user.passwordHash).not.toContain("long-enough-1");
    expect((await getSessionUser(requestWithCookie(session)))?.email).toBe("ann@example.com");
    const [stored] = await getDb().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored?.id).not.toBe(session);
    // The link is used up; a made-up one never worked.
    await expect(confirmSignup(token)).rejects.toMatchObject({ message: AUTH_MESSAGES.signupInvalid, status: 400 });
    await expect(confirmSignup("made-up")).rejects.toMatchObject({ message: AUTH_MESSAGES.signupInvalid });
  });

  it("refuses guessable passwords at sign-up, and the README's demo password in production everywhere", async () => {
    for (const weak of ["Password123!", "qwertyuiop12", "aaaaaaaaaaaa"]) {
      await expect(
        signUp(
          { email: "weak@example.com", password: weak, firstName: "W", lastName: "K" },
          `203.0.113.${weak.length}`,
        ),
      ).rejects.toMatchObject({ status: 400, field: "password" });
    }
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    resetEnvCacheForTesting();
    try {
      await expect(
        signUp({ email: "demo-copy@example.com", password: DEMO_PASSWORD, firstName: "D", lastName: "C" }),
      ).rejects.toMatchObject({ message: PASSWORD_STRENGTH_MESSAGES.demo });
      const user = await createUser(getDb(), { email: "changer@example.com", password: "old-password" });
      await expect(changePassword(user!.id, "old-password", DEMO_PASSWORD)).rejects.toMatchObject({
        message: PASSWORD_STRENGTH_MESSAGES.demo,
        field: "password",
      });
      await requestPasswordReset("changer@example.com");
      const [mail] = await listOutbox(1);
      const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;
      await expect(resetPassword(token, DEMO_PASSWORD)).rejects.toMatchObject({
        message: PASSWORD_STRENGTH_MESSAGES.demo,
      });
      // The refused password did not use up the link.
      await expect(resetPassword(token, "Tr1cky-Fjord-Lantern")).resolves.toBeUndefined();
    } finally {
      process.env.NODE_ENV = nodeEnv;
      resetEnvCacheForTesting();
    }
  });

  it("answers a sign-up for an address with an account as for a new one, and e-mails the owner instead", async () => {
    const owner = (await createUser(getDb(), { email: "dup@example.com", password: "Owner-pass-2026" }))!;
    const answer = await signUp({ email: "DUP@example.com", password: "long-enough-1", firstName: "A", lastName: "B" });
    expect(Object.keys(answer)).toEqual(["delivery"]);
    await answer.delivery;
    const mails = await getDb().select().from(mailOutbox).where(eq(mailOutbox.to, "dup@example.com"));
    expect(mails.map((m) => [m.subject, m.kind])).toEqual([["You already have an account", "signup"]]);
    expect(mails[0]!.text).toContain("/dashboard/login?view=forgot");
    expect(await getDb().select().from(signupRequests)).toEqual([]);
    const [after] = await getDb().select().from(users).where(eq(users.id, owner.id));
    expect(after!.passwordHash).toBe(owner.passwordHash);
  });

  it("gives an unknown e-mail and a wrong password the same answer (no account enumeration)", async () => {
    await createUser(getDb(), { email: "known@example.com", password: "right-password" });
    await expect(logIn({ email: "nobody@example.com", password: "x", ip: "1.1.1.1" })).rejects.toMatchObject({
      message: AUTH_MESSAGES.invalidCredentials,
      field: "password",
    });
    await expect(logIn({ email: "known@example.com", password: "wrong", ip: "1.1.1.1" })).rejects.toMatchObject({
      message: AUTH_MESSAGES.invalidCredentials,
      field: "password",
    });
    const { token } = await logIn({ email: "Known@example.com", password: "right-password", ip: "1.1.1.1" });
    expect(token).toHaveLength(43);
  });

  it("locks the (account, client) pair after repeated failures; the owner still logs in from elsewhere", async () => {
    await createUser(getDb(), { email: "target@example.com", password: "right-password" });
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndClient; i++) {
      await expect(logIn({ email: "target@example.com", password: "wrong", ip: "6.6.6.6" })).rejects.toMatchObject({
        status: 400,
      });
    }
    await expect(
      logIn({ email: "target@example.com", password: "right-password", ip: "6.6.6.6" }),
    ).rejects.toMatchObject({
      status: 429,
      message: AUTH_MESSAGES.tooManyAttempts(LOGIN_LIMITS.windowMinutes),
    });
    await expect(
      logIn({ email: "target@example.com", password: "right-password", ip: "10.0.1.1" }),
    ).resolves.toBeTruthy();
  });

  it("counts parallel wrong passwords atomically: 40 at once check only as many passwords as the limit allows", async () => {
    await createUser(getDb(), { email: "burst@example.com", password: "right-password" });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        logIn({ email: "burst@example.com", password: `guess-${i}`, ip: "8.8.8.8" }),
      ),
    );
    const statuses = results.map((r) => (r.status === "rejected" ? (r.reason as { status?: number }).status : 200));
    expect(statuses.filter((s) => s === 400)).toHaveLength(LOGIN_LIMITS.perAccountAndClient);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOGIN_LIMITS.perAccountAndClient);
    // A successful login takes its own attempt back: the owner is not counted against.
    await expect(
      logIn({ email: "burst@example.com", password: "right-password", ip: "9.9.9.9" }),
    ).resolves.toBeTruthy();
  });

  it("limits failures per IP address across accounts", async () => {
    await createUser(getDb(), { email: "victim@example.com", password: "right-password" });
    for (let i = 0; i < LOGIN_LIMITS.perClient; i++) {
      await expect(logIn({ email: `probe${i}@example.com`, password: "x", ip: "6.6.6.6" })).rejects.toMatchObject({
        status: 400,
      });
    }
    await expect(
      logIn({ email: "victim@example.com", password: "right-password", ip: "6.6.6.6" }),
    ).rejects.toMatchObject({ status: 429 });
    await expect(
      logIn({ email: "victim@example.com", password: "right-password", ip: "7.7.7.7" }),
    ).resolves.toBeTruthy();
  });

  it("logout revokes the session row", async () => {
    const user = await createUser(getDb(), { password: "right-password" });
    const { token } = await logIn({ email: user!.email, password: "right-password", ip: "1.1.1.1" });
    await revokeSessionToken(token);
    expect(await getSessionUser(requestWithCookie(token))).toBeNull();
  });

  it("accepts the token as a Bearer header", async () => {
    const user = await createUser(getDb(), { password: "right-password" });
    const { token } = await logIn({ email: user!.email, password: "right-password", ip: "1.1.1.1" });
    const request = new Request("http://localhost/api/x", { headers: { Authorization: `Bearer ${token}` } });
    expect((await getSessionUser(request))?.id).toBe(user!.id);
  });
});

describe("password reset", () => {
  function tokenFromOutbox(text: string) {
    const link = text.match(/https?:\/\/\S+/)?.[0];
    return new URL(link!).searchParams.get("token")!;
  }

  it("e-mails a single-use link that sets a new password and revokes sessions", async () => {
    const user = await createUser(getDb(), { email: "reset@example.com", password: "old-password" });
    const { token: sessionToken } = await logIn({
      email: "reset@example.com",
      password: "old-password",
      ip: "1.1.1.1",
    });
    await requestPasswordReset("Reset@example.com");
    const [mail] = await listOutbox(1);
    expect(mail?.to).toBe("reset@example.com");
    const token = tokenFromOutbox(mail!.text);
    await resetPassword(token, "new-password-1");
    expect(await getSessionUser(requestWithCookie(sessionToken))).toBeNull();
    await expect(
      logIn({ email: "reset@example.com", password: "new-password-1", ip: "1.1.1.1" }),
    ).resolves.toBeTruthy();
    await expect(resetPassword(token, "another-one-1")).rejects.toMatchObject({ message: AUTH_MESSAGES.resetUsed });
    expect(user).toBeTruthy();
  });

  it("answers a reset request before any per-address work, for a known and an unknown address alike", async () => {
    await createUser(getDb(), { email: "timing@example.com" });
    const pending = (delivery: Promise<void>) =>
      Promise.race([delivery.then(() => "done"), Promise.resolve("pending")]);
    // Answered while the lookup, the token and the mail are still to come, whether or not the address has an account.
    const known = await acceptPasswordReset("timing@example.com", "198.51.100.1");
    expect(await pending(known.delivery)).toBe("pending");
    const unknown = await acceptPasswordReset("nobody-at-all@example.com", "198.51.100.2");
    expect(await pending(unknown.delivery)).toBe("pending");
    await Promise.all([known.delivery, unknown.delivery]);
    expect(await getDb().select().from(passwordResetTokens)).toHaveLength(1);
    expect((await listOutbox(10)).map((m) => m.to)).toEqual(["timing@example.com"]);
  });

  it("rejects expired and unknown links with their own messages", async () => {
    await createUser(getDb(), { email: "late@example.com" });
    await requestPasswordReset("late@example.com");
    const [mail] = await listOutbox(1);
    const token = tokenFromOutbox(mail!.text);
    await getDb()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    await expect(resetPassword(token, "new-password-1")).rejects.toMatchObject({ message: AUTH_MESSAGES.resetExpired });
    await expect(resetPassword("made-up", "new-password-1")).rejects.toMatchObject({
      message: AUTH_MESSAGES.resetInvalid,
    });
  });

  it("answers an unknown e-mail like a known one, and sends nothing", async () => {
    await expect(requestPasswordReset("ghost@example.com")).resolves.toBeUndefined();
    expect(await listOutbox(5)).toHaveLength(0);
  });

  it("changing the password keeps only the current session", async () => {
    const user = await createUser(getDb(), { password: "old-password" });
    const first = await logIn({ email: user!.email, password: "old-password", ip: "1.1.1.1" });
    const second = await logIn({ email: user!.email, password: "old-password", ip: "1.1.1.1" });
    await changePassword(user!.id, "old-password", "brand-new-pass", second.token);
    expect(await getSessionUser(requestWithCookie(first.token))).toBeNull();
    expect(await getSessionUser(requestWithCookie(second.token))).not.toBeNull();
    const [row] = await getDb().select().from(users).where(eq(users.id, user!.id));
    expect(row?.updatedAt).toBeTruthy();
  });
});
