import { stripeWebhook as handler } from "~/services/api/orders-api.server";
import { apiRoute } from "~/services/api/api-response.server";

// Signed by the payment provider, which calls from a few shared addresses: not an anonymous caller to throttle.
export const loader = apiRoute(handler.loader, { anonymousLimit: false });
export const action = apiRoute(handler.action, { anonymousLimit: false });
