import { blogTopicsResponse } from "~/services/api/content-api.server";
import { getOnlyAction } from "~/services/api/api-fallback.server";
import { apiRoute } from "~/services/api/api-response.server";

const routeLoader = () => blogTopicsResponse();

/** Reads only: any other method gets the API's JSON 405. */

export const loader = apiRoute(routeLoader);
export const action = apiRoute(getOnlyAction);
