/**
 * API keys (PREMIUM only): several named keys per account, each with scopes; stored as sha256, shown in full once,
 * at creation or rotation. The key named `default` is the one get_app_key reads, creates, rotates and revokes.
 */
import crypto from "node:crypto";
import { and, asc, count, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import { apiKeys, users, type ApiKey } from "#db/schema/index";
import {
  lastUsedToTheMinute,
  API_KEY_LIMIT_MESSAGE,
  API_KEY_LAST_USED_INTERVAL_MS,
  API_KEY_MESSAGES,
  API_KEY_ROTATION_OVERLAP_MS,
  DEFAULT_API_KEY_NAME,
  MAX_ACTIVE_API_KEYS,
  checkKeyName,
  normaliseScopes,
  type ApiKeyScope,
} from "~/domain/api/keys/api-keys";
import {
  API_KEY_OPTION_MESSAGES,
  checkKeyOptions,
  type ApiKeyMode,
  type KeyOptions,
  type KeyOptionsInput,
} from "~/domain/api/keys/key-options";
import { API_KEY_FORBIDDEN_MESSAGE, canUseApiKey } from "~/domain/commerce/entitlements";
import { getDb, onBeforeCloseDb } from "../../infra/db.server";
import { logger } from "../../infra/logger.server";
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  withErrorCode,
} from "../../http/errors.server";
import { withIdempotency } from "../../commerce/orders/idempotency.server";
import { hashToken } from "../../auth/password.server";
import type { SessionUser } from "../../auth/session.server";
import { AccountCache, forgetAccount } from "../../auth/account-cache.server";

/** Recognisable in logs and secret scanners, and tells an API key from a session token in `Authorization`. */
export const API_KEY_PREFIX = "crk_";
/** A test-mode key's secret starts so: a reader of a script or a log tells it from a live key at a glance. */
export const TEST_API_KEY_PREFIX = `${API_KEY_PREFIX}test_`;
/** How much of a key is kept in clear to name it in the UI ("crk_AbCd1234…", "crk_test_AbCd1234…"). */
const DISPLAY_RANDOM_LENGTH = 8;
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + DISPLAY_RANDOM_LENGTH;

export const API_KEY_NONE_MESSAGE = "No live API key: create one with POST (signed in) or on the account page";

export function isApiKeyShaped(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX) && token.length > DISPLAY_PREFIX_LENGTH;
}

export interface ApiKeyView {
  /** The full key: only in the response that created it, null afterwards. */
  key: string | null;
  /** The key's name on the account page: "default" for the app key. */
  name: string;
  prefix: string;
  created_at: string;
}

/** One key as its owner sees it in a list: never the key itself. */
export interface ApiKeyListItem {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  created_at: string;
  last_used_at: string | null;
  /** When the key stops working: its chosen expiry, or a rotated key's end of overlap if sooner; null for never. */
  expires_at: string | null;
  /** Set once the key was rotated: it works on until expires_at, and its successor is the key to rotate. */
  rotated: boolean;
  /** The client addresses or CIDR ranges it may be used from; null for any. */
  allowed_addresses: string[] | null;
  /** false for a test-mode key. */
  livemode: boolean;
}

/** A created or rotated key: the list item plus the full key, shown this once. */
export interface ApiKeyCreated extends ApiKeyListItem {
  key: string;
}

/** A creation's answer: on a replay for the same Idempotency-Key the key itself is null (it is never stored). */
export interface ApiKeyCreation extends ApiKeyListItem {
  key: string | null;
}

type KeyOwner = Pick<SessionUser, "id" | "planCode">;

function assertMayHoldKey(user: KeyOwner) {
  if (!canUseApiKey(user.planCode)) throw withErrorCode(new ForbiddenError(API_KEY_FORBIDDEN_MESSAGE), "plan_required");
}

function newKey(mode: ApiKeyMode) {
  const start = mode === "test" ? TEST_API_KEY_PREFIX : API_KEY_PREFIX;
  const key = `${start}${crypto.randomBytes(32).toString("base64url")}`;
  return { key, hash: hashToken(key), prefix: key.slice(0, start.length + DISPLAY_RANDOM_LENGTH) };
}

/** When a key stops working: the sooner of its chosen end and a rotation's end of overlap. */
function endOf(row: Pick<ApiKey, "expiresAt" | "validUntil">): Date | null {
  const ends = [row.expiresAt, row.validUntil].filter((d): d is Date => d !== null);
  return ends.length ? new Date(Math.min(...ends.map((d) => d.getTime()))) : null;
}

function listItem(row: ApiKey): ApiKeyListItem {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: normaliseScopes(row.scopes),
    created_at: row.createdAt.toISOString(),
    last_used_at: lastUsedToTheMinute(row.lastUsedAt),
    expires_at: endOf(row)?.toISOString() ?? null,
    rotated: row.expiresAt !== null,
    allowed_addresses: row.allowedAddresses ?? null,
    livemode: row.livemode,
  };
}

const notPast = (column: typeof apiKeys.expiresAt | typeof apiKeys.validUntil, now: Date) =>
  or(isNull(column), gt(column, now));
/** Not revoked, not past the end of a rotation's overlap, not past its chosen expiry. */
const live = (now: Date) =>
  and(isNull(apiKeys.revokedAt), notPast(apiKeys.expiresAt, now), notPast(apiKeys.validUntil, now));
/** Live and not rotated: the key its name stands for. Only these count against the cap. */
const current = (now: Date) => and(live(now), isNull(apiKeys.expiresAt));

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>["transaction"]>[0]>[0];

/** Key changes of one account in turn: the cap and the one-current-key-per-name rule hold when two requests race. */
async function lockOwner(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-key:${userId}`}))`);
}

const NO_OPTIONS: KeyOptions = { validUntil: null, allowedAddresses: null, mode: "live" };

async function insertKey(
  tx: Tx,
  userId: string,
  name: string,
  scopes: ApiKeyScope[],
  options: KeyOptions,
  now: Date,
): Promise<ApiKeyCreated> {
  const [{ n }] = (await tx
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), current(now)))) as [{ n: number }];
  if (n >= MAX_ACTIVE_API_KEYS) throw new ConflictError(API_KEY_LIMIT_MESSAGE);
  const [taken] = await tx
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.name, name), current(now)))
    .limit(1);
  if (taken) throw new ConflictError(API_KEY_MESSAGES.nameTaken, "name");
  // A key of this name past its chosen expiry leaves the one-current-key-per-name index: it ended at that expiry.
  await tx
    .update(apiKeys)
    .set({ expiresAt: apiKeys.validUntil })
    .where(
      and(
        eq(apiKeys.userId, userId),
        eq(apiKeys.name, name),
        isNull(apiKeys.revokedAt),
        isNull(apiKeys.expiresAt),
        lte(apiKeys.validUntil, now),
      ),
    );
  const { key, hash, prefix } = newKey(options.mode);
  const [row] = await tx
    .insert(apiKeys)
    .values({
      userId,
      keyHash: hash,
      prefix,
      name,
      scopes,
      validUntil: options.validUntil,
      allowedAddresses: options.allowedAddresses,
      livemode: options.mode === "live",
    })
    .returning();
  return { ...listItem(row!), key };
}

export interface NewKeyInput extends KeyOptionsInput {
  name: unknown;
  scopes?: readonly string[];
}

/** A key creation refused for one or more fields: `field` and the message name the first, `fields` all of them. */
export class KeyInputError extends BadRequestError {
  constructor(readonly fields: Record<string, string>) {
    const [field, message] = Object.entries(fields)[0]!;
    super(message, field);
  }
}

/** The name, scopes and options of a new key, every field checked: a form shows each field's message. */
function checkNewKey(input: NewKeyInput, now: Date) {
  const errors: Record<string, string> = {};
  const named = checkKeyName(input.name);
  if ("error" in named) errors.name = named.error;
  const scopes = normaliseScopes(input.scopes ?? []);
  const checked = checkKeyOptions(input, scopes, now);
  if ("errors" in checked) Object.assign(errors, checked.errors);
  if ("error" in named || "errors" in checked) throw new KeyInputError(errors);
  return { name: named.name, scopes, options: checked.options };
}

/** The scope of a key creation's Idempotency-Key: its own, apart from the purchases'. */
const API_KEY_CREATE_SCOPE = "api_key_create";

/** The Idempotency-Key of a creation and the body it came with: a retry with both the same replays the first answer. */
export interface CreationIdempotency {
  key: string;
  params: unknown;
}

/**
 * Creates a named key with the asked scopes (read always) and options; the caller sees the key once. With an
 * Idempotency-Key the creation runs once: a retry gets the same key's record back, with `key` null, as the secret is
 * never stored (a client that lost the first answer revokes or rotates that key).
 */
export async function createApiKey(user: KeyOwner, input: NewKeyInput): Promise<ApiKeyCreated>;
export async function createApiKey(
  user: KeyOwner,
  input: NewKeyInput,
  idempotency: CreationIdempotency | undefined,
  now?: Date,
): Promise<ApiKeyCreation>;
export async function createApiKey(
  user: KeyOwner,
  input: NewKeyInput,
  idempotency?: CreationIdempotency,
  now = new Date(),
): Promise<ApiKeyCreation> {
  assertMayHoldKey(user);
  const { name, scopes, options } = checkNewKey(input, now);
  const create = async (tx: Tx) => {
    await lockOwner(tx, user.id);
    return insertKey(tx, user.id, name, scopes, options, now);
  };
  if (!idempotency) {
    const db = await getDb();
    const created = await db.transaction(create);
    forgetVerifiedKeys(user.id);
    return created;
  }
  const held: { secret: string | null } = { secret: null };
  const record: ApiKeyCreation = await withIdempotency(
    { ownerId: user.id, scope: API_KEY_CREATE_SCOPE, key: idempotency.key, params: idempotency.params },
    async ({ tx }) => {
      // The stored answer is the record without the secret: only its hash is ever kept.
      const { key, ...stored } = await create(tx);
      held.secret = key;
      return { ...stored, key: null };
    },
  );
  forgetVerifiedKeys(user.id);
  // A replay is the stored record itself (so it is still known as a replay, for its header).
  return held.secret === null ? record : { ...record, key: held.secret };
}

/** The account's live keys, rotated ones in their overlap included, oldest first. */
export async function listApiKeys(userId: string, now = new Date()): Promise<ApiKeyListItem[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), live(now)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map(listItem);
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Ends one live key of the account at once (a rotated key in its overlap too); 404 for any other id. */
export async function revokeApiKeyById(userId: string, id: string, now = new Date()): Promise<ApiKeyListItem> {
  if (!isUuid(id)) throw new NotFoundError(API_KEY_MESSAGES.notFound);
  const db = await getDb();
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), live(now)))
    .returning();
  if (!row) throw new NotFoundError(API_KEY_MESSAGES.notFound);
  forgetVerifiedKeys(userId);
  return listItem(row);
}

/**
 * A new key with the same name, scopes, expiry, allowed addresses and mode; the old one keeps working for
 * API_KEY_ROTATION_OVERLAP_MS (or to its own expiry, if sooner), then expires.
 * Only a current key rotates: a key already in its overlap has a successor, which is the one to rotate.
 */
export async function rotateApiKeyById(user: KeyOwner, id: string, now = new Date()): Promise<ApiKeyCreated> {
  assertMayHoldKey(user);
  if (!isUuid(id)) throw new NotFoundError(API_KEY_MESSAGES.notFound);
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    await lockOwner(tx, user.id);
    const [old] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, user.id), live(now)))
      .limit(1);
    if (!old) throw new NotFoundError(API_KEY_MESSAGES.notFound);
    if (old.expiresAt) throw new ConflictError("This key was rotated already: rotate the key that replaced it");
    await tx
      .update(apiKeys)
      .set({ expiresAt: new Date(now.getTime() + API_KEY_ROTATION_OVERLAP_MS) })
      .where(eq(apiKeys.id, old.id));
    const options: KeyOptions = {
      validUntil: old.validUntil,
      allowedAddresses: old.allowedAddresses,
      mode: old.livemode ? "live" : "test",
    };
    return insertKey(tx, user.id, old.name, normaliseScopes(old.scopes), options, now);
  });
  forgetVerifiedKeys(user.id);
  return created;
}

// ---------- the default key: what get_app_key reads and changes ----------

export async function getActiveApiKey(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.name, DEFAULT_API_KEY_NAME), current(new Date())))
    .limit(1);
  return row ?? null;
}

async function firstCurrentKey(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), current(new Date())))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
    .limit(1);
  return row ?? null;
}

/** Ends the default key at once (and any rotated default still in its overlap); answers 0 or 1 current keys ended. */
async function endDefaultKey(tx: Tx, userId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.userId, userId), eq(apiKeys.name, DEFAULT_API_KEY_NAME), live(now)))
    .returning({ expiresAt: apiKeys.expiresAt, validUntil: apiKeys.validUntil });
  return rows.filter((r) => r.expiresAt === null && (r.validUntil === null || r.validUntil > now)).length;
}

/** Revokes the default key (if any) and issues a new one with the read scope; the caller sees the new key once. */
export async function rotateApiKey(user: KeyOwner): Promise<ApiKeyView> {
  assertMayHoldKey(user);
  const db = await getDb();
  const now = new Date();
  const created = await db.transaction(async (tx) => {
    await lockOwner(tx, user.id);
    await endDefaultKey(tx, user.id, now);
    return insertKey(tx, user.id, DEFAULT_API_KEY_NAME, ["read"], NO_OPTIONS, now);
  });
  forgetVerifiedKeys(user.id);
  return { key: created.key, name: created.name, prefix: created.prefix, created_at: created.created_at };
}

/**
 * What `GET get_app_key` answers: the app key (the one named "default"; without it, the account's first current named
 * key, so the answer never says "no key" while named keys work), by its prefix, never the key itself. A GET changes nothing: a cross-site link (a
 * top-level GET carries the Lax cookie) or a client reading the key's name after a DELETE can neither create nor
 * rotate a key. Keys are created by POST (or on the account page).
 */
export async function describeApiKey(user: KeyOwner): Promise<ApiKeyView> {
  assertMayHoldKey(user);
  const active = (await getActiveApiKey(user.id)) ?? (await firstCurrentKey(user.id));
  if (!active) throw new NotFoundError(API_KEY_NONE_MESSAGE);
  return { key: null, name: active.name, prefix: active.prefix, created_at: active.createdAt.toISOString() };
}

export async function revokeApiKey(userId: string): Promise<number> {
  const db = await getDb();
  const ended = await db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    return endDefaultKey(tx, userId, new Date());
  });
  forgetVerifiedKeys(userId);
  return ended;
}

// ---------- verifying a key on each call ----------

/** Who a key speaks for and what it may do. */
export interface ApiKeyGrant {
  user: SessionUser;
  keyId: string;
  scopes: ApiKeyScope[];
  /** When the key stops working (its chosen expiry, a rotated key's end of overlap); null for never. */
  endsAt: Date | null;
  /** The client addresses or ranges it may be used from; null for any. */
  allowedAddresses: string[] | null;
  livemode: boolean;
}

/**
 * Keys by hash, as they checked out, until the database tells their account changed (a key revoked, rotated or
 * created, the owner's plan changed): one database lookup per request was most of a keyed call's time.
 */
const grantsByHash = new AccountCache<ApiKeyGrant | null>((grant) => grant?.user.id ?? null);

/** Key changes commit with a NOTIFY that every instance hears; this instance forgets at once as well. */
function forgetVerifiedKeys(userId: string) {
  forgetAccount(userId);
}

/**
 * The owner, scopes and id of a live key, or null. A key stops working when its owner leaves the PREMIUM plan. A key
 * past its end (its chosen expiry, a rotated key's overlap) is a 401 `key_expired` that names when it ended.
 */
export async function verifyApiKeyGrant(key: string, nowMs = Date.now()): Promise<ApiKeyGrant | null> {
  if (!isApiKeyShaped(key)) return null;
  const hash = hashToken(key);
  const grant = await grantsByHash.get(hash, () => lookUpApiKey(hash), nowMs);
  if (!grant) return null;
  if (grant.endsAt && grant.endsAt.getTime() <= nowMs)
    throw withErrorCode(new UnauthorizedError(API_KEY_OPTION_MESSAGES.expired(grant.endsAt)), "key_expired");
  noteKeyUse(grant.keyId, nowMs);
  return grant;
}

/** When this instance last wrote (or read) each key's last_used_at. */
const lastUseWritten = new Map<string, number>();
const pendingUseWrites = new Set<Promise<unknown>>();
/** Whether the database's close waits for pendingUseWrites (its hooks run once, so one is set per close). */
let settleBeforeClose = false;

/**
 * Records a key's use without a write per call: at most one per key per API_KEY_LAST_USED_INTERVAL_MS from this
 * instance, and the update's own condition skips the row when another instance wrote it within the interval. The
 * write is not awaited: the call it records does not wait for it.
 */
function noteKeyUse(keyId: string, nowMs: number) {
  const last = lastUseWritten.get(keyId);
  if (last !== undefined && nowMs - last < API_KEY_LAST_USED_INTERVAL_MS) return;
  if (lastUseWritten.size > 10_000) lastUseWritten.clear();
  lastUseWritten.set(keyId, nowMs);
  const now = new Date(nowMs);
  const write = getDb()
    .then((db) =>
      db
        .update(apiKeys)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(apiKeys.id, keyId),
            or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(nowMs - API_KEY_LAST_USED_INTERVAL_MS))),
          ),
        ),
    )
    .catch((error: unknown) => logger.warn({ err: error, keyId }, "api key last_used_at not written"))
    .finally(() => pendingUseWrites.delete(write));
  pendingUseWrites.add(write);
  // A graceful shutdown closes the database after the writes under way: a key's last use is not lost at a deploy.
  if (!settleBeforeClose) {
    settleBeforeClose = true;
    onBeforeCloseDb(async () => {
      settleBeforeClose = false;
      await settleKeyUseWrites();
    });
  }
}

/** Waits for the last_used_at writes under way (tests, and a graceful shutdown). */
export async function settleKeyUseWrites() {
  await Promise.all([...pendingUseWrites]);
}

/** A key not revoked, expired or not: an expired key is told apart from an unknown one. */
async function lookUpApiKey(keyHash: string): Promise<ApiKeyGrant | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      planCode: users.planCode,
      keyId: apiKeys.id,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      validUntil: apiKeys.validUntil,
      allowedAddresses: apiKeys.allowedAddresses,
      livemode: apiKeys.livemode,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row || !canUseApiKey(row.planCode)) return null;
  const { keyId, scopes, expiresAt, validUntil, allowedAddresses, livemode, lastUsedAt, ...user } = row;
  // A use another instance wrote recently counts as this instance's own: no write at the first call after a start.
  if (lastUsedAt && !lastUseWritten.has(keyId)) lastUseWritten.set(keyId, lastUsedAt.getTime());
  return {
    user,
    keyId,
    scopes: normaliseScopes(scopes),
    endsAt: endOf({ expiresAt, validUntil }),
    allowedAddresses: allowedAddresses ?? null,
    livemode,
  };
}
