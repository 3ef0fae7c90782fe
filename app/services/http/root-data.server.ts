/**
 * The root loader's answer: the toast a redirect left (and the header that clears it) and the public origin. With
 * Remix's `json` called here: the root's page module (ADR 022). A document's render also gets the chunk-reload gate
 * as markup the server draws, so the page's scripts do not carry its source.
 */
import { json, type AppLoadContext } from "@remix-run/node";
import { chunkReloadGateScript } from "~/domain/http/chunk-reload";
import { CHUNK_RELOAD_GATE_DRAWN } from "~/utils/server-drawn";
import { getEnv } from "~/env.server";
import { readToast } from "./forms/toast.server";

const CHUNK_RELOAD_GATE = chunkReloadGateScript();

export function rootResponse(request: Request, context?: AppLoadContext) {
  // Only a document has a store, and only a document's first load runs the gate: a data request sends none.
  context?.serverDrawn?.set(CHUNK_RELOAD_GATE_DRAWN, CHUNK_RELOAD_GATE);
  const { toast, headers } = readToast(request);
  return json({ toast, origin: getEnv().PUBLIC_URL }, { headers });
}
