import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiKeysAction, apiKeysLoader } from "~/services/api/account-api.server";
import { apiRoute } from "~/services/api/api-response.server";

export const loader = apiRoute((args: LoaderFunctionArgs) => apiKeysLoader(args));
export const action = apiRoute((args: ActionFunctionArgs) => apiKeysAction(args));
