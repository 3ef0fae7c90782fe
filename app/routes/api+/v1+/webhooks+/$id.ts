import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { onlyMethods } from "~/services/api/account-api.server";
import { apiRoute } from "~/services/api/api-response.server";
import { webhookItemAction } from "~/services/api/webhooks-api.server";

export const loader = apiRoute((args: LoaderFunctionArgs) => onlyMethods(["DELETE"])(args));
export const action = apiRoute((args: ActionFunctionArgs) => webhookItemAction(args));
