import { useMatches } from "@remix-run/react";

/**
 * Pages whose route handle says `{ hydrate: false }` are served as plain HTML without the script bundle: reading
 * content needs no JavaScript, and links and forms work as they do with JavaScript off.
 */
export interface RouteHandle {
  hydrate?: boolean;
}

/** Whether this page ships the script bundle (false on the static pages). */
export function usePageHydrates() {
  return !useMatches().some((m) => (m.handle as RouteHandle | undefined)?.hydrate === false);
}
