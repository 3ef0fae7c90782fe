/**
 * The API page's loader (the page's content and the OpenAPI reference), with Remix's `json` called here. Only
 * app/routes/_public+/api.tsx imports this module, so in the browser build the empty module standing for it stays in
 * the route's chunk, instead of the shared server modules each becoming a chunk and a request of their own (ADR
 * 006).
 */
import { json, type AppLoadContext } from "@remix-run/node";
import { API_REFERENCE_KEY } from "~/components/api/api-reference";
import { openApiDocuments } from "~/services/api/openapi-document.server";
import { publicCacheHeaders } from "~/services/http/cache-headers.server";
import { getPage } from "~/services/content/pages.server";
import { drawOnServer } from "~/utils/server-drawn";

export async function loadApiPage(request: Request, context: AppLoadContext | undefined) {
  const page = await getPage("api");
  const documents = openApiDocuments();
  return json(
    {
      title: page.title,
      description: page.description,
      updatedAt: page.updatedAt,
      html: page.html,
      version: documents.version,
      // Drawn once from the document /api/openapi.json serves; a document request carries it as HTML only.
      reference: drawOnServer(context, API_REFERENCE_KEY, documents.referenceHtml),
    },
    { headers: publicCacheHeaders(request) },
  );
}
