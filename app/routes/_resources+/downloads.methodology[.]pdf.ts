import { documentDownloadResponse } from "~/services/document-download.server";

/** GET /downloads/methodology.pdf */
export const loader = () => documentDownloadResponse("methodology");
