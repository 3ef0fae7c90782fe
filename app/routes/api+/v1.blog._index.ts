import type { LoaderFunctionArgs } from "@remix-run/node";
import { blogListResponse } from "~/services/content-api.server";
import { getOnlyAction } from "~/services/api-fallback.server";

export const loader = ({ request }: LoaderFunctionArgs) => blogListResponse(request);

/** Reads only: any other method gets the API's JSON 405. */
export const action = getOnlyAction;
