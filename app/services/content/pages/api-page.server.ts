/**
 * The API page's loader (the page's content and the OpenAPI reference), with Remix's `json` called here. Only
 * app/routes/_public+/api.tsx imports this module, so in the browser build the empty module standing for it stays in
 * the route's chunk, instead of the shared server modules each becoming a chunk and a request of their own (ADR
 * 006).
 */
import { json } from "@remix-run/node";
import { buildOpenApiDocument } from "~/domain/api/openapi";
import { getEnv } from "~/env.server";
import { publicCacheHeaders } from "~/services/http/cache-headers.server";
import { getPage } from "~/services/content/pages.server";

export async function loadApiPage(request: Request) {
  const page = await getPage("api");
  return json(
    {
      title: page.title,
      description: page.description,
      updatedAt: page.updatedAt,
      html: page.html,
      // The same document /api/openapi.json serves.
      openapi: buildOpenApiDocument(getEnv().PUBLIC_URL),
    },
    { headers: publicCacheHeaders(request) },
  );
}
