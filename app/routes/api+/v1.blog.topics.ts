import { blogTopicsResponse } from "~/services/content-api.server";
import { getOnlyAction } from "~/services/api-fallback.server";

export const loader = () => blogTopicsResponse();

/** Reads only: any other method gets the API's JSON 405. */
export const action = getOnlyAction;
