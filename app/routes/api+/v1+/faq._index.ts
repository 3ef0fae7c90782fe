import type { LoaderFunctionArgs } from "@remix-run/node";
import { faqListResponse } from "~/services/api/content-api.server";
import { getOnlyAction } from "~/services/api/api-fallback.server";
import { apiRoute } from "~/services/api/api-response.server";

const routeLoader = ({ request }: LoaderFunctionArgs) => faqListResponse(request);

/** Reads only: any other method gets the API's JSON 405. */

export const loader = apiRoute(routeLoader);
export const action = apiRoute(getOnlyAction);
