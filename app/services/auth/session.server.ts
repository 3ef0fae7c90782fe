import { parse, serialize } from "cookie";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { redirect } from "@remix-run/node";
import { sessions, users, type User } from "#db/schema/index";
import { SESSION_COOKIE_NAME, SESSION_MAX_AGE_SECONDS } from "~/domain/auth/auth";
import { isProduction } from "~/env.server";
import { getDb } from "../infra/db.server";
import { createOpaqueToken, hashToken } from "./password.server";
import { AccountCache, forgetAccount } from "./account-cache.server";

export type SessionUser = Pick<User, "id" | "email" | "firstName" | "lastName" | "role" | "planCode">;

export function serializeSessionCookie(token: string) {
  return serialize(SESSION_COOKIE_NAME, token, {
    httpOnly: true,
    secure: isProduction(),
    sameSite: "lax",
    path: "/",
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

export function serializeClearedSessionCookie() {
  return serialize(SESSION_COOKIE_NAME, "", {
    httpOnly: true,
    secure: isProduction(),
    sameSite: "lax",
    path: "/",
    maxAge: 0,
  });
}

/** The token from the session cookie, or from `Authorization: Bearer` for API clients. */
export function readSessionToken(request: Request): string | undefined {
  const authorization = request.headers.get("Authorization");
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return bearer;
  const cookies = parse(request.headers.get("Cookie") ?? "");
  return cookies[SESSION_COOKIE_NAME] || undefined;
}

export function hasSessionCookie(request: Request): boolean {
  return Boolean(parse(request.headers.get("Cookie") ?? "")[SESSION_COOKIE_NAME]);
}

export async function createSession(userId: string, userAgent?: string | null): Promise<string> {
  const db = await getDb();
  const { token, hash } = createOpaqueToken();
  await db.insert(sessions).values({
    id: hash,
    userId,
    userAgent: userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
  });
  // Expired rows are dead weight; drop this user's while we are here.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  return token;
}

/** Sessions by token hash, with their end; a token that names no live session is not kept (see AccountCache). */
const sessionsByHash = new AccountCache<{ user: SessionUser; expiresAt: Date } | null>(
  (found) => found?.user.id ?? null,
);

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const hash = hashToken(token);
  const found = await sessionsByHash.get(hash, () => lookUpSession(hash));
  return found && found.expiresAt.getTime() > Date.now() ? found.user : null;
}

async function lookUpSession(hash: string): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      planCode: users.planCode,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  const { expiresAt, ...user } = row;
  return { user, expiresAt };
}

export function loginRedirectFor(request: Request) {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  return `/dashboard/login?${params}`;
}

/** Guard for dashboard pages: unauthenticated visitors go to the login page and come back afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    throw redirect(loginRedirectFor(request), {
      headers: hasSessionCookie(request) ? { "Set-Cookie": serializeClearedSessionCookie() } : undefined,
    });
  }
  return user;
}

export async function revokeSessionToken(token: string | undefined) {
  if (!token) return;
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  sessionsByHash.forget(hashToken(token));
}

/** Revokes every session of a user, except optionally the one in use. */
export async function revokeUserSessions(userId: string, keepToken?: string) {
  const db = await getDb();
  const condition = keepToken
    ? and(eq(sessions.userId, userId), ne(sessions.id, hashToken(keepToken)))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(condition);
  forgetAccount(userId);
}
