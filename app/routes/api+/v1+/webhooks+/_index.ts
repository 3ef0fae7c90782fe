import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/services/api/api-response.server";
import { webhooksAction, webhooksLoader } from "~/services/api/webhooks-api.server";

export const loader = apiRoute((args: LoaderFunctionArgs) => webhooksLoader(args));
export const action = apiRoute((args: ActionFunctionArgs) => webhooksAction(args));
