/**
 * The riskdb GET endpoints the fast path answers, found in the build's routes: a route module under
 * app/routes/api+/riskdb+ registers its endpoint by exporting `riskdbEndpoint`, and that one export serves both its
 * Remix loader and the fast path, so the two cannot disagree on a path.
 */
import type { ServerBuild } from "@remix-run/node";
import type { RiskdbEndpoint } from "~/services/api/risk-data-api.server";

type Routes = ServerBuild["routes"];

/** A route's URL path: its parents' paths, then its own (pathless layouts add nothing). */
export function routeUrl(routes: Routes, id: string): string {
  const route = routes[id];
  if (!route) return "";
  const parent = route.parentId ? routeUrl(routes, route.parentId) : "";
  return route.path ? `${parent.replace(/\/$/, "")}/${route.path.replace(/^\//, "")}` : parent;
}

export function riskdbEndpointsByPath(routes: Routes): ReadonlyMap<string, RiskdbEndpoint> {
  const byPath = new Map<string, RiskdbEndpoint>();
  for (const id of Object.keys(routes)) {
    const endpoint = (routes[id]!.module as { riskdbEndpoint?: RiskdbEndpoint }).riskdbEndpoint;
    if (endpoint) byPath.set(routeUrl(routes, id), endpoint);
  }
  return byPath;
}
