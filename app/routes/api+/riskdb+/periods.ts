import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { riskdbEndpoints, riskdbMethodNotAllowed, riskdbResponse } from "~/services/api/risk-data-api.server";
import { apiRoute } from "~/services/api/api-response.server";

/** This path's endpoint: the loader answers through it, and the server entry's fast path finds it here. */
export const riskdbEndpoint = riskdbEndpoints.periods;

const routeLoader = ({ request }: LoaderFunctionArgs) => riskdbResponse(riskdbEndpoint, request);
const routeAction = (args: ActionFunctionArgs) => riskdbMethodNotAllowed(args);

export const loader = apiRoute(routeLoader);
export const action = apiRoute(routeAction);
