/**
 * The content admin's loader, with Remix's `json` called here: a page module (ADR 022).
 */
import { json } from "@remix-run/node";
import { CONTENT_TYPES, type ContentType } from "~/domain/content/content";
import { requireAdmin } from "~/services/auth/admin.server";
import { adminListContent } from "~/services/content/content.server";

export async function loadAdminContentPage(request: Request) {
  await requireAdmin(request);
  const types = Object.keys(CONTENT_TYPES) as ContentType[];
  const sections = await Promise.all(
    types.map(async (type) => {
      const rows = await adminListContent(type);
      return { type, label: CONTENT_TYPES[type].label, total: rows.length, published: rows.filter((r) => r.published).length };
    }),
  );
  return json({ sections }, { headers: { "Cache-Control": "private, no-store" } });
}
