import { blogTopicsResponse } from "~/services/content-api.server";

export const loader = () => blogTopicsResponse();
