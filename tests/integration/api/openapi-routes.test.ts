import path from "node:path";
import { apiPathOfRouteFile, withoutTrailingSlash } from "~/domain/api/api-route-files";
import { buildOpenApiDocument } from "~/domain/api/openapi";
import { API_ROUTES_DIR, routeModuleFiles } from "../../support/api-route-files";

/** Documented calls whose routes belong to the single-location lead intake, not built in this tree yet. */
const DOCUMENTED_NOT_YET_ROUTED: string[] = [];

interface RouteModule {
  loader?: unknown;
  action?: unknown;
}

describe("the OpenAPI document and the API routes", () => {
  const files = routeModuleFiles();
  const routes = new Set(
    files
      .map(apiPathOfRouteFile)
      .filter((p): p is string => p !== null)
      .map(withoutTrailingSlash),
  );
  const doc = buildOpenApiDocument("https://example.org");
  const documented = new Set(Object.keys(doc.paths).map(withoutTrailingSlash));

  it("documents every route file", () => {
    expect([...routes].filter((r) => !documented.has(r))).toEqual([]);
  });

  it("has a route for every documented path, apart from the listed ones still to come", () => {
    expect([...documented].filter((d) => !routes.has(d)).sort()).toEqual([...DOCUMENTED_NOT_YET_ROUTED].sort());
  });

  it("every documented {path, method} has the export Remix calls for it: loader for GET, action for the rest", async () => {
    const fileOf = new Map(files.map((f) => [withoutTrailingSlash(apiPathOfRouteFile(f) ?? ""), f]));
    const missing: string[] = [];
    for (const [apiPath, ops] of Object.entries(doc.paths)) {
      const file = fileOf.get(withoutTrailingSlash(apiPath));
      if (!file) continue;
      const mod = (await import(/* @vite-ignore */ path.join(API_ROUTES_DIR, file))) as RouteModule;
      for (const method of Object.keys(ops)) {
        const handler = method === "get" ? mod.loader : mod.action;
        if (typeof handler !== "function") missing.push(`${method.toUpperCase()} ${apiPath} (${file})`);
      }
    }
    expect(missing).toEqual([]);
  }, 60_000);
});
