/**
 * Response handlers of the Orders API calls (products, leads, purchases, the payment webhook); the route files only
 * bind them to paths.
 */
import { z } from "zod";
import {
  MAX_LOCATIONS_PER_PURCHASE,
  MAX_ORDER_LOCATIONS,
  PACKAGE_TYPES,
  packageRegister,
  plainIntegerInput,
} from "~/domain/commerce/packages";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import * as contract from "~/domain/api-contract/orders";
import { apiAnswer } from "./api-response.server";
import { int, methods, parse } from "./api-methods.server";
import { requireApiCaller, resolveApiCaller } from "./keys/api-auth.server";
import { readBody } from "../http/forms/form-flash.server";
import { idempotencyKeyOf, replayHeaders } from "../commerce/orders/idempotency.server";
import {
  buyLocationCredits,
  confirmPurchase,
  createSelfServiceOrder,
  leadPayment,
  listSelfServiceProducts,
  settleCheckoutPayment,
} from "../commerce/orders/orders.server";
import { getPaymentProvider } from "../commerce/orders/payments.server";

export const selfServiceProducts = methods({
  GET: async () => apiAnswer(contract.SelfServiceProductsResponse, listSelfServiceProducts()),
});

export const selfServiceCreateOrder = methods({
  POST: async (request) => {
    const caller = await resolveApiCaller(request, "purchase");
    const { values } = await readBody(request);
    const body = parse(
      z.object({
        products: z
          .array(z.union([z.number(), z.string()]), { required_error: "products is required" })
          .min(1, COMMERCE_MESSAGES.nothingToOrder),
        lead_id: int("lead_id", 1),
        total_locations: int("total_locations", 0, MAX_ORDER_LOCATIONS).default(0),
        valid_locations: int("valid_locations", 0, MAX_ORDER_LOCATIONS).default(0),
      }),
      values,
    );
    // total_locations and valid_locations are accepted for compatibility but never priced: the lead knows its count.
    const order = await createSelfServiceOrder({
      userId: caller?.user.id ?? null,
      leadId: body.lead_id,
      products: body.products,
      idempotencyKey: idempotencyKeyOf(request, values),
      pricedLineRequired: true,
    });
    return apiAnswer(contract.CreateOrderResponse, { status: "ok", ...order }, { headers: replayHeaders(order) });
  },
});

export const leadConfirmPurchase = methods({
  POST: async (request) => {
    // Paying needs a buyer who has accepted the terms: a signed-in one.
    const caller = await requireApiCaller(request, "purchase");
    const { values } = await readBody(request);
    const body = parse(z.object({ lead_id: int("lead_id", 1), order_id: int("order_id", 1) }), values);
    const result = await confirmPurchase({
      userId: caller.user.id,
      leadId: body.lead_id,
      orderId: body.order_id,
      idempotencyKey: idempotencyKeyOf(request, values),
    });
    return apiAnswer(contract.PurchaseResponse, result, { headers: replayHeaders(result) });
  },
});

export const leadPaymentStatus = methods({
  GET: async (request) => {
    const caller = await resolveApiCaller(request);
    const leadId = parse(int("lead_id", 1), new URL(request.url).searchParams.get("lead_id") ?? undefined);
    return apiAnswer(contract.LeadPaymentResponse, await leadPayment(caller?.user.id ?? null, leadId));
  },
});

export const packageRegisterHandler = methods({
  GET: async () => {
    const groups = packageRegister();
    return apiAnswer(contract.PackageRegisterResponse, {
      status: "ok",
      ...(Object.fromEntries(groups.map((g) => [g.group, g.packages])) as Record<
        (typeof groups)[number]["group"],
        (typeof groups)[number]["packages"]
      >),
    });
  },
});

export const buyProducts = methods({
  POST: async (request) => {
    const caller = await requireApiCaller(request, "purchase");
    const { values } = await readBody(request);
    const body = parse(
      z.object({
        type: z.preprocess(plainIntegerInput, z.unknown()).pipe(
          z.union([z.literal(1), z.literal(2), z.literal(3)], {
            errorMap: () => ({ message: "type must be 1 (country), 2 (region) or 3 (hexagon)" }),
          }),
        ),
        amount: int("amount", 1, MAX_LOCATIONS_PER_PURCHASE),
      }),
      values,
    );
    const result = await buyLocationCredits({
      userId: caller.user.id,
      kind: PACKAGE_TYPES[body.type],
      amount: body.amount,
      idempotencyKey: idempotencyKeyOf(request, values),
    });
    return apiAnswer(contract.PurchaseResponse, result, { headers: replayHeaders(result) });
  },
});

/** Stripe → us: a signed event; the order settles once however often Stripe retries. */
export const stripeWebhook = methods({
  POST: async (request) => {
    const payload = await request.text();
    const provider = getPaymentProvider();
    const event = provider.parseWebhook(payload, request.headers.get("Stripe-Signature"));
    if (event.type !== "paid" || event.orderId === null) return apiAnswer(contract.WebhookResponse, { received: true });
    await settleCheckoutPayment({ ...event, orderId: event.orderId }, provider.name);
    return apiAnswer(contract.WebhookResponse, { received: true });
  },
});
