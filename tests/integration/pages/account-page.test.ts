/**
 * The account page's one API keys section, through its loader and action as a browser without JavaScript posts them:
 * the spec's dialog flag leads to it, the key named "default" made there is the one both get_app_key paths name,
 * rotating keeps the old key for the overlap, errors come back beside the field they concern.
 */
import { createUser } from "#db/factories";
import { invoices, orders, receipts } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { ACCOUNT_LIST_PAGE_SIZE, DOCUMENTS_BEFORE_PARAM } from "~/domain/auth/account";
import { SESSION_COOKIE_NAME } from "~/domain/auth/auth";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { API_KEY_MESSAGES, API_KEY_ROTATION_OVERLAP_MS, DEFAULT_API_KEY_NAME } from "~/domain/api/keys/api-keys";
import { API_KEY_FORBIDDEN_MESSAGE } from "~/domain/commerce/entitlements";
import { API_KEY_OPTION_MESSAGES } from "~/domain/api/keys/key-options";
import { createSession } from "~/services/auth/session.server";
import * as account from "../../../app/routes/dashboard+/account+/_index";
import * as appKeyCustomer from "../../../app/routes/api+/customer.get_app_key";
import * as appKeyV1 from "../../../app/routes/api+/v1+/get_app_key";

const getDb = setupTestDatabase();

async function settle(fn: () => Promise<unknown>): Promise<Response> {
  try {
    return (await fn()) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function signedIn(planCode: "PREMIUM" | "DISCOVERY") {
  const user = (await createUser(getDb(), { planCode }))!;
  return { user, cookie: `${SESSION_COOKIE_NAME}=${await createSession(user.id)}` };
}

type PageData = Awaited<ReturnType<Awaited<ReturnType<typeof account.loader>>["json"]>>;
interface KeyAnswer {
  namedKey: {
    created: { key: string; name: string; livemode: boolean } | null;
    error: {
      message: string;
      field: string | null;
      fields: Record<string, string>;
      typed: Record<string, unknown> | null;
    } | null;
  };
}

async function load(cookie: string, search = "") {
  return settle(() =>
    account.loader({
      request: new Request(`http://localhost/dashboard/account${search}`, { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    }),
  );
}

async function keysOf(cookie: string) {
  const res = await load(cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as PageData).apiKeys;
}

/** A plain form post, as the page's forms send it with JavaScript off. */
async function post(cookie: string, fields: Record<string, string | string[]>, search = "?index") {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return settle(() =>
    account.action({
      request: new Request(`http://localhost/dashboard/account${search}`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body,
      }),
      params: {},
      context: {},
    }),
  );
}

async function appKey(route: { loader: unknown }, path: string, cookie: string) {
  const loader = route.loader as (args: {
    request: Request;
    params: Record<string, string>;
    context: Record<string, unknown>;
  }) => Promise<Response>;
  const res = await loader({
    request: new Request(`http://localhost${apiUrl(path)}`, { headers: { Cookie: cookie } }),
    params: {},
    context: {},
  });
  return { status: res.status, body: (await res.json()) as { prefix?: string; key?: string | null; error?: string } };
}

describe("the account page's API keys", () => {
  it("the spec's apiKeyModal flag opens the API keys section as its dialog, and a revoke posted from it lands back in it", async () => {
    const { cookie } = await signedIn("PREMIUM");
    const res = await load(cookie, "?apiKeyModal=1");
    expect(res.status).toBe(200);
    expect(((await res.json()) as PageData).apiKeyModal).toBe(true);
    expect(((await (await load(cookie)).json()) as PageData).apiKeyModal).toBe(false);

    expect((await post(cookie, { intent: "create_named_key", name: "nightly export" })).status).toBe(200);
    const [key] = await keysOf(cookie);
    const revoked = await post(cookie, { intent: "revoke_named_key", key_id: key!.id }, "?index&apiKeyModal=1");
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("Location")).toBe("/dashboard/account?apiKeyModal=1#api-keys");
  });

  it("DISCOVERY: no keys listed, and a posted create answers the spec's message", async () => {
    const { cookie } = await signedIn("DISCOVERY");
    const data = (await (await load(cookie)).json()) as PageData;
    expect(data).toMatchObject({ mayHoldKey: false, apiKeys: [] });
    expect(data).not.toHaveProperty("apiKey");
    const res = await post(cookie, { intent: "create_named_key", name: "default" });
    expect(res.status).toBe(403);
    expect(((await res.json()) as KeyAnswer).namedKey.error?.message).toBe(API_KEY_FORBIDDEN_MESSAGE);
  });

  it("a key named default made on the page is the app key of both get_app_key paths; rotating keeps the old one for the overlap; revoking ends it", async () => {
    const { cookie } = await signedIn("PREMIUM");
    for (const [route, path] of [
      [appKeyV1, API_PATHS.appKey],
      [appKeyCustomer, API_PATHS.customerAppKey],
    ] as const) {
      expect((await appKey(route, path, cookie)).status).toBe(404);
    }

    const created = await post(cookie, { intent: "create_named_key", name: DEFAULT_API_KEY_NAME });
    expect(created.status).toBe(200);
    const first = ((await created.json()) as KeyAnswer).namedKey.created!;
    expect(first).toMatchObject({ name: DEFAULT_API_KEY_NAME, key: expect.stringMatching(/^crk_/) });
    for (const [route, path] of [
      [appKeyV1, API_PATHS.appKey],
      [appKeyCustomer, API_PATHS.customerAppKey],
    ] as const) {
      const named = await appKey(route, path, cookie);
      expect(named).toMatchObject({ status: 200, body: { key: null } });
      expect(first.key.startsWith(named.body.prefix!)).toBe(true);
    }
    // Listed by prefix only: the page never shows the key again.
    const [listed] = await keysOf(cookie);
    expect(listed).toMatchObject({ name: DEFAULT_API_KEY_NAME, scopes: ["read"], expires_at: null });
    expect(JSON.stringify(await keysOf(cookie))).not.toContain(first.key);

    const before = Date.now();
    const rotatedRes = await post(cookie, { intent: "rotate_named_key", key_id: listed!.id });
    expect(rotatedRes.status).toBe(200);
    const rotated = ((await rotatedRes.json()) as KeyAnswer).namedKey.created!;
    expect(rotated.key).not.toBe(first.key);
    const afterRotation = await keysOf(cookie);
    expect(afterRotation).toHaveLength(2);
    const old = afterRotation.find((k) => k.id === listed!.id)!;
    const overlapEnd = new Date(old.expires_at!).getTime();
    expect(overlapEnd).toBeGreaterThanOrEqual(before + API_KEY_ROTATION_OVERLAP_MS - 1000);
    expect(overlapEnd).toBeLessThanOrEqual(Date.now() + API_KEY_ROTATION_OVERLAP_MS + 1000);
    expect(rotated.key.startsWith((await appKey(appKeyV1, API_PATHS.appKey, cookie)).body.prefix!)).toBe(true);

    const current = afterRotation.find((k) => k.expires_at === null)!;
    const revoked = await post(cookie, { intent: "revoke_named_key", key_id: current.id });
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("Location")).toBe("/dashboard/account#api-keys");
    expect((await appKey(appKeyCustomer, API_PATHS.customerAppKey, cookie)).status).toBe(404);
    expect((await keysOf(cookie)).map((k) => k.id)).toEqual([old.id]);
  });

  it("get_app_key on both paths names a live named key when there is no key named default; a key asking to make keys is told to sign in", async () => {
    const { cookie } = await signedIn("PREMIUM");
    const res = await post(cookie, { intent: "create_named_key", name: "nightly export" });
    const nightly = ((await res.json()) as KeyAnswer).namedKey.created!;
    for (const [route, path] of [
      [appKeyV1, API_PATHS.appKey],
      [appKeyCustomer, API_PATHS.customerAppKey],
    ] as const) {
      const named = await appKey(route, path, cookie);
      expect(named).toMatchObject({ status: 200, body: { key: null, name: "nightly export" } });
      expect(nightly.key.startsWith(named.body.prefix!)).toBe(true);
    }
    await post(cookie, { intent: "create_named_key", name: DEFAULT_API_KEY_NAME });
    expect((await appKey(appKeyV1, API_PATHS.appKey, cookie)).body).toMatchObject({ name: DEFAULT_API_KEY_NAME });

    const action = appKeyV1.action as unknown as (args: {
      request: Request;
      params: Record<string, string>;
      context: Record<string, unknown>;
    }) => Promise<Response>;
    const byKey = await action({
      request: new Request(`http://localhost${apiUrl(API_PATHS.appKey)}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${nightly.key}` },
      }),
      params: {},
      context: {},
    });
    expect(byKey.status).toBe(403);
    const refusal = ((await byKey.json()) as { error: string }).error;
    expect(refusal).toBe(API_KEY_MESSAGES.sessionOnly);
    expect(refusal).toMatch(/created, rotated and revoked only by a signed-in user/);
  });

  it("a refused name comes back for its field with what was typed; an unknown key id is a clear error", async () => {
    const { cookie } = await signedIn("PREMIUM");
    expect((await post(cookie, { intent: "create_named_key", name: "nightly export", scopes: "billing" })).status).toBe(
      200,
    );
    const taken = await post(cookie, { intent: "create_named_key", name: "nightly export" });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as KeyAnswer).namedKey).toEqual({
      created: null,
      error: {
        message: API_KEY_MESSAGES.nameTaken,
        field: "name",
        fields: { name: API_KEY_MESSAGES.nameTaken },
        typed: { name: "nightly export", scopes: [], expires_in_days: "", allowed_addresses: "", mode: "" },
      },
    });
    const blank = await post(cookie, { intent: "create_named_key", name: "  " });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as KeyAnswer).namedKey.error).toMatchObject({
      message: API_KEY_MESSAGES.nameRequired,
      field: "name",
    });
    const unknown = await post(cookie, { intent: "revoke_named_key", key_id: "not-a-key" });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as KeyAnswer).namedKey.error).toMatchObject({
      message: API_KEY_MESSAGES.notFound,
      field: null,
      typed: null,
    });
    expect((await keysOf(cookie)).map((k) => [k.name, k.scopes])).toEqual([["nightly export", ["read", "billing"]]]);
  });

  it("the create form takes an expiry, allowed addresses and test mode; every bad field gets its own message, and what was typed comes back", async () => {
    const { cookie } = await signedIn("PREMIUM");
    const refused = await post(cookie, {
      intent: "create_named_key",
      name: "<bad>",
      expires_in_days: "0",
      allowed_addresses: "203.0.113.0/24\n10.0.0.0/33",
      mode: "test",
      scopes: "billing",
    });
    expect(refused.status).toBe(400);
    const error = ((await refused.json()) as KeyAnswer).namedKey.error!;
    expect(error.fields).toEqual({
      name: API_KEY_MESSAGES.nameInvalid,
      expires_in_days: API_KEY_OPTION_MESSAGES.expiresInDaysInvalid,
      allowed_addresses: API_KEY_OPTION_MESSAGES.addressInvalid("10.0.0.0/33"),
      scopes: API_KEY_OPTION_MESSAGES.testModeBilling,
    });
    expect(error.typed).toMatchObject({
      name: "<bad>",
      allowed_addresses: "203.0.113.0/24\n10.0.0.0/33",
      mode: "test",
    });
    expect(await keysOf(cookie)).toEqual([]);

    const made = await post(cookie, {
      intent: "create_named_key",
      name: "sandbox",
      expires_in_days: "30",
      allowed_addresses: "203.0.113.0/24, 2001:db8::/32",
      mode: "test",
    });
    expect(made.status).toBe(200);
    const created = ((await made.json()) as KeyAnswer).namedKey.created!;
    expect(created).toMatchObject({ name: "sandbox", livemode: false, key: expect.stringMatching(/^crk_test_/) });
    const [listed] = await keysOf(cookie);
    expect(listed).toMatchObject({
      name: "sandbox",
      scopes: ["read"],
      livemode: false,
      allowed_addresses: ["203.0.113.0/24", "2001:db8::/32"],
    });
    const days = (new Date(listed!.expires_at!).getTime() - new Date(listed!.created_at).getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });

  it("the single key dialog's old form intents are gone: they create nothing", async () => {
    const { cookie } = await signedIn("PREMIUM");
    for (const intent of ["create_key", "rotate_key"]) {
      const res = await post(cookie, { intent });
      expect(res.status).toBe(400);
    }
    expect(await keysOf(cookie)).toEqual([]);
  });
});

describe("invoices and reports, a page at a time", () => {
  /** Paid orders with an invoice each and a receipt for every other one; numbers 9001.. of this user. */
  async function paidOrders(userId: string, count: number) {
    const db = getDb();
    for (let i = 0; i < count; i++) {
      const [order] = await db
        .insert(orders)
        .values({
          userId,
          kind: "self_service",
          status: "paid",
          items: [{ name: `Report ${i}` }] as never,
          subtotalMinor: 100,
          totalMinor: 120,
          paidAt: new Date(),
        })
        .returning({ id: orders.id });
      await db.insert(invoices).values({ number: 9001 + i, orderId: order!.id, userId, totalMinor: 120 });
      if (i % 2 === 0)
        await db
          .insert(receipts)
          .values({ number: 9001 + i, orderId: order!.id, userId, totalMinor: 120, provider: "test" });
    }
  }

  it("lists the newest page and links to the older ones, each list keeping the other's place", async () => {
    const { user, cookie } = await signedIn("PREMIUM");
    await paidOrders(user.id, ACCOUNT_LIST_PAGE_SIZE + 5);

    const first = (await (await load(cookie)).json()) as PageData;
    expect(first.documents.map((d) => d.number)).toEqual(
      Array.from({ length: ACCOUNT_LIST_PAGE_SIZE }, (_, i) => 9000 + ACCOUNT_LIST_PAGE_SIZE + 5 - i),
    );
    expect(first.documents.filter((d) => d.receipt).length).toBe(ACCOUNT_LIST_PAGE_SIZE / 2);
    expect(first.olderDocuments).toBe(9006);
    expect(first.newerDocuments).toBe(false);
    expect(first.reports).toHaveLength(ACCOUNT_LIST_PAGE_SIZE);
    expect(first.olderReports).toBe(first.reports.at(-1)!.id);

    const older = (await (await load(cookie, `?${DOCUMENTS_BEFORE_PARAM}=${first.olderDocuments}`)).json()) as PageData;
    expect(older.documents.map((d) => d.number)).toEqual([9005, 9004, 9003, 9002, 9001]);
    expect(older.documents.map((d) => d.receipt)).toEqual([true, false, true, false, true]);
    expect(older.olderDocuments).toBeUndefined();
    expect(older.newerDocuments).toBe(true);
    // The reports list stays on its first page.
    expect(older.reports.map((r) => r.id)).toEqual(first.reports.map((r) => r.id));
  });

  it("reads a cursor that is not a positive whole number as the first page", async () => {
    const { user, cookie } = await signedIn("PREMIUM");
    await paidOrders(user.id, 2);
    for (const bad of ["0x10", "-1", "1e3", "abc", ""]) {
      const page = (await (
        await load(cookie, `?${DOCUMENTS_BEFORE_PARAM}=${encodeURIComponent(bad)}`)
      ).json()) as PageData;
      expect(page.documents.map((d) => d.number)).toEqual([9002, 9001]);
    }
  });
});
