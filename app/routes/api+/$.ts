import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFoundOrNotAllowed } from "~/services/api-fallback.server";

/** Anything under /api/ that no route answers: a JSON 404 or 405, never an HTML page. */
export const loader = ({ request }: LoaderFunctionArgs) => apiNotFoundOrNotAllowed(request);
export const action = ({ request }: ActionFunctionArgs) => apiNotFoundOrNotAllowed(request);
