import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMethodNotAllowed } from "~/services/api/api-fallback.server";
import { floodLossLoader } from "~/services/api/flood-loss-api.server";
import { apiRoute } from "~/services/api/api-response.server";

const routeLoader = ({ request }: LoaderFunctionArgs) => floodLossLoader(request);
const routeAction = ({ request }: ActionFunctionArgs) => apiMethodNotAllowed(request, ["GET"]);

export const loader = apiRoute(routeLoader);
export const action = apiRoute(routeAction);
