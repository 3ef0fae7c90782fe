import type { LoaderFunctionArgs } from "@remix-run/node";
import { availableLocationsLoader } from "~/services/api/account-api.server";
import { getOnlyAction } from "~/services/api/api-fallback.server";
import { apiRoute } from "~/services/api/api-response.server";

const routeLoader = (args: LoaderFunctionArgs) => availableLocationsLoader(args);

/** Reads only: any other method gets the API's JSON 405. */

export const loader = apiRoute(routeLoader);
export const action = apiRoute(getOnlyAction);
