import type { LoaderFunctionArgs } from "@remix-run/node";
import { availableLocationsLoader } from "~/services/api-account.server";
import { getOnlyAction } from "~/services/api-fallback.server";

export const loader = (args: LoaderFunctionArgs) => availableLocationsLoader(args);

/** Reads only: any other method gets the API's JSON 405. */
export const action = getOnlyAction;
