import { blogFeedResponse } from "~/services/feeds.server";

export const loader = () => blogFeedResponse();
