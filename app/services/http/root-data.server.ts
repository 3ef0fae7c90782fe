/**
 * The root loader's answer: the toast a redirect left (and the header that clears it) and the public origin. With
 * Remix's `json` called here: the root's page module (ADR 022).
 */
import { json } from "@remix-run/node";
import { getEnv } from "~/env.server";
import { readToast } from "./forms/toast.server";

export function rootResponse(request: Request) {
  const { toast, headers } = readToast(request);
  return json({ toast, origin: getEnv().PUBLIC_URL }, { headers });
}
