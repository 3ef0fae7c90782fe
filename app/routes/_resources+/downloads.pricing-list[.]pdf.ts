import type { LoaderFunctionArgs } from "@remix-run/node";
import { resourceHandler } from "~/services/http/security-headers.server";
import { documentDownloadResponse } from "~/services/content/documents/document-download.server";

/** GET /downloads/pricing-list.pdf */
export const loader = resourceHandler(({ request }: LoaderFunctionArgs) =>
  documentDownloadResponse(request, "pricing"),
);
