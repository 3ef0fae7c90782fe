import { resourceHandler } from "~/services/http/security-headers.server";
import { blogFeedResponse } from "~/services/content/feeds.server";

export const loader = resourceHandler(() => blogFeedResponse());
