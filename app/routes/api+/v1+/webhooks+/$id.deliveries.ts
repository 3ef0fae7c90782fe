import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOnlyAction } from "~/services/api/api-fallback.server";
import { apiRoute } from "~/services/api/api-response.server";
import { webhookDeliveriesLoader } from "~/services/api/webhooks-api.server";

export const loader = apiRoute((args: LoaderFunctionArgs) => webhookDeliveriesLoader(args));
export const action = apiRoute(getOnlyAction);
