import { resourceHandler } from "~/services/http/security-headers.server";
import { robotsResponse } from "~/services/content/feeds.server";

export const loader = resourceHandler(() => robotsResponse());
