import type { LoaderFunctionArgs } from "@remix-run/node";
import { availableLocationsLoader } from "~/services/api-account.server";

export const loader = (args: LoaderFunctionArgs) => availableLocationsLoader(args);
