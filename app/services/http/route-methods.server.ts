import { matchRoutes } from "@remix-run/react";

/** The parts of a server build's route table that say which route takes a request. */
export interface BuiltRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { action?: unknown };
}

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
}

function tree(routes: Record<string, BuiltRoute | undefined>, parentId?: string): RouteNode[] {
  return Object.values(routes)
    .filter((r): r is BuiltRoute => r !== undefined && r.parentId === parentId)
    .map((r) => {
      const children = tree(routes, r.id);
      return {
        id: r.id,
        path: r.path,
        index: r.index,
        caseSensitive: r.caseSensitive,
        ...(children.length && !r.index ? { children } : {}),
      };
    });
}

/**
 * Whether a state-changing request would reach a route without an action. The framework answers those itself, with
 * a text about its internals ("did not provide an action"); the server answers them first with a clean 405. The
 * target is the router's: `?_data=<route id>` names it; otherwise the deepest match that adds a path segment, or
 * the index route when the URL carries a bare `?index`.
 */
export function createActionlessCheck(
  routes: Record<string, BuiltRoute | undefined>,
): (pathname: string, search: string) => boolean {
  const nodes = tree(routes);
  return (pathname, search) => {
    const params = new URLSearchParams(search);
    const dataRoute = params.get("_data");
    if (dataRoute) {
      // Own keys only: `_data=__proto__` or `constructor` names no route, whatever Object.prototype holds.
      const named = Object.hasOwn(routes, dataRoute) ? routes[dataRoute] : undefined;
      return named !== undefined && !named.module.action;
    }
    let decoded: string;
    try {
      decoded = decodeURI(pathname);
    } catch {
      return false;
    }
    const matches = matchRoutes(nodes as Parameters<typeof matchRoutes>[0], decoded);
    if (!matches?.length) return false;
    const leaf = matches[matches.length - 1]!;
    const nakedIndex = params.getAll("index").some((v) => v === "");
    const target =
      leaf.route.index && nakedIndex
        ? leaf
        : matches.filter((m, i) => i === 0 || (m.route.path && m.route.path.length > 0)).at(-1)!;
    return !routes[target.route.id ?? ""]?.module.action;
  };
}
