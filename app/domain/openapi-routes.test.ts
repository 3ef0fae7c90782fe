import fs from "node:fs";
import path from "node:path";
import { buildOpenApiDocument } from "./openapi";

/** The API path a flat-routes file under app/routes/api+ answers, or null for the catch-all and the document itself. */
function routePath(file: string): string | null {
  const name = file.replace(/\.tsx?$/, "");
  if (name === "$" || name === "openapi[.]json") return null;
  const segments = name.split(".").filter((s) => s !== "_index").map((s) => (s.startsWith("$") ? `{${s.slice(1)}}` : s.replace(/\[\.\]/g, ".")));
  return `/${segments.join("/")}`;
}
const normalise = (p: string) => p.replace(/\/+$/, "");

/** Documented calls whose routes belong to the single-location lead intake, not built in this tree yet. */
const DOCUMENTED_NOT_YET_ROUTED: string[] = [];

describe("the OpenAPI document and the API routes", () => {
  const files = fs.readdirSync(path.resolve(process.cwd(), "app/routes/api+")).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."));
  const routes = new Set(files.map(routePath).filter((p): p is string => p !== null).map(normalise));
  const documented = new Set(Object.keys(buildOpenApiDocument("https://example.org").paths).map(normalise));

  it("documents every route file", () => {
    expect([...routes].filter((r) => !documented.has(r))).toEqual([]);
  });

  it("has a route for every documented path, apart from the listed ones still to come", () => {
    expect([...documented].filter((d) => !routes.has(d)).sort()).toEqual([...DOCUMENTED_NOT_YET_ROUTED].sort());
  });
});
