import { selfServiceProducts as handler } from "~/services/commerce/api.server";

export const loader = handler.loader;
export const action = handler.action;
