import { eq } from "drizzle-orm";
import { apiKeys, users } from "#db/schema/index";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { API_KEY_FORBIDDEN_MESSAGE } from "~/domain/commerce/entitlements";
import { resolveApiCaller } from "./api-auth.server";
import { API_KEY_NONE_MESSAGE, API_KEY_PREFIX, describeApiKey, revokeApiKey, rotateApiKey, verifyApiKey } from "./api-keys.server";
import { createSession } from "../auth/session.server";

const getDb = setupTestDatabase();
const bearer = (token: string) => new Request("http://localhost/api/riskdb/hazard_scores", { headers: { Authorization: `Bearer ${token}` } });

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
    expect(again).toEqual({ key: null, prefix: first.prefix, created_at: first.created_at });
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
    expect(await resolveApiCaller(bearer(key!))).toMatchObject({ user: { id: user.id, planCode: "PREMIUM" }, via: "api_key", viaApiKey: true });
  });

  it("anonymous is null; a bad Bearer credential is a 401; a stale cookie is just anonymous", async () => {
    expect(await resolveApiCaller(new Request("http://localhost/api/x"))).toBeNull();
    await expect(resolveApiCaller(bearer("crk_revokedOrUnknownKey123456"))).rejects.toMatchObject({ status: 401 });
    await expect(resolveApiCaller(bearer("unknown-session-token"))).rejects.toMatchObject({ status: 401 });
    expect(await resolveApiCaller(new Request("http://localhost/api/x", { headers: { Cookie: "weather_token=stale" } }))).toBeNull();
  });
});
