import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMethodNotAllowed } from "~/services/api-fallback.server";
import { hazardsBatchAction } from "~/services/hazards-batch.server";

export const loader = ({ request }: LoaderFunctionArgs) => apiMethodNotAllowed(request, ["POST"]);
export const action = ({ request }: ActionFunctionArgs) =>
  request.method === "POST" ? hazardsBatchAction(request) : apiMethodNotAllowed(request, ["POST"]);
