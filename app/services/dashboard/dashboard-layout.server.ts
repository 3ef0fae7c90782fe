/**
 * The dashboard layout loader's answer: the signed-in user and whether the intro tour opens. In a module of its own
 * that only the layout route imports, with Remix's `json` called here, so that the route's browser build imports no
 * empty module that other routes share (each would be a chunk, and a request on every dashboard page; ADR 006).
 */
import { json } from "@remix-run/node";
import { requireUser } from "../auth/session.server";
import { isTourDue } from "./intro-tour.server";

export async function dashboardLayoutResponse(request: Request) {
  const user = await requireUser(request);
  const showTour = await isTourDue(request, user);
  return json({ user, showTour }, { headers: { "Cache-Control": "private, no-store" } });
}
