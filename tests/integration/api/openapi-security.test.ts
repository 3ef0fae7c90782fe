/**
 * The document's `security` says who may call each operation; this calls every documented operation with each kind
 * of credential and holds the answer to it: a credential the document lists must get past authentication (no 401,
 * no insufficient_scope), one it does not list must be refused. Then the cases that matter most, end to end:
 * purchases and billing with read and billing keys, and hexagon reads with a key and a session token.
 */
import path from "node:path";
import { createUser, sampleBillingInfo } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { apiPathOfRouteFile, withoutTrailingSlash } from "~/domain/api/api-route-files";
import { buildOpenApiDocument } from "~/domain/api/openapi";
import { createApiKey } from "~/services/api/keys/api-keys.server";
import { createSession } from "~/services/auth/session.server";
import { saveBillingInfo, setTermsConsent } from "~/services/commerce/billing.server";
import { grantLocation } from "~/services/commerce/entitlements.server";
import * as buyProducts from "../../../app/routes/api+/v1+/products+/buy_products";
import * as hazardScores from "../../../app/routes/api+/riskdb+/hazard_scores";
import { API_ROUTES_DIR, routeModuleFiles } from "../../support/api-route-files";

const getDb = setupTestDatabase();
const LONDON_HEX = "84194adffffffff";

/** The batches read their body before the caller (its size is what a key is charged): it gets one it can count. */
const SAMPLE_BODIES: Record<string, unknown> = {
  hazardsBatch: { locations: [{ lat: 51.507, lon: -0.128 }] },
  floodLossBatch: { locations: [{ lat: 50.94, lon: 6.96 }] },
};

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response>;
type Requirement = Record<string, string[]>;
type Credential = "anonymous" | "read key" | "billing key" | "session token";

/** What the document says of a credential: may it call an operation with this security? */
function documentAllows(security: Requirement[], credential: Credential): boolean {
  if (security.length === 0) return true;
  if (credential === "anonymous") return security.some((r) => Object.keys(r).length === 0);
  if (credential === "session token") return security.some((r) => "sessionToken" in r);
  const scopes = credential === "billing key" ? ["read", "billing"] : ["read"];
  return security.some((r) => r.apiKey !== undefined && r.apiKey.every((s) => scopes.includes(s)));
}

/** What the handler did with it: refused means 401 or a 403 for the key's scope. */
async function handlerRefuses(res: Response): Promise<boolean> {
  if (res.status === 401) return true;
  if (res.status !== 403) return false;
  const body = (await res.clone().json()) as { code?: string };
  return body.code === "insufficient_scope";
}

async function premiumAccount() {
  const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
  await saveBillingInfo(user.id, sampleBillingInfo());
  await setTermsConsent(user.id, true);
  const readKey = (await createApiKey(user, { name: "reader" })).key;
  const billingKey = (await createApiKey(user, { name: "buyer", scopes: ["billing"] })).key;
  const token = await createSession(user.id);
  const headers: Record<Credential, Record<string, string>> = {
    anonymous: {},
    "read key": { Authorization: `Bearer ${readKey}` },
    "billing key": { Authorization: `Bearer ${billingKey}` },
    "session token": { Authorization: `Bearer ${token}` },
  };
  return { user, headers };
}

describe("each operation's security matches what its handler accepts", () => {
  it("for every documented operation and every kind of credential", async () => {
    const doc = buildOpenApiDocument("https://example.org");
    const files = routeModuleFiles();
    const fileOf = new Map(files.map((f) => [withoutTrailingSlash(apiPathOfRouteFile(f) ?? ""), f]));
    const { headers } = await premiumAccount();
    const mismatches: string[] = [];
    let checked = 0;
    for (const [apiPath, ops] of Object.entries(doc.paths)) {
      const file = fileOf.get(withoutTrailingSlash(apiPath));
      if (!file) continue;
      const mod = (await import(/* @vite-ignore */ path.join(API_ROUTES_DIR, file))) as {
        loader: Handler;
        action?: Handler;
      };
      for (const [method, op] of Object.entries(
        ops as Record<string, { security?: Requirement[]; operationId: string }>,
      )) {
        // The webhook proves itself with Stripe's signature, not with a credential of ours.
        if (op.operationId === "stripeWebhook") continue;
        const handler = method === "get" ? mod.loader : mod.action!;
        const params = { id: apiPath.startsWith(API_PATHS.apiKeys) ? crypto.randomUUID() : "1" };
        const url = `http://localhost${apiUrl(apiPath.replace(/\{\w+\}/g, params.id))}`;
        for (const credential of Object.keys(headers) as Credential[]) {
          const body = method === "get" ? undefined : JSON.stringify(SAMPLE_BODIES[op.operationId] ?? {});
          const request = new Request(url, {
            method: method.toUpperCase(),
            headers: { ...headers[credential], ...(body ? { "Content-Type": "application/json" } : {}) },
            body,
          });
          const res = await handler({ request, params, context: {} });
          const refused = await handlerRefuses(res);
          const allowed = documentAllows(op.security ?? [], credential);
          checked++;
          if (refused === allowed)
            mismatches.push(
              `${method.toUpperCase()} ${apiPath} with ${credential}: document ${allowed ? "allows" : "refuses"}, handler answered ${res.status}`,
            );
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  }, 180_000);

  it("purchases: a read key gets 403 insufficient_scope, a billing key and the session buy", async () => {
    const { headers } = await premiumAccount();
    const buy = (credential: Credential, idem: string) =>
      (buyProducts.action as unknown as Handler)({
        request: new Request(`http://localhost${apiUrl(API_PATHS.buyProducts)}`, {
          method: "POST",
          headers: { ...headers[credential], "Content-Type": "application/json", "Idempotency-Key": idem },
          body: JSON.stringify({ type: 1, amount: 1 }),
        }),
        params: {},
        context: {},
      });
    const refused = await buy("read key", "scope-read-0001");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "insufficient_scope" });
    expect((await buy("billing key", "scope-bill-0001")).status).toBe(200);
    expect((await buy("session token", "scope-sess-0001")).status).toBe(200);
    expect((await buy("anonymous", "scope-anon-0001")).status).toBe(401);
  });

  it("hexagon reads: a read key and a session token read an ordered hexagon alike, as the document says", async () => {
    const { user, headers } = await premiumAccount();
    await grantLocation(user.id, LONDON_HEX, "order");
    const read = async (credential: Credential) => {
      const url = new URL(`http://localhost${apiUrl(API_PATHS.riskHazardScores)}`);
      for (const [k, v] of Object.entries({
        location_code: LONDON_HEX,
        scenario: "rcp45",
        period: "2050",
        lat: "51.507",
        lon: "-0.128",
      }))
        url.searchParams.set(k, v);
      return (
        await hazardScores.loader({
          request: new Request(url, { headers: headers[credential] }),
          params: {},
          context: {},
        })
      ).status;
    };
    const security = buildOpenApiDocument("https://example.org").paths[API_PATHS.riskHazardScores]!.get!
      .security as Requirement[];
    for (const credential of ["read key", "session token"] as const) {
      expect(documentAllows(security, credential)).toBe(true);
      expect(await read(credential)).toBe(200);
    }
    expect(await read("anonymous")).toBe(401);
  });
});
