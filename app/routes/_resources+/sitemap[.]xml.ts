import { resourceHandler } from "~/services/http/security-headers.server";
import { sitemapResponse } from "~/services/content/feeds.server";

export const loader = resourceHandler(() => sitemapResponse());
