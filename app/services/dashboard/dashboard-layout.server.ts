/**
 * The dashboard layout loader's answer: the signed-in user and whether the intro tour opens. With Remix's `json`
 * called here: the dashboard layout's page module (ADR 022).
 */
import { json } from "@remix-run/node";
import { ADMIN_CONTENT_PATH } from "~/domain/content/content";
import { requireAdmin } from "../auth/admin.server";
import { requireUser } from "../auth/session.server";
import { isTourDue } from "./intro-tour.server";

export async function dashboardLayoutResponse(request: Request) {
  // The admin pages answer a visitor who is not signed in as they answer a signed-in non-administrator: 404.
  if (isAdminPath(new URL(request.url).pathname)) await requireAdmin(request);
  const user = await requireUser(request);
  const showTour = await isTourDue(request, user);
  return json({ user, showTour }, { headers: { "Cache-Control": "private, no-store" } });
}

function isAdminPath(pathname: string) {
  return pathname === ADMIN_CONTENT_PATH || pathname.startsWith(`${ADMIN_CONTENT_PATH}/`);
}
