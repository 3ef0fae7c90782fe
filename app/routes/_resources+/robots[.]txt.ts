import { resourceHandler } from "~/services/security-headers.server";
import { robotsResponse } from "~/services/feeds.server";

export const loader = resourceHandler(() => robotsResponse());
