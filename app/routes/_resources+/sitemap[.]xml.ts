import { sitemapResponse } from "~/services/feeds.server";

export const loader = () => sitemapResponse();
