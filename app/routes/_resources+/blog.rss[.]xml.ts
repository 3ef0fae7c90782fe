import { resourceHandler } from "~/services/security-headers.server";
import { blogFeedResponse } from "~/services/feeds.server";

export const loader = resourceHandler(() => blogFeedResponse());
