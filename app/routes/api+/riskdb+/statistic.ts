import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { riskdbHandlers, riskdbMethodNotAllowed } from "~/services/api/risk-data-api.server";
import { apiRoute } from "~/services/api/api-response.server";

const routeLoader = ({ request }: LoaderFunctionArgs) => riskdbHandlers.statistic(request);
const routeAction = (args: ActionFunctionArgs) => riskdbMethodNotAllowed(args);

export const loader = apiRoute(routeLoader);
export const action = apiRoute(routeAction);
