import { and, eq, isNull } from "drizzle-orm";
import { passwordResetTokens, users } from "#db/schema/index";
import { createUser } from "#db/factories";
import { AUTH_MESSAGES, LOGIN_LIMITS, PASSWORD_RESET_TTL_MINUTES } from "~/domain/auth";
import { FREE_PLAN } from "~/domain/plans";
import { getEnv } from "~/env.server";
import { getDb } from "./db.server";
import { BadRequestError, ConflictError, TooManyRequestsError } from "./errors.server";
import { sendMail } from "./mail.server";
import { createOpaqueToken, hashPassword, hashToken, verifyPassword } from "./password.server";
import { clearEvents, isLimited, recordEvent } from "./rate-limit.server";
import { createSession, revokeUserSessions } from "./session.server";

export interface SignupInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export async function signUp(input: SignupInput, userAgent?: string | null) {
  const db = await getDb();
  const user = await createUser(db, { ...input, planCode: FREE_PLAN });
  if (!user) throw new ConflictError(AUTH_MESSAGES.emailTaken, "email");
  const token = await createSession(user.id, userAgent);
  return { user, token };
}

const accountKey = (email: string) => `login:account:${email.toLowerCase()}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

export async function logIn(input: { email: string; password: string; ip: string; userAgent?: string | null }) {
  const email = input.email.toLowerCase();
  const { windowMinutes, perAccount, perIp } = LOGIN_LIMITS;
  if ((await isLimited(accountKey(email), perAccount, windowMinutes)) || (await isLimited(ipKey(input.ip), perIp, windowMinutes))) {
    throw new TooManyRequestsError(AUTH_MESSAGES.tooManyAttempts(windowMinutes), windowMinutes * 60);
  }
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) {
    await recordEvent(accountKey(email), ipKey(input.ip));
    throw new BadRequestError(AUTH_MESSAGES.unknownEmail, "email");
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    await recordEvent(accountKey(email), ipKey(input.ip));
    throw new BadRequestError(AUTH_MESSAGES.wrongPassword, "password");
  }
  await clearEvents(accountKey(email));
  const token = await createSession(user.id, input.userAgent);
  return { user, token };
}

export function passwordResetUrl(token: string) {
  const url = new URL("/dashboard/login", getEnv().PUBLIC_URL);
  url.searchParams.set("view", "reset");
  url.searchParams.set("token", token);
  return url.toString();
}

export async function requestPasswordReset(emailInput: string) {
  const email = emailInput.toLowerCase();
  const db = await getDb();
  const [user] = await db.select({ id: users.id, firstName: users.firstName }).from(users).where(eq(users.email, email));
  if (!user) throw new BadRequestError(AUTH_MESSAGES.unknownEmail, "email");
  const { token, hash } = createOpaqueToken();
  await db.insert(passwordResetTokens).values({
    id: hash,
    userId: user.id,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
  });
  const link = passwordResetUrl(token);
  await sendMail({
    to: email,
    subject: "Reset your password",
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
}

/** Checks a reset token without using it, so the form can say at once whether the link still works. */
export async function checkPasswordResetToken(token: string) {
  const db = await getDb();
  const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.id, hashToken(token)));
  if (!row) throw new BadRequestError(AUTH_MESSAGES.resetInvalid, "token");
  if (row.usedAt) throw new BadRequestError(AUTH_MESSAGES.resetUsed, "token");
  if (row.expiresAt.getTime() < Date.now()) throw new BadRequestError(AUTH_MESSAGES.resetExpired, "token");
  return row;
}

export async function resetPassword(token: string, newPassword: string) {
  const row = await checkPasswordResetToken(token);
  const db = await getDb();
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
  if (user) await clearEvents(accountKey(user.email));
}

export async function changePassword(userId: string, currentPassword: string, newPassword: string, keepToken?: string) {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) {
    throw new BadRequestError(AUTH_MESSAGES.wrongPassword, "currentPassword");
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
    .where(eq(users.id, userId));
  await revokeUserSessions(userId, keepToken);
}
