import { resourceHandler } from "~/services/security-headers.server";
import { sitemapResponse } from "~/services/feeds.server";

export const loader = resourceHandler(() => sitemapResponse());
