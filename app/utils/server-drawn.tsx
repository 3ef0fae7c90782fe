import type { AppLoadContext } from "@remix-run/node";
import { createContext, useContext } from "react";

/**
 * Parts of a page that the server draws as markup while it renders the document (long option lists, the
 * explanation under each score). Their data then travels once, as HTML, instead of twice (HTML and the loader
 * data that hydration needs), and the browser needs no code to draw them.
 *
 * A document request carries a store in its load context (server/remix.ts): a loader puts the markup there and sends
 * null in its data. A data request (a client navigation) has no store: the loader sends the markup in its data and
 * the browser sets it. While hydrating, a component finds neither and passes "": React leaves the children of an
 * element with dangerouslySetInnerHTML alone, so the server's markup stays.
 */
export type ServerDrawnStore = Map<string, string>;

/**
 * The chunk-reload gate's key (the root loader draws it, root.tsx writes it): here rather than beside the gate, so the
 * root's chunk does not share a module, and a request, with the client's entry.
 */
export const CHUNK_RELOAD_GATE_DRAWN = "chunk-reload-gate";

const ServerDrawnContext = createContext<ServerDrawnStore | null>(null);
export const ServerDrawnProvider = ServerDrawnContext.Provider;

/** In a loader: keeps `html` for the server's render of the document, or returns it for the loader data. */
export function drawOnServer(context: AppLoadContext | undefined, key: string, html: string): string | null {
  const store = context?.serverDrawn;
  if (!store) return html;
  store.set(key, html);
  return null;
}

/** In a component: the markup to set with dangerouslySetInnerHTML (with suppressHydrationWarning). */
export function useServerDrawn(key: string, fromLoader: string | null | undefined): string {
  const store = useContext(ServerDrawnContext);
  return fromLoader ?? store?.get(key) ?? "";
}
