import { documentDownloadResponse } from "~/services/document-download.server";

/** GET /downloads/pricing-list.pdf */
export const loader = () => documentDownloadResponse("pricing");
