import { eq } from "drizzle-orm";
import { apiKeys, idempotencyKeys, orders } from "#db/schema/index";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { ApiKeyCreatedResponse, ApiKeysListResponse } from "~/domain/api-contract/keys";
import { API_KEY_OPTION_MESSAGES, LIVEMODE_HEADER } from "~/domain/api/keys/key-options";
import { IDEMPOTENT_REPLAYED_HEADER } from "~/domain/commerce/orders";
import { createSession } from "../../auth/session.server";
import { getUserEntitlements, grantLocation } from "../../commerce/entitlements.server";
import { requireApiCaller } from "./api-auth.server";
import {
  TEST_API_KEY_PREFIX,
  createApiKey,
  listApiKeys,
  rotateApiKeyById,
  settleKeyUseWrites,
  verifyApiKeyGrant,
} from "./api-keys.server";
import * as keysRoute from "../../../routes/api+/v1+/keys+/_index";
import * as hazardScores from "../../../routes/api+/riskdb+/hazard_scores";
import * as tariffUpgrade from "../../../routes/api+/v1+/tariff+/upgrade";

const getDb = setupTestDatabase();
afterEach(settleKeyUseWrites);

const DAY_MS = 86_400_000;
const premium = async () => (await createUser(getDb(), { planCode: "PREMIUM" }))!;
const bearer = (key: string) =>
  new Request("http://localhost/api/riskdb/hazard_scores", { headers: { Authorization: `Bearer ${key}` } });

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response>;

/** A call through the route, from a client address (the server entry's socket peer). */
async function call(
  handler: unknown,
  init: { method?: string; path: string; headers?: Record<string, string>; body?: BodyInit; from?: string },
) {
  const request = new Request(`http://localhost${apiUrl(init.path)}`, {
    method: init.method ?? "GET",
    headers: init.headers,
    body: init.body,
  });
  const res = await (handler as Handler)({ request, params: {}, context: { remoteAddress: init.from ?? "192.0.2.1" } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

describe("a key's expiry", () => {
  it("works until its expiry, then is refused with a 401 naming it; listed with expires_at, then gone", async () => {
    const user = await premium();
    const t0 = Date.now();
    const k = await createApiKey(user, { name: "a day", expires_in_days: 1 }, undefined, new Date(t0));
    const end = new Date(t0 + DAY_MS);
    expect(k.expires_at).toBe(end.toISOString());
    expect((await listApiKeys(user.id, new Date(t0))).map((x) => x.expires_at)).toEqual([end.toISOString()]);
    expect((await verifyApiKeyGrant(k.key!, t0 + DAY_MS - 1))?.user.id).toBe(user.id);
    await expect(verifyApiKeyGrant(k.key!, t0 + DAY_MS)).rejects.toMatchObject({
      status: 401,
      code: "key_expired",
      message: API_KEY_OPTION_MESSAGES.expired(end),
    });
    expect(await listApiKeys(user.id, new Date(t0 + DAY_MS))).toEqual([]);
  });

  it("an expired key is a 401 key_expired through the API, and its name is free again", async () => {
    const user = await premium();
    const past = new Date(Date.now() - 3 * DAY_MS);
    const at = new Date(past.getTime() + DAY_MS).toISOString();
    const k = await createApiKey(user, { name: "old", expires_at: at }, undefined, past);
    const res = await call(keysRoute.loader, {
      path: API_PATHS.apiKeys,
      headers: { Authorization: `Bearer ${k.key}` },
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "key_expired", error: API_KEY_OPTION_MESSAGES.expired(new Date(at)) });
    const again = await createApiKey(user, { name: "old" });
    expect(again.expires_at).toBeNull();
    await expect(verifyApiKeyGrant(k.key!)).rejects.toMatchObject({ code: "key_expired" });
  });

  it("refuses an expiry in the past, too far, both forms at once, or not a whole number of days", async () => {
    const user = await premium();
    const refused = [
      [{ expires_at: "2020-01-01T00:00:00Z" }, "expires_at", API_KEY_OPTION_MESSAGES.expiresAtPast],
      [{ expires_at: "2026-13-01" }, "expires_at", API_KEY_OPTION_MESSAGES.expiresAtInvalid],
      [{ expires_in_days: 0 }, "expires_in_days", API_KEY_OPTION_MESSAGES.expiresInDaysInvalid],
      [{ expires_in_days: "1.5" }, "expires_in_days", API_KEY_OPTION_MESSAGES.expiresInDaysInvalid],
      [{ expires_in_days: 99999 }, "expires_in_days", API_KEY_OPTION_MESSAGES.expiresInDaysInvalid],
      [{ expires_in_days: 3, expires_at: "2030-01-01T00:00:00Z" }, "expires_at", API_KEY_OPTION_MESSAGES.expiryBoth],
    ] as const;
    for (const [options, field, message] of refused)
      await expect(createApiKey(user, { name: "x", ...options })).rejects.toMatchObject({
        status: 400,
        field,
        message,
      });
    expect(await getDb().select().from(apiKeys).where(eq(apiKeys.userId, user.id))).toHaveLength(0);
  });
});

describe("a key's allowed addresses", () => {
  it("accept a call from inside a range (IPv4 and IPv6) and refuse one from outside with a 403 naming the address", async () => {
    const user = await premium();
    const k = await createApiKey(user, { name: "office", allowed_addresses: ["203.0.113.0/24", "2001:DB8::/32"] });
    expect(k.allowed_addresses).toEqual(["203.0.113.0/24", "2001:db8::/32"]);
    const auth = { Authorization: `Bearer ${k.key}` };
    for (const from of ["203.0.113.7", "::ffff:203.0.113.200", "2001:db8::1", "2001:db8:ffff::42"])
      expect((await call(keysRoute.loader, { path: API_PATHS.apiKeys, headers: auth, from })).status, from).toBe(200);
    for (const [from, named] of [
      ["198.51.100.1", "198.51.100.1"],
      ["203.0.114.1", "203.0.114.1"],
      ["2001:db9::1", "2001:db9::1"],
    ]) {
      const res = await call(keysRoute.loader, { path: API_PATHS.apiKeys, headers: auth, from });
      expect(res.status, from).toBe(403);
      expect(res.body).toMatchObject({
        code: "address_not_allowed",
        error: API_KEY_OPTION_MESSAGES.addressNotAllowed(named!),
      });
    }
    // Without a known client address a restricted key is refused, never let through.
    await expect(requireApiCaller(bearer(k.key))).rejects.toMatchObject({ status: 403, code: "address_not_allowed" });
    // A rotation keeps the list.
    const next = await rotateApiKeyById(user, k.id);
    expect(next.allowed_addresses).toEqual(k.allowed_addresses);
  });

  it("refuse a bad entry on its field, naming it", async () => {
    const user = await premium();
    for (const bad of ["10.0.0.0/33", "loopback", "300.1.2.3", "2001:db8::/129", "example.org"])
      await expect(createApiKey(user, { name: "x", allowed_addresses: ["192.0.2.1", bad] })).rejects.toMatchObject({
        status: 400,
        field: "allowed_addresses",
        message: API_KEY_OPTION_MESSAGES.addressInvalid(bad),
      });
    // A textarea's text: entries split on lines and commas.
    const k = await createApiKey(user, { name: "form", allowed_addresses: "192.0.2.1\n198.51.100.0/24, ::1" });
    expect(k.allowed_addresses).toEqual(["192.0.2.1", "198.51.100.0/24", "::1"]);
  });
});

describe("idempotent key creation", () => {
  it("replays the same key record without the secret; another body with the same Idempotency-Key is a 422", async () => {
    const user = await premium();
    const input = { name: "ci", scopes: ["billing"], expires_in_days: 30 };
    const idem = { key: "create-ci-key-0001", params: input };
    const first = await createApiKey(user, input, idem);
    expect(first.key).toMatch(/^crk_/);
    const replay = await createApiKey(user, input, idem);
    expect(replay.id).toBe(first.id);
    expect(replay.key).toBeNull();
    expect(replay.expires_at).toBe(first.expires_at);
    expect(await getDb().select().from(apiKeys).where(eq(apiKeys.userId, user.id))).toHaveLength(1);
    await expect(
      createApiKey(user, { ...input, name: "other" }, { ...idem, params: { ...input, name: "other" } }),
    ).rejects.toMatchObject({ status: 422, code: "idempotency_key_reused" });
    // The stored answer never holds the secret.
    const stored = await getDb().select().from(idempotencyKeys);
    expect(JSON.stringify(stored)).not.toContain(first.key!);
  });

  it("through the API: Idempotent-Replayed on the replay, key null, same id", async () => {
    const user = await premium();
    const headers = {
      Authorization: `Bearer ${await createSession(user.id)}`,
      "Content-Type": "application/json",
      "Idempotency-Key": "6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e",
    };
    const body = JSON.stringify({ name: "nightly", allowed_addresses: ["203.0.113.0/24"], mode: "test" });
    const post = (b: string) => call(keysRoute.action, { method: "POST", path: API_PATHS.apiKeys, headers, body: b });
    const first = await post(body);
    expect(first.status).toBe(200);
    expect(first.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    const created = ApiKeyCreatedResponse.parse(first.body);
    expect(created.key!.startsWith(TEST_API_KEY_PREFIX)).toBe(true);
    const second = await post(body);
    expect(second.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe("true");
    expect(ApiKeyCreatedResponse.parse(second.body)).toEqual({ ...created, key: null });
    const conflict = await post(JSON.stringify({ name: "nightly", mode: "test" }));
    expect(conflict).toMatchObject({ status: 422, body: { code: "idempotency_key_reused" } });
    const bad = await call(keysRoute.action, {
      method: "POST",
      path: API_PATHS.apiKeys,
      headers: { ...headers, "Idempotency-Key": "x" },
      body,
    });
    expect(bad).toMatchObject({ status: 400, body: { field: "idempotency_key" } });
  });
});

describe("test-mode keys", () => {
  it("read scores as a live key does, tell Livemode: false, and never buy or charge (403 test_mode_key)", async () => {
    const user = await premium();
    const test = await createApiKey(user, { name: "sandbox", mode: "test" });
    const live = await createApiKey(user, { name: "prod" });
    expect(test.key.startsWith(TEST_API_KEY_PREFIX)).toBe(true);
    expect(test.prefix).toBe(test.key.slice(0, TEST_API_KEY_PREFIX.length + 8));
    expect(live.key.startsWith(TEST_API_KEY_PREFIX)).toBe(false);
    expect({ test: test.livemode, live: live.livemode }).toEqual({ test: false, live: true });

    const hex = "84194adffffffff";
    await grantLocation(user.id, hex, "order");
    const before = await getUserEntitlements(user);
    const q = `?location_code=${hex}&scenario=rcp85&period=2050&lat=51.507&lon=-0.128`;
    const read = async (key: string) =>
      call(hazardScores.loader, { path: API_PATHS.riskHazardScores + q, headers: { Authorization: `Bearer ${key}` } });
    const [asTest, asLive] = [await read(test.key), await read(live.key)];
    expect(asTest.status).toBe(200);
    expect(asTest.body.hazards).toEqual(asLive.body.hazards);
    expect(asTest.headers.get(LIVEMODE_HEADER)).toBe("false");
    expect(asLive.headers.get(LIVEMODE_HEADER)).toBe("true");
    expect(await getUserEntitlements(user)).toEqual(before);

    for (const scope of ["purchase", "billing"] as const)
      await expect(requireApiCaller(bearer(test.key), scope)).rejects.toMatchObject({
        status: 403,
        code: "test_mode_key",
        message: API_KEY_OPTION_MESSAGES.testMode,
      });
    const upgrade = await call(tariffUpgrade.action, {
      method: "POST",
      path: API_PATHS.tariffUpgrade,
      headers: {
        Authorization: `Bearer ${test.key}`,
        "Content-Type": "application/json",
        "Idempotency-Key": "test-key-upgrade-0001",
      },
      body: JSON.stringify({ tariff_id: 3 }),
    });
    expect(upgrade).toMatchObject({ status: 403, body: { code: "test_mode_key" } });
    expect(upgrade.headers.get(LIVEMODE_HEADER)).toBe("false");
    expect(await getDb().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);

    const listed = ApiKeysListResponse.parse(
      (await call(keysRoute.loader, { path: API_PATHS.apiKeys, headers: { Authorization: `Bearer ${test.key}` } }))
        .body,
    );
    expect(listed.keys.map((k) => [k.name, k.livemode])).toEqual([
      ["sandbox", false],
      ["prod", true],
    ]);
  }, 180_000);

  it("cannot hold the billing scope, and a rotation keeps test mode", async () => {
    const user = await premium();
    await expect(createApiKey(user, { name: "sandbox", mode: "test", scopes: ["billing"] })).rejects.toMatchObject({
      status: 400,
      field: "scopes",
      message: API_KEY_OPTION_MESSAGES.testModeBilling,
    });
    await expect(createApiKey(user, { name: "sandbox", mode: "sandbox" })).rejects.toMatchObject({
      status: 400,
      field: "mode",
    });
    const k = await createApiKey(user, { name: "sandbox", mode: "test" });
    const next = await rotateApiKeyById(user, k.id);
    expect(next.key.startsWith(TEST_API_KEY_PREFIX)).toBe(true);
    expect(next.livemode).toBe(false);
  });
});
