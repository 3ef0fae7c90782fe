import fs from "node:fs";
import path from "node:path";
import { riskdbHandlers, riskdbRepliesByPath } from "~/services/api/risk-data-api.server";

/**
 * The server entry answers the riskdb GET endpoints before the page router (riskdbRepliesByPath) and the api+ routes
 * answer them in development and behind it: one list of endpoints must name the same paths and handlers as the
 * other, or a path answers differently, or not at all, depending on which server runs.
 */
const ROUTE_FOLDER = path.resolve("app/routes/api+/riskdb+");

const routes = fs
  .readdirSync(ROUTE_FOLDER, { withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
  .map((entry) => {
    const code = fs.readFileSync(path.join(ROUTE_FOLDER, entry.name), "utf8");
    const handlers = [...code.matchAll(/riskdbHandlers\.(\w+)/g)].map((match) => match[1]!);
    return {
      url: `/api/riskdb/${entry.name
        .replace(/\.tsx?$/, "")
        .split(".")
        .join("/")}`,
      handlers,
    };
  });

describe("riskdb GET endpoints", () => {
  it("each route answers through exactly one riskdb handler", () => {
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) expect(route.handlers, route.url).toHaveLength(1);
  });

  it("the fast path serves exactly the routes' paths", () => {
    expect([...riskdbRepliesByPath.keys()].sort()).toEqual(routes.map((route) => route.url).sort());
  });

  it("every handler is routed once", () => {
    expect(routes.map((route) => route.handlers[0]).sort()).toEqual(Object.keys(riskdbHandlers).sort());
  });
});
