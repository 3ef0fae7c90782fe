import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { AUTH_MESSAGES } from "~/domain/auth/auth";
import { readSessionToken, revokeSessionToken, serializeClearedSessionCookie } from "~/services/auth/session.server";
import { toastHeader } from "~/services/http/forms/toast.server";

/** Logout revokes the session row and clears the cookie, then goes home. */
export async function action({ request }: ActionFunctionArgs) {
  await revokeSessionToken(readSessionToken(request));
  const headers = new Headers();
  headers.append("Set-Cookie", serializeClearedSessionCookie());
  headers.append("Set-Cookie", toastHeader({ type: "info", description: AUTH_MESSAGES.loggedOut })["Set-Cookie"]);
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
