import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { API_KEY_MESSAGES } from "~/domain/api/keys/api-keys";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { ApiKeyCreatedResponse, ApiKeyRevokedItemResponse, ApiKeysListResponse } from "~/domain/api-contract/keys";
import { createSession } from "../../auth/session.server";
import * as keysRoute from "../../../routes/api+/v1+/keys+/_index";
import * as keyRoute from "../../../routes/api+/v1+/keys+/$id";
import * as rotateRoute from "../../../routes/api+/v1+/keys+/$id.rotate";

const getDb = setupTestDatabase();

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response>;

async function call(
  handler: unknown,
  method: string,
  apiPath: string,
  headers: Record<string, string>,
  body?: BodyInit,
  params: Record<string, string> = {},
) {
  const request = new Request(`http://localhost${apiUrl(apiPath)}`, { method, headers, body });
  const res = await (handler as Handler)({ request, params, context: {} });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("/v1/keys", () => {
  it("create (JSON and form), list, rotate and revoke with the session; a key may list but not manage", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const session = { Authorization: `Bearer ${await createSession(user.id)}` };
    const json = { ...session, "Content-Type": "application/json" };

    const created = await call(
      keysRoute.action,
      "POST",
      API_PATHS.apiKeys,
      json,
      JSON.stringify({ name: "nightly export" }),
    );
    expect(created.status).toBe(200);
    const first = ApiKeyCreatedResponse.parse(created.body);
    expect(first.scopes).toEqual(["read"]);

    const form = new URLSearchParams([
      ["name", "billing robot"],
      ["scopes", "read"],
      ["scopes", "billing"],
    ]);
    const viaForm = ApiKeyCreatedResponse.parse(
      (
        await call(
          keysRoute.action,
          "POST",
          API_PATHS.apiKeys,
          { ...session, "Content-Type": "application/x-www-form-urlencoded" },
          form,
        )
      ).body,
    );
    expect(viaForm.scopes).toEqual(["read", "billing"]);

    const byKey = { Authorization: `Bearer ${first.key}` };
    const listed = ApiKeysListResponse.parse((await call(keysRoute.loader, "GET", API_PATHS.apiKeys, byKey)).body);
    expect(listed.keys.map((k) => k.name)).toEqual(["nightly export", "billing robot"]);
    expect(JSON.stringify(listed)).not.toContain(first.key);

    for (const [handler, method, p, params] of [
      [keysRoute.action, "POST", API_PATHS.apiKeys, {}],
      [rotateRoute.action, "POST", API_PATHS.apiKeyRotate(first.id), { id: first.id }],
      [keyRoute.action, "DELETE", API_PATHS.apiKeyItem(first.id), { id: first.id }],
    ] as const) {
      const refused = await call(
        handler,
        method,
        p,
        { Authorization: `Bearer ${viaForm.key}`, "Content-Type": "application/json" },
        method === "POST" ? "{}" : undefined,
        params,
      );
      expect(refused).toMatchObject({
        status: 403,
        body: { code: "insufficient_scope", error: API_KEY_MESSAGES.sessionOnly },
      });
    }

    const rotated = ApiKeyCreatedResponse.parse(
      (await call(rotateRoute.action, "POST", API_PATHS.apiKeyRotate(first.id), session, undefined, { id: first.id }))
        .body,
    );
    expect(rotated).toMatchObject({ name: "nightly export", scopes: ["read"], expires_at: null });
    const afterRotation = ApiKeysListResponse.parse(
      (await call(keysRoute.loader, "GET", API_PATHS.apiKeys, byKey)).body,
    );
    expect(afterRotation.keys.find((k) => k.id === first.id)?.expires_at).not.toBeNull();

    const revoked = await call(keyRoute.action, "DELETE", API_PATHS.apiKeyItem(rotated.id), session, undefined, {
      id: rotated.id,
    });
    expect(ApiKeyRevokedItemResponse.parse(revoked.body).revoked.id).toBe(rotated.id);
    expect(
      (await call(keyRoute.action, "DELETE", API_PATHS.apiKeyItem(rotated.id), session, undefined, { id: rotated.id }))
        .status,
    ).toBe(404);
  });

  it("answers 400 for a bad name or scope, 409 for a taken name, 405 for another method", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const json = { Authorization: `Bearer ${await createSession(user.id)}`, "Content-Type": "application/json" };
    expect(await call(keysRoute.action, "POST", API_PATHS.apiKeys, json, JSON.stringify({ name: "" }))).toMatchObject({
      status: 400,
      body: { field: "name" },
    });
    expect(
      await call(keysRoute.action, "POST", API_PATHS.apiKeys, json, JSON.stringify({ name: "x", scopes: ["admin"] })),
    ).toMatchObject({ status: 400, body: { field: "scopes", error: API_KEY_MESSAGES.unknownScope } });
    await call(keysRoute.action, "POST", API_PATHS.apiKeys, json, JSON.stringify({ name: "x" }));
    expect(await call(keysRoute.action, "POST", API_PATHS.apiKeys, json, JSON.stringify({ name: "x" }))).toMatchObject({
      status: 409,
      body: { error: API_KEY_MESSAGES.nameTaken },
    });
    expect((await call(keysRoute.action, "PUT", API_PATHS.apiKeys, json, "{}")).status).toBe(405);
    expect((await call(keyRoute.loader, "GET", API_PATHS.apiKeyItem("x"), json, undefined, { id: "x" })).status).toBe(
      405,
    );
  });
});
