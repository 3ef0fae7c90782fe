import { unlock as handler } from "~/services/api/unlock-api.server";
import { apiRoute } from "~/services/api/api-response.server";

export const loader = apiRoute(handler.loader);
export const action = apiRoute(handler.action);
