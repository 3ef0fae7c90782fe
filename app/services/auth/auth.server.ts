import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull, lt, ne, or } from "drizzle-orm";
import { apiKeys, passwordResetTokens, signupRequests, users } from "#db/schema/index";
import {
  AUTH_MESSAGES,
  LOGIN_LIMITS,
  PASSWORD_RESET_LIMITS,
  PASSWORD_RESET_TTL_MINUTES,
  SIGNUP_CONFIRM_TTL_MINUTES,
  SIGNUP_LIMITS,
  loginSlowDownMs,
} from "~/domain/auth/auth";
import { FREE_PLAN } from "~/domain/commerce/plans";
import { getEnv } from "~/env.server";
import { getDb } from "../infra/db.server";
import { BadRequestError, ConflictError, TooManyRequestsError } from "../http/errors.server";
import { RecipientLimitError, sendMail } from "../mail/mail.server";
import { createOpaqueToken, hashPassword, hashToken, verifyPassword } from "./password.server";
import { newPasswordProblem } from "./password-strength.server";
import {
  clearEvents,
  countRecent,
  isLimited,
  recordEvent,
  releaseEvents,
  reserveAttempt,
} from "../http/rate-limit.server";
import { logger } from "../infra/logger.server";
import { createSession, revokeUserSessions } from "./session.server";
import { forgetAccount } from "./account-cache.server";

export interface SignupInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Sign-up answers the same whether or not the address has an account (no account enumeration), as login and reset
 * do: the limits and the password check, then the per-address work started and not awaited. A new address gets a
 * link that creates the account; an address that has one gets a note to its owner instead.
 */
export async function signUp(
  input: SignupInput,
  client = "unknown",
  redirectTo?: string,
): Promise<{ delivery: Promise<void> }> {
  const key = `signup:client:${client}`;
  if (await isLimited(key, SIGNUP_LIMITS.perClient, SIGNUP_LIMITS.windowMinutes)) {
    throw new TooManyRequestsError(
      AUTH_MESSAGES.tooManySignups(SIGNUP_LIMITS.windowMinutes),
      SIGNUP_LIMITS.windowMinutes * 60,
    );
  }
  await recordEvent(key);
  await assertStrongPassword(input.password, "password", [input.email, input.firstName, input.lastName]);
  const delivery = sendSignupMail({ ...input, email: input.email.toLowerCase() }, redirectTo).catch((error: unknown) =>
    logger.error({ err: error }, "sign-up mail failed"),
  );
  return { delivery };
}

function signupConfirmUrl(token: string) {
  const url = new URL("/dashboard/login", getEnv().PUBLIC_URL);
  url.searchParams.set("view", "confirm");
  url.searchParams.set("token", token);
  return url.toString();
}

async function sendSignupMail(input: SignupInput, redirectTo: string | undefined) {
  const db = await getDb();
  const [existing] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.email, input.email));
  try {
    if (existing) {
      const login = new URL("/dashboard/login", getEnv().PUBLIC_URL).toString();
      const reset = new URL("/dashboard/login?view=forgot", getEnv().PUBLIC_URL).toString();
      await sendMail({
        to: input.email,
        subject: "You already have an account",
        kind: "signup",
        text: [
          `Hello ${existing.firstName || ""},`.trim(),
          "",
          "Someone (hopefully you) tried to create a Climate Risk account with this e-mail address, which already has one.",
          `Log in: ${login}`,
          `Forgot your password? Choose a new one: ${reset}`,
          "",
          "If it was not you, ignore this e-mail: nothing has changed.",
        ].join("\n"),
        html: `<p>Someone (hopefully you) tried to create a Climate Risk account with this e-mail address, which already has one.</p><p><a href="${login}">Log in</a> or <a href="${reset}">choose a new password</a>.</p><p>If it was not you, ignore this e-mail: nothing has changed.</p>`,
      });
      return;
    }
    const { token, hash } = createOpaqueToken();
    // The newest sign-up for an address is the one its link finishes; expired ones (and their hashes) go.
    await db
      .delete(signupRequests)
      .where(or(eq(signupRequests.email, input.email), lt(signupRequests.expiresAt, new Date())));
    await db.insert(signupRequests).values({
      id: hash,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash: await hashPassword(input.password),
      redirectTo: redirectTo ?? null,
      expiresAt: new Date(Date.now() + SIGNUP_CONFIRM_TTL_MINUTES * 60_000),
    });
    const link = signupConfirmUrl(token);
    await sendMail({
      to: input.email,
      subject: "Finish creating your account",
      kind: "signup",
      text: [
        `Hello ${input.firstName},`,
        "",
        `Open this link within ${SIGNUP_CONFIRM_TTL_MINUTES} minutes to finish creating your Climate Risk account:`,
        link,
        "",
        "If you did not sign up, ignore this e-mail: no account is created.",
      ].join("\n"),
      html: `<p><a href="${link}">Finish creating your Climate Risk account</a> (valid for ${SIGNUP_CONFIRM_TTL_MINUTES} minutes).</p><p>If you did not sign up, ignore this e-mail: no account is created.</p>`,
    });
  } catch (error) {
    // The same answer as for any address: the limit must not tell a stranger whether this account exists.
    if (!(error instanceof RecipientLimitError)) throw error;
  }
}

async function findSignupRequest(token: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(signupRequests)
    .where(eq(signupRequests.id, hashToken(token)));
  if (!row) throw new BadRequestError(AUTH_MESSAGES.signupInvalid, "token");
  if (row.expiresAt.getTime() < Date.now()) throw new BadRequestError(AUTH_MESSAGES.signupExpired, "token");
  return row;
}

/** Checks a sign-up link without using it, so its page can say at once whether it still works. */
export async function checkSignupToken(token: string): Promise<void> {
  await findSignupRequest(token);
}

/** The e-mailed link, confirmed: creates the account (once) and signs its owner in. */
export async function confirmSignup(token: string, userAgent?: string | null) {
  const request = await findSignupRequest(token);
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({
      email: request.email,
      passwordHash: request.passwordHash,
      firstName: request.firstName,
      lastName: request.lastName,
      planCode: FREE_PLAN,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  await db.delete(signupRequests).where(eq(signupRequests.email, request.email));
  // Only the mailbox's owner holds the link, so saying that the address has an account tells no stranger anything.
  if (!user) throw new ConflictError(AUTH_MESSAGES.emailTaken, "token");
  const session = await createSession(user.id, userAgent);
  return { user, token: session, redirectTo: request.redirectTo };
}

/** Sign-up, reset and change all refuse a guessable new password with the same message. */
async function assertStrongPassword(password: string, field: string, userInputs: string[]) {
  const problem = await newPasswordProblem(password, userInputs);
  if (problem) throw new BadRequestError(problem, field);
}

const accountKey = (email: string) => `login:account:${email.toLowerCase()}`;
const pairKey = (email: string, client: string) => `login:pair:${email.toLowerCase()}:${client}`;
const clientKey = (client: string) => `login:ip:${client}`;

/** Compared against when the e-mail is unknown, so both failures take as long (no timing oracle). */
let dummyHash: Promise<string> | undefined;

/**
 * Failures lock the (account, client) pair and, across accounts, the client; the account itself is only slowed
 * down, so a stranger can never lock its owner out. An unknown e-mail and a wrong password get the same answer.
 */
export async function logIn(input: { email: string; password: string; ip: string; userAgent?: string | null }) {
  const email = input.email.toLowerCase();
  const { windowMinutes, perAccountAndClient, perClient } = LOGIN_LIMITS;
  // The slow-down reads the failures before this attempt joins them.
  const delay = getEnv().DISABLE_RATE_LIMIT ? 0 : loginSlowDownMs(await countRecent(accountKey(email), windowMinutes));
  // The attempt is counted before the password is checked, atomically with the limit check: parallel guesses
  // cannot all pass a check that none of them has counted yet.
  const reserved = await reserveAttempt(
    [
      { key: pairKey(email, input.ip), limit: perAccountAndClient },
      { key: clientKey(input.ip), limit: perClient },
      { key: accountKey(email), limit: Number.POSITIVE_INFINITY },
    ],
    windowMinutes,
  );
  if (!reserved) throw new TooManyRequestsError(AUTH_MESSAGES.tooManyAttempts(windowMinutes), windowMinutes * 60);
  if (delay) await sleep(delay);
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  dummyHash ??= hashPassword("not-a-real-password");
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash));
  if (!user || !ok) throw new BadRequestError(AUTH_MESSAGES.invalidCredentials, "password");
  await releaseEvents(reserved);
  await clearEvents(pairKey(email, input.ip));
  const token = await createSession(user.id, input.userAgent);
  return { user, token };
}

export function passwordResetUrl(token: string) {
  const url = new URL("/dashboard/login", getEnv().PUBLIC_URL);
  url.searchParams.set("view", "reset");
  url.searchParams.set("token", token);
  return url.toString();
}

/**
 * The limits, then the per-address work started and not awaited, so the caller answers at once: a known address
 * and an unknown one take the same time to answer (the lookup, the token and the outbox row come after).
 */
export async function acceptPasswordReset(
  emailInput: string,
  client = "unknown",
): Promise<{ delivery: Promise<void> }> {
  const email = emailInput.toLowerCase();
  const { windowMinutes, perClient, perEmail } = PASSWORD_RESET_LIMITS;
  const byClient = `reset:client:${client}`;
  const byEmail = `reset:email:${email}`;
  if ((await isLimited(byClient, perClient, windowMinutes)) || (await isLimited(byEmail, perEmail, windowMinutes))) {
    throw new TooManyRequestsError(AUTH_MESSAGES.tooManyResets(windowMinutes), windowMinutes * 60);
  }
  await recordEvent(byClient, byEmail);
  const delivery = sendResetLink(email).catch((error: unknown) =>
    logger.error({ err: error }, "password reset mail failed"),
  );
  return { delivery };
}

async function sendResetLink(email: string) {
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(eq(users.email, email));
  if (!user) return;
  const { token, hash } = createOpaqueToken();
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
  await db.insert(passwordResetTokens).values({
    id: hash,
    userId: user.id,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
  });
  const link = passwordResetUrl(token);
  try {
    await sendMail({
      to: email,
      subject: "Reset your password",
      kind: "password-reset",
      text: [
        `Hello ${user.firstName || ""},`.trim(),
        "",
        "Someone (hopefully you) asked to reset the password of your Climate Risk account.",
        `Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password:`,
        link,
        "",
        "If you did not ask for this, ignore this e-mail: your password stays as it is.",
      ].join("\n"),
      html: `<p>Someone (hopefully you) asked to reset the password of your Climate Risk account.</p><p><a href="${link}">Choose a new password</a> (valid for ${PASSWORD_RESET_TTL_MINUTES} minutes).</p><p>If you did not ask for this, ignore this e-mail.</p>`,
    });
  } catch (error) {
    // The same answer as for any address: the limit must not tell a stranger that this account exists.
    if (!(error instanceof RecipientLimitError)) throw error;
  }
}

/** Revokes every API key of a user: a password change or reset is when a leaked credential is cut off. */
async function revokeApiKeys(userId: string) {
  const db = await getDb();
  await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  // The keys stop here at once; other instances when the NOTIFY comes.
  forgetAccount(userId);
}

/** Checks a reset token without using it, so the form can say at once whether the link still works. */
export async function checkPasswordResetToken(token: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.id, hashToken(token)));
  if (!row) throw new BadRequestError(AUTH_MESSAGES.resetInvalid, "token");
  if (row.usedAt) throw new BadRequestError(AUTH_MESSAGES.resetUsed, "token");
  if (row.expiresAt.getTime() < Date.now()) throw new BadRequestError(AUTH_MESSAGES.resetExpired, "token");
  return row;
}

export async function resetPassword(token: string, newPassword: string) {
  const row = await checkPasswordResetToken(token);
  const db = await getDb();
  const [owner] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, row.userId));
  // Checked before the link is used up, so a refused password can be corrected with the same link.
  await assertStrongPassword(newPassword, "password", [
    owner?.email ?? "",
    owner?.firstName ?? "",
    owner?.lastName ?? "",
  ]);
  const used = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (used.length === 0) throw new BadRequestError(AUTH_MESSAGES.resetUsed, "token");
  const [user] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
    .where(eq(users.id, row.userId))
    .returning({ email: users.email });
  await revokeUserSessions(row.userId);
  await revokeApiKeys(row.userId);
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, row.userId), ne(passwordResetTokens.id, row.id)));
  if (user) await clearEvents(accountKey(user.email));
}

export async function changePassword(userId: string, currentPassword: string, newPassword: string, keepToken?: string) {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) {
    throw new BadRequestError(AUTH_MESSAGES.wrongPassword, "currentPassword");
  }
  await assertStrongPassword(newPassword, "password", [user.email, user.firstName, user.lastName]);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
    .where(eq(users.id, userId));
  await revokeUserSessions(userId, keepToken);
  await revokeApiKeys(userId);
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}
