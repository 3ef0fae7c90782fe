/** Answers that say what the API document says: body errors, authentication, wording, purchases, keys and the dataset summary. */
import { createUser, sampleBillingInfo } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { API_VERSION_HEADER } from "~/domain/api/api-versions";
import { IDEMPOTENT_REPLAYED_HEADER } from "~/domain/commerce/orders";
import { rotateApiKey } from "~/services/api/keys/api-keys.server";
import { createSession } from "~/services/auth/session.server";
import { saveBillingInfo, setTermsConsent } from "~/services/commerce/billing.server";
import * as batch from "../../../app/routes/api+/v1+/hazards.batch";
import * as buy from "../../../app/routes/api+/v1+/products+/buy_products";
import * as invoices from "../../../app/routes/api+/v1+/invoices._index";
import * as keys from "../../../app/routes/api+/v1+/keys+/_index";
import * as statistic from "../../../app/routes/api+/riskdb+/statistic";
import * as countries from "../../../app/routes/api+/riskdb+/countries";

const getDb = setupTestDatabase();

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response>;
const call = (handler: unknown, path: string, init: RequestInit = {}) =>
  (handler as Handler)({ request: new Request(`http://localhost${apiUrl(path)}`, init), params: {}, context: {} });

async function premiumKey() {
  const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
  const { key } = await rotateApiKey(user);
  return { user, auth: { Authorization: `Bearer ${key!}` } };
}

async function buyer() {
  const user = (await createUser(getDb(), { planCode: "DISCOVERY" }))!;
  await saveBillingInfo(user.id, sampleBillingInfo());
  await setTermsConsent(user.id, true);
  return { Authorization: `Bearer ${await createSession(user.id)}` };
}

describe("the API answers as its document says", () => {
  it("malformed JSON is a 400 unreadable_body saying why; another content type is a 415", async () => {
    const { auth } = await premiumKey();
    const session = await buyer();
    for (const [handler, path, headers] of [
      [batch.action, API_PATHS.hazardsBatch, auth],
      [buy.action, API_PATHS.buyProducts, session],
    ] as const) {
      const broken = await call(handler, path, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json", "Idempotency-Key": "broken-json-1" },
        body: '{"locations": [',
      });
      expect(broken.status).toBe(400);
      const body = await broken.json();
      expect(body).toMatchObject({ success: false, code: "unreadable_body" });
      expect(body.error).toMatch(/^The body is not valid JSON: ./);
      const text = await call(handler, path, {
        method: "POST",
        headers: { ...headers, "Content-Type": "text/plain", "Idempotency-Key": "plain-text-01" },
        body: "type=1",
      });
      expect(text.status).toBe(415);
      expect(await text.json()).toMatchObject({
        code: "unsupported_media_type",
        error: expect.stringContaining("text/plain"),
      });
    }
  });

  it("a 401 names the Bearer scheme in WWW-Authenticate, with invalid_token for a credential that does not check out", async () => {
    const none = await call(invoices.loader, API_PATHS.invoices);
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toBe('Bearer realm="api"');
    const wrong = await call(invoices.loader, API_PATHS.invoices, {
      headers: { Authorization: "Bearer crk_not_a_key_000000000000000" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("WWW-Authenticate")).toBe('Bearer realm="api", error="invalid_token"');
  });

  it("a body that does not validate is told so in the API's words, naming the field, an unknown one included", async () => {
    const { auth } = await premiumKey();
    const post = async (body: unknown) =>
      (
        await call(batch.action, API_PATHS.hazardsBatch, {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        })
      ).json();
    expect(await post({ locations: [] })).toMatchObject({
      code: "invalid_request",
      field: "locations",
      error: "locations must hold at least 1 item",
    });
    expect(await post({ locations: [{ lat: 1, lon: 1 }], colour: "red" })).toMatchObject({
      code: "invalid_request",
      field: "colour",
      error: "colour is not a field this call reads",
    });
    expect(
      await post({ locations: [{ lat: 1, lon: 1 }], slots: [{ scenario: "rcp85", period: "2050", extra: 1 }] }),
    ).toMatchObject({ field: "slots[0].extra" });
    const missing = await post({});
    expect(missing).toMatchObject({ field: "locations", error: "locations is required" });
    for (const answer of [missing, await post({ locations: [] })])
      expect(answer.error).not.toMatch(/element\(s\)|Required|Expected|Unrecognized/);
  });

  it("a purchase without an Idempotency-Key is told the key is required; a replay says so in Idempotent-Replayed", async () => {
    const session = await buyer();
    const buyOne = (key?: string) =>
      call(buy.action, API_PATHS.buyProducts, {
        method: "POST",
        headers: { ...session, "Content-Type": "application/json", ...(key ? { "Idempotency-Key": key } : {}) },
        body: JSON.stringify({ type: 1, amount: 1 }),
      });
    const missing = await buyOne();
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      field: "idempotency_key",
      error: expect.stringMatching(/^Idempotency-Key is required/),
    });
    const first = await buyOne("replay-check-001");
    expect(first.status).toBe(200);
    expect(first.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    const again = await buyOne("replay-check-001");
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe("true");
    expect(await again.json()).toEqual(await first.json());
  });

  it("a key's last_used_at is given to the minute", async () => {
    const { user, auth } = await premiumKey();
    expect((await call(invoices.loader, API_PATHS.invoices, { headers: auth })).status).toBe(200);
    const session = { Authorization: `Bearer ${await createSession(user.id)}` };
    const list = await (await call(keys.loader, API_PATHS.apiKeys, { headers: session })).json();
    const used = list.keys.find((k: { last_used_at: string | null }) => k.last_used_at);
    expect(used.last_used_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
  });

  it("/riskdb/statistic tells the dataset, not the server: no memory, load time or build script", async () => {
    const body = await (await call(statistic.loader, API_PATHS.riskStatistic)).json();
    expect(body.statistic.dataset).toMatchObject({ cells: expect.any(Number), dataset_version: expect.any(String) });
    for (const leaked of ["memory_bytes", "load_ms", "generator"])
      expect(body.statistic.dataset).not.toHaveProperty(leaked);
    expect(JSON.stringify(body)).not.toMatch(/scripts\/|\.ts\b/);
  });

  it("an API-Version no one released is a 400 on every path, not only the riskdb ones", async () => {
    const { auth } = await premiumKey();
    for (const [handler, path] of [
      [invoices.loader, API_PATHS.invoices],
      [countries.loader, API_PATHS.riskCountries],
    ] as const) {
      const res = await call(handler, path, { headers: { ...auth, [API_VERSION_HEADER]: "2020-01-01" } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "invalid_request", field: API_VERSION_HEADER });
    }
  });
});
