import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { appKeyAction, appKeyLoader } from "~/services/api/account-api.server";
import { apiRoute } from "~/services/api/api-response.server";

const routeLoader = (args: LoaderFunctionArgs) => appKeyLoader(args);
const routeAction = (args: ActionFunctionArgs) => appKeyAction(args);

export const loader = apiRoute(routeLoader);
export const action = apiRoute(routeAction);
