import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMethodNotAllowed } from "~/services/api/api-fallback.server";
import { hazardsBatchAction } from "~/services/api/hazards-batch.server";
import { apiRoute } from "~/services/api/api-response.server";

const routeLoader = ({ request }: LoaderFunctionArgs) => apiMethodNotAllowed(request, ["POST"]);
const routeAction = ({ request }: ActionFunctionArgs) =>
  request.method === "POST" ? hazardsBatchAction(request) : apiMethodNotAllowed(request, ["POST"]);

export const loader = apiRoute(routeLoader);
export const action = apiRoute(routeAction);
