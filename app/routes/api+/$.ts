import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFoundOrNotAllowed } from "~/services/api/api-fallback.server";
import { apiRoute } from "~/services/api/api-response.server";

/** Anything under /api/ that no route answers: a JSON 404 or 405, never an HTML page. */
const routeLoader = ({ request }: LoaderFunctionArgs) => apiNotFoundOrNotAllowed(request);
const routeAction = ({ request }: ActionFunctionArgs) => apiNotFoundOrNotAllowed(request);

export const loader = apiRoute(routeLoader);
export const action = apiRoute(routeAction);
