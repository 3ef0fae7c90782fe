/** API keys (PREMIUM only): stored as sha256, shown in full once, at creation or rotation. */
import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { apiKeys, users } from "#db/schema/index";
import { API_KEY_FORBIDDEN_MESSAGE, canUseApiKey } from "~/domain/commerce/entitlements";
import { getDb } from "../infra/db.server";
import { ForbiddenError, NotFoundError, withErrorCode } from "../http/errors.server";
import { hashToken } from "../auth/password.server";
import type { SessionUser } from "../auth/session.server";

/** Recognisable in logs and secret scanners, and tells an API key from a session token in `Authorization`. */
export const API_KEY_PREFIX = "crk_";
/** How much of a key is kept in clear to name it in the UI ("crk_AbCd1234…"). */
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

export const API_KEY_NONE_MESSAGE = "No live API key: create one with POST (signed in) or on the account page";

export function isApiKeyShaped(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX) && token.length > DISPLAY_PREFIX_LENGTH;
}

export interface ApiKeyView {
  /** The full key: only in the response that created it, null afterwards. */
  key: string | null;
  prefix: string;
  created_at: string;
}

type KeyOwner = Pick<SessionUser, "id" | "planCode">;

function assertMayHoldKey(user: KeyOwner) {
  if (!canUseApiKey(user.planCode)) throw withErrorCode(new ForbiddenError(API_KEY_FORBIDDEN_MESSAGE), "plan_required");
}

function newKey() {
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  return { key, hash: hashToken(key), prefix: key.slice(0, DISPLAY_PREFIX_LENGTH) };
}

export async function getActiveApiKey(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** Revokes the live key (if any) and issues a new one; the caller sees the new key once. */
export async function rotateApiKey(user: KeyOwner): Promise<ApiKeyView> {
  assertMayHoldKey(user);
  const db = await getDb();
  const { key, hash, prefix } = newKey();
  const row = await db.transaction(async (tx) => {
    // Two rotations at once would both revoke, then both insert a live key and hit the one-live-key index: in turn.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-key:${user.id}`}))`);
    await tx.update(apiKeys).set({ revokedAt: new Date() }).where(and(eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt)));
    const [created] = await tx.insert(apiKeys).values({ userId: user.id, keyHash: hash, prefix }).returning();
    return created!;
  });
  forgetKeysOf(user.id);
  return { key, prefix: row.prefix, created_at: row.createdAt.toISOString() };
}

/**
 * What `GET get_app_key` answers: the live key's name, never a key. A GET changes nothing: a cross-site link (a
 * top-level GET carries the Lax cookie) or a client reading the key's name after a DELETE can neither create nor
 * rotate a key. Keys are created by POST (or on the account page).
 */
export async function describeApiKey(user: KeyOwner): Promise<ApiKeyView> {
  assertMayHoldKey(user);
  const active = await getActiveApiKey(user.id);
  if (!active) throw new NotFoundError(API_KEY_NONE_MESSAGE);
  return { key: null, prefix: active.prefix, created_at: active.createdAt.toISOString() };
}

export async function revokeApiKey(userId: string): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  forgetKeysOf(userId);
  return rows.length;
}

/**
 * A key checked in the last few seconds is taken as it was: a script's requests come in runs, and one database
 * lookup per request was most of a keyed call's time. Rotating or revoking here forgets the owner's keys at once;
 * another instance (or a plan change) sees it within this time.
 */
export const VERIFIED_KEY_TTL_MS = 10_000;
const verifiedKeys = new Map<string, { owner: Promise<SessionUser | null>; expires: number }>();

/** Rotation and revocation are rare: forgetting every remembered key is simpler than finding the owner's. */
function forgetKeysOf(_userId: string) {
  verifiedKeys.clear();
}

/** The owner of a live key, or null. A key stops working when its owner leaves the PREMIUM plan. */
export async function verifyApiKey(key: string): Promise<SessionUser | null> {
  if (!isApiKeyShaped(key)) return null;
  const hash = hashToken(key);
  const now = Date.now();
  const cached = verifiedKeys.get(hash);
  if (cached && cached.expires > now) return cached.owner;
  const owner = lookUpApiKey(hash);
  verifiedKeys.set(hash, { owner, expires: now + VERIFIED_KEY_TTL_MS });
  // Only a key that checked out is remembered: a wrong one is looked up (and refused) every time.
  void owner.then(
    (u) => u || verifiedKeys.delete(hash),
    () => verifiedKeys.delete(hash),
  );
  if (verifiedKeys.size > 10_000) verifiedKeys.delete(verifiedKeys.keys().next().value!);
  return owner;
}

async function lookUpApiKey(keyHash: string): Promise<SessionUser | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role, planCode: users.planCode })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row || !canUseApiKey(row.planCode)) return null;
  return row;
}
