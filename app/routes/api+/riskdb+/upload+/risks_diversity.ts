import type { ActionFunctionArgs } from "@remix-run/node";
import { reportBlockAction, reportBlockLoader } from "~/services/api/portfolio-upload-api.server";
import { apiRoute } from "~/services/api/api-response.server";

function routeAction(args: ActionFunctionArgs) {
  return reportBlockAction(args, "risks_diversity");
}

export const loader = apiRoute(reportBlockLoader);
export const action = apiRoute(routeAction);
