import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { type API_ERROR_CODES, REQUEST_ID_HEADER } from "~/domain/api/api-errors";
import { ErrorBody } from "~/domain/api-contract/common";
import { NotEntitledBody } from "~/domain/api-contract/risk";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { rotateApiKey } from "~/services/api/keys/api-keys.server";
import { createSession } from "~/services/auth/session.server";
import * as fallback from "../../../app/routes/api+/$";
import * as appKey from "../../../app/routes/api+/v1+/get_app_key";
import * as batch from "../../../app/routes/api+/v1+/hazards.batch";
import * as hazardScores from "../../../app/routes/api+/riskdb+/hazard_scores";
import * as invoices from "../../../app/routes/api+/v1+/invoices._index";
import * as upgrade from "../../../app/routes/api+/v1+/tariff+/upgrade";

const getDb = setupTestDatabase();

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response>;
const call = (handler: unknown, request: Request) => (handler as Handler)({ request, params: {}, context: {} });

function request(path: string, init: RequestInit & { query?: Record<string, string> } = {}) {
  const url = new URL(`http://localhost${path.startsWith("/api") ? path : apiUrl(path)}`);
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  return new Request(url, init);
}

async function errorOf(response: Response) {
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, header: response.headers.get(REQUEST_ID_HEADER), body };
}

describe("API error answers", () => {
  it("keep success:false and error, and add a code from the one list and the request id, also sent as X-Request-Id", async () => {
    const premium = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const session = { Authorization: `Bearer ${await createSession(premium.id)}` };
    const { key } = await rotateApiKey(premium);
    const withKey = { Authorization: `Bearer ${key!}` };
    const keyless = {
      Authorization: `Bearer ${await createSession((await createUser(getDb(), { planCode: "PREMIUM" }))!.id)}`,
    };
    const discovery = (await createUser(getDb(), { planCode: "DISCOVERY" }))!;
    const discoverySession = { Authorization: `Bearer ${await createSession(discovery.id)}` };

    const cases: [string, Promise<Response>, number, keyof typeof API_ERROR_CODES][] = [
      ["missing parameter", call(hazardScores.loader, request(API_PATHS.riskHazardScores)), 400, "invalid_request"],
      [
        "unknown location",
        call(hazardScores.loader, request(API_PATHS.riskHazardScores, { query: { location_code: "XX" } })),
        404,
        "not_found",
      ],
      ["no credentials", call(invoices.loader, request(API_PATHS.invoices)), 401, "authentication_required"],
      [
        "unknown key",
        call(
          invoices.loader,
          request(API_PATHS.invoices, { headers: { Authorization: "Bearer crk_unknown_key_0000000000000" } }),
        ),
        401,
        "invalid_credential",
      ],
      [
        "a key may not buy",
        call(upgrade.action, request(API_PATHS.tariffUpgrade, { method: "POST", headers: withKey })),
        403,
        "insufficient_scope",
      ],
      [
        "below PREMIUM",
        call(appKey.loader, request(API_PATHS.appKey, { headers: discoverySession })),
        403,
        "plan_required",
      ],
      ["no live key", call(appKey.loader, request(API_PATHS.appKey, { headers: keyless })), 404, "not_found"],
      [
        "method",
        call(appKey.action, request(API_PATHS.appKey, { method: "PUT", headers: session })),
        405,
        "method_not_allowed",
      ],
      ["no such path", call(fallback.loader, request("/api/v1/nothing-here")), 404, "not_found"],
      [
        "not in the plan",
        call(
          hazardScores.loader,
          request(API_PATHS.riskHazardScores, { query: { location_code: "ES-M" }, headers: discoverySession }),
        ),
        403,
        "not_entitled",
      ],
      [
        "unreadable body",
        call(
          batch.action,
          request(API_PATHS.hazardsBatch, {
            method: "POST",
            headers: { ...withKey, "Content-Type": "application/json" },
            body: "{",
          }),
        ),
        400,
        "unreadable_body",
      ],
    ];
    for (const [what, pending, status, code] of cases) {
      const { status: got, header, body } = await errorOf(await pending);
      expect({ what, status: got, code: body.code }).toEqual({ what, status, code });
      expect(body, what).toMatchObject({ success: false, error: expect.any(String) });
      expect(body.request_id, what).toMatch(/^[0-9a-f-]{36}$/);
      expect(header, what).toBe(body.request_id);
      const schema = code === "not_entitled" ? NotEntitledBody : ErrorBody;
      expect(schema.safeParse(body).success, `${what}: ${JSON.stringify(body)}`).toBe(true);
    }
  });

  it("pass on the id the server put in X-Request-Id, on errors and answers alike, on the route and the server's fast path", async () => {
    const id = "req_0123456789abcdef";
    const bad = await call(
      hazardScores.loader,
      request(API_PATHS.riskHazardScores, { headers: { [REQUEST_ID_HEADER]: id } }),
    );
    expect(bad.headers.get(REQUEST_ID_HEADER)).toBe(id);
    expect(await bad.json()).toMatchObject({
      success: false,
      code: "invalid_request",
      request_id: id,
      field: "location_code",
    });

    const ok = await call(
      hazardScores.loader,
      request(API_PATHS.riskHazardScores, { query: { location_code: "GB" }, headers: { [REQUEST_ID_HEADER]: id } }),
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get(REQUEST_ID_HEADER)).toBe(id);

    const fast = hazardScores.riskdbEndpoint;
    const reply = await fast(
      request(API_PATHS.riskHazardScores, {
        query: { location_code: "nowhere!" },
        headers: { [REQUEST_ID_HEADER]: id },
      }),
    );
    expect(reply.status).toBe(400);
    // (an error reply's header names are lower case, as Headers gives them; HTTP names are case-insensitive)
    expect(reply.headers[REQUEST_ID_HEADER.toLowerCase()]).toBe(id);
    expect(JSON.parse(reply.body!)).toMatchObject({ success: false, code: "invalid_request", request_id: id });

    // An id that could break a log line or a header is not passed on: a new one is made.
    const odd = await call(
      hazardScores.loader,
      request(API_PATHS.riskHazardScores, { headers: { [REQUEST_ID_HEADER]: "a b\tc" } }),
    );
    expect(odd.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
