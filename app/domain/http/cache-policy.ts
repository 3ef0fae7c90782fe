/**
 * Pages (and their `?_data` JSON) that belong to one person: the dashboard, the login page (a reset token in its
 * URL), the mail outbox. They are sent `Cache-Control: private, no-store`, whatever the route set.
 */
const PRIVATE_PREFIXES = ["/dashboard", "/dev/outbox"] as const;

export function isPrivatePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
