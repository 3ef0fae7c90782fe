import { getOnlyAction } from "~/services/api/api-fallback.server";
import { apiRoute } from "~/services/api/api-response.server";
import { reportFileLoader } from "~/services/api/account-api.server";

export const loader = apiRoute(reportFileLoader);
export const action = apiRoute(getOnlyAction);
