import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { appKeyAction, appKeyLoader } from "~/services/api-account.server";

export const loader = (args: LoaderFunctionArgs) => appKeyLoader(args);
export const action = (args: ActionFunctionArgs) => appKeyAction(args);
