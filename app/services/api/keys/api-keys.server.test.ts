import { eq } from "drizzle-orm";
import { apiKeys, users } from "#db/schema/index";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { API_KEY_FORBIDDEN_MESSAGE } from "~/domain/commerce/entitlements";
import { API_AUTH_MESSAGES, requireApiCaller, resolveApiCaller } from "./api-auth.server";
import {
  API_KEY_NONE_MESSAGE,
  API_KEY_PREFIX,
  createApiKey,
  describeApiKey,
  listApiKeys,
  revokeApiKey,
  revokeApiKeyById,
  rotateApiKey,
  rotateApiKeyById,
  settleKeyUseWrites,
  verifyApiKeyGrant,
} from "./api-keys.server";
import { verifyApiKey } from "../../../../tests/support/api-keys";
import {
  API_KEY_LAST_USED_INTERVAL_MS,
  lastUsedToTheMinute,
  API_KEY_LIMIT_MESSAGE,
  API_KEY_MESSAGES,
  API_KEY_ROTATION_OVERLAP_MS,
  MAX_ACTIVE_API_KEYS,
} from "~/domain/api/keys/api-keys";
import { createSession } from "../../auth/session.server";

const getDb = setupTestDatabase();
// Registered after the database's own hook, so it runs first: a key's last-use write ends before its database closes.
afterEach(settleKeyUseWrites);
const bearer = (token: string) =>
  new Request("http://localhost/api/riskdb/hazard_scores", { headers: { Authorization: `Bearer ${token}` } });

describe("api keys", () => {
  it("are PREMIUM only, with the spec's message", async () => {
    for (const planCode of ["DISCOVERY", "GRANULAR", "COUNTRY+"] as const) {
      const user = (await createUser(getDb(), { planCode }))!;
      await expect(describeApiKey(user)).rejects.toMatchObject({ status: 403, message: API_KEY_FORBIDDEN_MESSAGE });
      await expect(rotateApiKey(user)).rejects.toMatchObject({ status: 403 });
    }
    expect(await getDb().select().from(apiKeys)).toHaveLength(0);
  });

  it("show the key once, store only its sha256, and name it by prefix afterwards", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const first = await rotateApiKey(user);
    expect(first.key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(first.key!.startsWith(first.prefix)).toBe(true);
    const again = await describeApiKey(user);
    expect(again).toEqual({ key: null, name: "default", prefix: first.prefix, created_at: first.created_at });
    const [row] = await getDb().select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(first.key!);
    expect((await verifyApiKey(first.key!))?.id).toBe(user.id);
  });

  it("are never created by describing them: none yet, or revoked, is a 404 and no row", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    await expect(describeApiKey(user)).rejects.toMatchObject({ status: 404, message: API_KEY_NONE_MESSAGE });
    await rotateApiKey(user);
    await revokeApiKey(user.id);
    await expect(describeApiKey(user)).rejects.toMatchObject({ status: 404 });
    const rows = await getDb().select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revokedAt).not.toBeNull();
  });

  it("rotation revokes the old key; revoke ends the new one", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const old = await rotateApiKey(user);
    const fresh = await rotateApiKey(user);
    expect(fresh.key).not.toBe(old.key);
    expect(await verifyApiKey(old.key!)).toBeNull();
    expect((await verifyApiKey(fresh.key!))?.id).toBe(user.id);
    expect(await getDb().select().from(apiKeys).where(eq(apiKeys.userId, user.id))).toHaveLength(2);
    expect(await revokeApiKey(user.id)).toBe(1);
    expect(await verifyApiKey(fresh.key!)).toBeNull();
    expect(await revokeApiKey(user.id)).toBe(0);
  });

  it("stop working when the owner leaves PREMIUM", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const { key } = await rotateApiKey(user);
    await getDb().update(users).set({ planCode: "GRANULAR" }).where(eq(users.id, user.id));
    expect(await verifyApiKey(key!)).toBeNull();
  });

  it("refuse look-alikes and unknown keys", async () => {
    expect(await verifyApiKey("crk_")).toBeNull();
    expect(await verifyApiKey("not-a-key")).toBeNull();
    expect(await verifyApiKey(`${API_KEY_PREFIX}${"x".repeat(43)}`)).toBeNull();
  });
});

describe("resolveApiCaller", () => {
  it("reads the session cookie, a Bearer session token and a Bearer API key", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const token = await createSession(user.id);
    const { key } = await rotateApiKey(user);
    const cookie = new Request("http://localhost/api/x", { headers: { Cookie: `weather_token=${token}` } });
    expect(await resolveApiCaller(cookie)).toMatchObject({ user: { id: user.id }, via: "session", viaApiKey: false });
    expect(await resolveApiCaller(bearer(token))).toMatchObject({ user: { id: user.id }, via: "session" });
    expect(await resolveApiCaller(bearer(key!))).toMatchObject({
      user: { id: user.id, planCode: "PREMIUM" },
      via: "api_key",
      viaApiKey: true,
    });
  });

  it("anonymous is null; a bad Bearer credential is a 401; a stale cookie is just anonymous", async () => {
    expect(await resolveApiCaller(new Request("http://localhost/api/x"))).toBeNull();
    await expect(resolveApiCaller(bearer("crk_revokedOrUnknownKey123456"))).rejects.toMatchObject({ status: 401 });
    await expect(resolveApiCaller(bearer("unknown-session-token"))).rejects.toMatchObject({ status: 401 });
    expect(
      await resolveApiCaller(new Request("http://localhost/api/x", { headers: { Cookie: "weather_token=stale" } })),
    ).toBeNull();
  });
});

describe("named keys with scopes", () => {
  const premium = async () => (await createUser(getDb(), { planCode: "PREMIUM" }))!;

  it("are created with a name and scopes (read always), shown once, and listed without the key", async () => {
    const user = await premium();
    const reader = await createApiKey(user, { name: "  nightly   export " });
    const buyer = await createApiKey(user, { name: "billing robot", scopes: ["billing"] });
    expect(reader).toMatchObject({
      name: "nightly export",
      scopes: ["read"],
      last_used_at: null,
      expires_at: null,
      rotated: false,
      allowed_addresses: null,
      livemode: true,
    });
    expect(buyer.scopes).toEqual(["read", "billing"]);
    expect(buyer.key.startsWith(buyer.prefix)).toBe(true);
    const listed = await listApiKeys(user.id);
    expect(listed.map((k) => k.name)).toEqual(["nightly export", "billing robot"]);
    expect(JSON.stringify(listed)).not.toContain(reader.key);
    expect(listed.every((k) => !("key" in k))).toBe(true);
    expect((await verifyApiKeyGrant(buyer.key))?.scopes).toEqual(["read", "billing"]);
  });

  it("refuse a bad name, a taken name and more than the cap, with clear messages", async () => {
    const user = await premium();
    await expect(createApiKey(user, { name: " " })).rejects.toMatchObject({
      status: 400,
      message: API_KEY_MESSAGES.nameRequired,
      field: "name",
    });
    await expect(createApiKey(user, { name: "x".repeat(61) })).rejects.toMatchObject({
      status: 400,
      message: API_KEY_MESSAGES.nameTooLong,
    });
    await expect(createApiKey(user, { name: "<script>" })).rejects.toMatchObject({
      status: 400,
      message: API_KEY_MESSAGES.nameInvalid,
    });
    await createApiKey(user, { name: "k0" });
    await expect(createApiKey(user, { name: "k0" })).rejects.toMatchObject({
      status: 409,
      message: API_KEY_MESSAGES.nameTaken,
    });
    const raced = await Promise.allSettled([
      createApiKey(user, { name: "race" }),
      createApiKey(user, { name: "race" }),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    for (let i = 2; i < MAX_ACTIVE_API_KEYS; i++) await createApiKey(user, { name: `k${i}` });
    await expect(createApiKey(user, { name: "one too many" })).rejects.toMatchObject({
      status: 409,
      message: API_KEY_LIMIT_MESSAGE,
    });
    const [first] = await listApiKeys(user.id);
    await revokeApiKeyById(user.id, first!.id);
    expect((await createApiKey(user, { name: "after revoke" })).name).toBe("after revoke");
    const other = await createUser(getDb(), { planCode: "GRANULAR" });
    await expect(createApiKey(other!, { name: "x" })).rejects.toMatchObject({
      status: 403,
      message: API_KEY_FORBIDDEN_MESSAGE,
    });
  });

  it("rotate with an overlap: the old key works until expires_at, then stops; the new one keeps name and scopes", async () => {
    const user = await premium();
    const old = await createApiKey(user, { name: "server", scopes: ["billing"] });
    const t0 = Date.now();
    const fresh = await rotateApiKeyById(user, old.id, new Date(t0));
    expect(fresh).toMatchObject({ name: "server", scopes: ["read", "billing"], expires_at: null });
    expect(fresh.key).not.toBe(old.key);
    const listed = await listApiKeys(user.id, new Date(t0));
    expect(listed.find((k) => k.id === old.id)?.expires_at).toBe(
      new Date(t0 + API_KEY_ROTATION_OVERLAP_MS).toISOString(),
    );
    expect((await verifyApiKeyGrant(old.key, t0 + 1000))?.user.id).toBe(user.id);
    await expect(verifyApiKeyGrant(old.key, t0 + API_KEY_ROTATION_OVERLAP_MS + 1)).rejects.toMatchObject({
      status: 401,
      code: "key_expired",
    });
    expect((await listApiKeys(user.id, new Date(t0 + API_KEY_ROTATION_OVERLAP_MS + 1))).map((k) => k.id)).toEqual([
      fresh.id,
    ]);
    expect((await verifyApiKeyGrant(fresh.key))?.user.id).toBe(user.id);
    await expect(rotateApiKeyById(user, old.id, new Date(t0 + 1000))).rejects.toMatchObject({ status: 409 });
  });

  it("revoke by id ends a key at once, and only the owner's", async () => {
    const user = await premium();
    const stranger = await premium();
    const k = await createApiKey(user, { name: "ci" });
    await expect(revokeApiKeyById(stranger.id, k.id)).rejects.toMatchObject({ status: 404 });
    await expect(revokeApiKeyById(user.id, "not-a-uuid")).rejects.toMatchObject({ status: 404 });
    expect(await verifyApiKey(k.key)).not.toBeNull();
    await revokeApiKeyById(user.id, k.id);
    expect(await verifyApiKey(k.key)).toBeNull();
    await expect(revokeApiKeyById(user.id, k.id)).rejects.toMatchObject({ status: 404 });
  });

  it("get_app_key's functions act on the default key only and leave named keys alone", async () => {
    const user = await premium();
    await expect(describeApiKey(user)).rejects.toMatchObject({ status: 404 });
    const named = await createApiKey(user, { name: "named" });
    // without a key named default, the answer names the live named key rather than saying there is none
    await expect(describeApiKey(user)).resolves.toMatchObject({ key: null, name: "named", prefix: named.prefix });
    const def = await rotateApiKey(user);
    expect((await describeApiKey(user)).prefix).toBe(def.prefix);
    expect(await revokeApiKey(user.id)).toBe(1);
    expect(await verifyApiKey(def.key!)).toBeNull();
    expect(await verifyApiKey(named.key)).not.toBeNull();
  });

  it("note the last use at most once a minute per key", async () => {
    const user = await premium();
    const k = await createApiKey(user, { name: "hot" });
    const lastUsed = async () => (await listApiKeys(user.id))[0]!.last_used_at;
    const t0 = Date.now();
    await verifyApiKeyGrant(k.key, t0);
    await settleKeyUseWrites();
    expect(await lastUsed()).toBe(lastUsedToTheMinute(new Date(t0)));
    for (let i = 1; i <= 20; i++) await verifyApiKeyGrant(k.key, t0 + i * 1000);
    await settleKeyUseWrites();
    expect(await lastUsed()).toBe(lastUsedToTheMinute(new Date(t0)));
    await verifyApiKeyGrant(k.key, t0 + API_KEY_LAST_USED_INTERVAL_MS + 1);
    await settleKeyUseWrites();
    expect(await lastUsed()).toBe(lastUsedToTheMinute(new Date(t0 + API_KEY_LAST_USED_INTERVAL_MS + 1)));
  });

  it("scopes are enforced where the caller is resolved: billing calls need the billing scope, key management a session", async () => {
    const user = await premium();
    const reader = await createApiKey(user, { name: "reader" });
    const buyer = await createApiKey(user, { name: "buyer", scopes: ["billing"] });
    for (const scope of ["purchase", "billing"] as const) {
      await expect(requireApiCaller(bearer(reader.key), scope)).rejects.toMatchObject({
        status: 403,
        code: "insufficient_scope",
        message: API_AUTH_MESSAGES.outOfScope,
      });
      expect((await requireApiCaller(bearer(buyer.key), scope)).via).toBe("api_key");
    }
    await expect(requireApiCaller(bearer(buyer.key), "keys")).rejects.toMatchObject({
      status: 403,
      code: "insufficient_scope",
      message: API_AUTH_MESSAGES.sessionOnly,
    });
    const token = await createSession(user.id);
    for (const scope of ["read", "purchase", "billing", "keys"] as const)
      expect((await requireApiCaller(bearer(token), scope)).via).toBe("session");
  });
});
