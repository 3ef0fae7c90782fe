import path from "node:path";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS } from "~/domain/api/api-paths";
import { apiPathOfRouteFile, sampleApiUrl, withoutTrailingSlash } from "~/domain/api/api-route-files";
import { buildOpenApiDocument } from "~/domain/api/openapi";
import { apiNotFoundOrNotAllowed, getOnlyAction } from "./api-fallback.server";
import { API_KEY_PREFIX } from "./keys/api-keys.server";
import { createSession } from "../auth/session.server";
import { API_ROUTES_DIR, routeModuleFiles } from "../../../tests/support/api-route-files";

const call = (method: string, path: string) => {
  return apiNotFoundOrNotAllowed(new Request(`http://localhost${path}`, { method }));
};

describe("the /api catch-all", () => {
  it("answers JSON 404 for an unknown path", async () => {
    const res = await call("GET", "/api/v1/nothing/here");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(await res.json()).toEqual({ success: false, error: "No API endpoint at /api/v1/nothing/here" });
  });

  it("answers JSON 405 with Allow for a documented path asked with another method", async () => {
    const res = await call("DELETE", "/api/v1/invoices/");
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET");
    expect((await res.json()).error).toMatch(/not allowed/);
  });

  it("knows the rotate and revoke methods of the API key paths", async () => {
    const res = await call("PUT", "/api/v1/get_app_key");
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, POST, DELETE");
  });

  it("gives read-only routes a JSON 405 naming GET", async () => {
    const res = getOnlyAction({
      request: new Request("http://localhost/api/userdb/available_locations", { method: "POST" }),
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET");
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(await res.json()).toEqual({
      success: false,
      error: "Method POST is not allowed on /api/userdb/available_locations",
    });
  });
});

/**
 * Route files whose action runs for any method instead of answering 405 (the portfolio upload area's handlers do
 * not check the method yet), and files without an action, whose other methods still get Remix's HTML 405. Listed
 * so the comparisons stay exact: fixing one of them means removing it here.
 */
const ANY_METHOD_FILES: string[] = [];
const WITHOUT_ACTION_FILES: string[] = [];
const PROBED_METHODS = ["GET", "POST", "PUT", "DELETE"] as const;

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => unknown;
interface RouteModule {
  loader?: Handler;
  action?: Handler;
}
const routeFiles = () => routeModuleFiles();
const loadRoute = (file: string) => import(/* @vite-ignore */ path.join(API_ROUTES_DIR, file)) as Promise<RouteModule>;

/** The status a route module answers: Remix sends GET to the loader and every other method to the action. */
async function statusOf(
  mod: RouteModule,
  method: string,
  url: string,
  headers: Record<string, string>,
): Promise<number> {
  const handler = method === "GET" ? mod.loader : mod.action;
  if (!handler) return 405;
  const init: RequestInit =
    method === "GET"
      ? { method, headers }
      : { method, headers: { ...headers, "Content-Type": "application/json" }, body: "{}" };
  try {
    const res = await handler({ request: new Request(url, init), params: { id: "1" }, context: {} });
    return res instanceof Response ? res.status : 200;
  } catch (thrown) {
    return thrown instanceof Response ? thrown.status : 500;
  }
}

describe("the API route modules against the OpenAPI document", () => {
  const getDb = setupTestDatabase();
  const signedIn = async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    return { Authorization: `Bearer ${await createSession(user.id)}` };
  };

  it("accept exactly the documented {path, method} pairs", async () => {
    const headers = await signedIn();
    const documented = Object.entries(buildOpenApiDocument("https://example.org").paths)
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${withoutTrailingSlash(p)}`))
      .sort();
    const accepted: string[] = [];
    for (const file of routeFiles()) {
      const apiPath = apiPathOfRouteFile(file);
      if (apiPath === null) continue;
      const mod = await loadRoute(file);
      for (const method of PROBED_METHODS) {
        if ((await statusOf(mod, method, sampleApiUrl(apiPath), headers)) !== 405)
          accepted.push(`${method} ${withoutTrailingSlash(apiPath)}`);
      }
    }
    const anyMethod = ANY_METHOD_FILES.flatMap((f) => ["PUT", "DELETE"].map((m) => `${m} ${apiPathOfRouteFile(f)}`));
    expect(accepted.filter((a) => !documented.includes(a)).sort()).toEqual(anyMethod.sort());
    expect(documented.filter((d) => !accepted.includes(d))).toEqual([]);
  }, 120_000);

  it("answer a method no route takes with a JSON 405 and an Allow header", async () => {
    const headers = await signedIn();
    const problems: string[] = [];
    for (const file of routeFiles()) {
      // The catch-all answers per path (tested above).
      if (file.startsWith("$")) continue;
      const mod = await loadRoute(file);
      if (!mod.action) {
        problems.push(`${file}: no action`);
        continue;
      }
      const request = new Request(sampleApiUrl(apiPathOfRouteFile(file) ?? "/openapi.json"), {
        method: "PATCH",
        headers,
      });
      const res = (await mod.action({ request, params: { id: "1" }, context: {} })) as Response;
      const ok =
        res.status === 405 && res.headers.get("Content-Type")?.includes("application/json") && res.headers.get("Allow");
      if (!ok) problems.push(`${file}: answered`);
    }
    const expected = [
      ...WITHOUT_ACTION_FILES.map((f) => `${f}: no action`),
      ...ANY_METHOD_FILES.map((f) => `${f}: answered`),
    ];
    expect(problems.sort()).toEqual(expected.sort());
  }, 120_000);

  it("the document shows API keys with the prefix the code generates", () => {
    type Doc = Record<
      string,
      { responses: Record<string, { content: Record<string, { example: { key: string; prefix: string } }> }> }
    >;
    const rotate = (buildOpenApiDocument("https://example.org").paths[API_PATHS.appKey] as Doc).post!;
    const example = rotate.responses["200"]!.content["application/json"]!.example;
    expect(example.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(example.key.startsWith(example.prefix)).toBe(true);
  });
});
