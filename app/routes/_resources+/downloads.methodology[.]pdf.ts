import { resourceHandler } from "~/services/security-headers.server";
import { documentDownloadResponse } from "~/services/document-download.server";

/** GET /downloads/methodology.pdf */
export const loader = resourceHandler(() => documentDownloadResponse("methodology"));
