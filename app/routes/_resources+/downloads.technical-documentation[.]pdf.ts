import { documentDownloadResponse } from "~/services/document-download.server";

/** GET /downloads/technical-documentation.pdf */
export const loader = () => documentDownloadResponse("technical-documentation");
