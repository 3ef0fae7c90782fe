import type { LoaderFunctionArgs } from "@remix-run/node";
import { faqListResponse } from "~/services/content-api.server";
import { getOnlyAction } from "~/services/api-fallback.server";

export const loader = ({ request }: LoaderFunctionArgs) => faqListResponse(request);

/** Reads only: any other method gets the API's JSON 405. */
export const action = getOnlyAction;
