/**
 * The root loader's answer: the toast a redirect left (and the header that clears it) and the public origin. In a
 * module of its own that only app/root.tsx imports, and with Remix's `json` called here: in the browser build this
 * module and @remix-run/node are empty modules, and an empty module imported by more than one route becomes a chunk
 * of its own that every page requests; one imported by the root alone stays in the root's chunk (ADR 006).
 */
import { json } from "@remix-run/node";
import { getEnv } from "~/env.server";
import { readToast } from "./forms/toast.server";

export function rootResponse(request: Request) {
  const { toast, headers } = readToast(request);
  return json({ toast, origin: getEnv().PUBLIC_URL }, { headers });
}
