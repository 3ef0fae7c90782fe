import { robotsResponse } from "~/services/feeds.server";

export const loader = () => robotsResponse();
