import { ERROR_MESSAGES } from "~/domain/forms/errors";
import { getSessionUser, type SessionUser } from "./session.server";

/**
 * Admin-only pages answer 404 to everyone else, signed in or not, so their existence is not advertised (a visitor
 * sent to the login page would learn there is something behind it).
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user?.role !== "admin") throw new Response(ERROR_MESSAGES.notFound, { status: 404 });
  return user;
}
