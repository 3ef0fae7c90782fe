import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { API_PATHS, API_PREFIX } from "~/domain/api/api-paths";
import { riskdbEndpoints } from "~/services/api/risk-data-api.server";
import { riskdbEndpointsByPath, routeUrl } from "../../../server/riskdb-routes";

/**
 * A riskdb GET endpoint is registered once: its route module under app/routes/api+/riskdb+ exports it as
 * `riskdbEndpoint`, its loader answers through it, and the server entry's fast path finds it in the build's routes.
 * No second list of paths exists to fall out of step with the routes.
 */
const ROUTE_FOLDER = path.resolve("app/routes/api+/riskdb+");
const RISKDB_PATHS = [
  "riskCountries",
  "riskRegions",
  "riskDurations",
  "riskScenarios",
  "riskHazardIds",
  "riskPeriods",
  "riskHazardScores",
  "riskLocationCodes",
  "riskStatistic",
  "riskPointHazards",
] as const;

const files = fs
  .readdirSync(ROUTE_FOLDER, { withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
  .map((entry) => entry.name);

/** The build's routes for these files, as remix-flat-routes names them (`a.b.ts` in api+/riskdb+ is api/riskdb/a/b). */
async function builtRoutes(): Promise<ServerBuild["routes"]> {
  const routes: Record<string, unknown> = { root: { id: "root", path: "", module: {} } };
  for (const file of files) {
    const id = `routes/api+/riskdb+/${file.replace(/\.tsx?$/, "")}`;
    routes[id] = {
      id,
      parentId: "root",
      path: `api/riskdb/${file
        .replace(/\.tsx?$/, "")
        .split(".")
        .join("/")}`,
      module: await import(path.join(ROUTE_FOLDER, file)),
    };
  }
  return routes as ServerBuild["routes"];
}

describe("riskdb GET endpoints", () => {
  it("each route module registers one endpoint, and every endpoint is registered by exactly one route", async () => {
    const registered = [];
    for (const file of files) {
      const endpoint = ((await import(path.join(ROUTE_FOLDER, file))) as { riskdbEndpoint?: unknown }).riskdbEndpoint;
      expect(endpoint, file).toBeTypeOf("function");
      registered.push(endpoint);
    }
    expect(new Set(registered).size).toBe(registered.length);
    expect(new Set(registered)).toEqual(new Set(Object.values(riskdbEndpoints)));
  });

  it("the fast path answers the documented riskdb paths, each with its route's endpoint", async () => {
    const routes = await builtRoutes();
    const byPath = riskdbEndpointsByPath(routes);
    expect([...byPath.keys()].sort()).toEqual(RISKDB_PATHS.map((key) => API_PREFIX + API_PATHS[key]).sort());
    for (const id of Object.keys(routes).filter((id) => id !== "root")) {
      expect(byPath.get(routeUrl(routes, id))).toBe(
        (routes[id]!.module as { riskdbEndpoint?: unknown }).riskdbEndpoint,
      );
    }
  });

  it("a route's URL joins its parents' paths; a pathless layout adds nothing", () => {
    const routes = {
      root: { id: "root", path: "", module: {} },
      layout: { id: "layout", parentId: "root", module: {} },
      leaf: { id: "leaf", parentId: "layout", path: "api/riskdb/countries", module: {} },
    } as unknown as ServerBuild["routes"];
    expect(routeUrl(routes, "leaf")).toBe("/api/riskdb/countries");
  });
});
