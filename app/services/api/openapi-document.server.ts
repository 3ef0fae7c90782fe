/**
 * The OpenAPI document and the API reference drawn from it, made once per site address and API version (the
 * document reads nothing else) and kept: building the document and drawing the reference each take hundreds of
 * milliseconds of the main thread, far too long for a request. The server makes them when it starts.
 */
import { apiReferenceHtml } from "~/components/api/api-reference.server";
import { API_VERSION } from "~/domain/api/api-changelog";
import { buildOpenApiDocument } from "~/domain/api/openapi";
import { getEnv } from "~/env.server";
import { StoredDocument, storedOnce } from "../http/stored-document.server";

const OPENAPI_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
  "Access-Control-Allow-Origin": "*",
};

const documents = storedOnce((key: string) => {
  const [origin, version] = JSON.parse(key) as [string, string];
  const doc = buildOpenApiDocument(origin, version);
  return {
    version: doc.info.version,
    json: new StoredDocument(JSON.stringify(doc, null, 2), OPENAPI_HEADERS),
    referenceHtml: apiReferenceHtml(doc as unknown as Parameters<typeof apiReferenceHtml>[0]),
  };
});

/** The site's OpenAPI document (as stored bytes) and its reference markup. */
export function openApiDocuments() {
  return documents(JSON.stringify([getEnv().PUBLIC_URL, API_VERSION]));
}
