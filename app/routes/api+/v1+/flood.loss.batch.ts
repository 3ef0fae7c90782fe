import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMethodNotAllowed } from "~/services/api/api-fallback.server";
import { floodLossBatchAction } from "~/services/api/flood-loss-api.server";
import { apiRoute } from "~/services/api/api-response.server";

const routeLoader = ({ request }: LoaderFunctionArgs) => apiMethodNotAllowed(request, ["POST"]);
const routeAction = ({ request }: ActionFunctionArgs) =>
  request.method === "POST" ? floodLossBatchAction(request) : apiMethodNotAllowed(request, ["POST"]);

export const loader = apiRoute(routeLoader);
export const action = apiRoute(routeAction);
