import { ERROR_MESSAGES } from "~/domain/forms/errors";
import { requireUser, type SessionUser } from "./session.server";

/** Admin-only pages answer 404 to everyone else, so their existence is not advertised. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "admin") throw new Response(ERROR_MESSAGES.notFound, { status: 404 });
  return user;
}
