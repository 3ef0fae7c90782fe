import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { riskdbHandlers, riskdbMethodNotAllowed } from "~/services/riskdb.server";

export const loader = ({ request }: LoaderFunctionArgs) => riskdbHandlers.locationCodes(request);
export const action = (args: ActionFunctionArgs) => riskdbMethodNotAllowed(args);
