/** Response handlers of the commerce API calls; the route files only bind them to paths. */
import { z } from "zod";
import { BillingFormSchema, billingFromForm, flattenBillingBody } from "~/domain/commerce/billing";
import { MAX_DB_INTEGER, MAX_LOCATIONS_PER_PURCHASE, MAX_ORDER_LOCATIONS, PACKAGE_TYPES, packageRegister, parsePackageChoices, plainIntegerInput, tooLargeMessage } from "~/domain/commerce/packages";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { planByTariffId, tariffList } from "~/domain/commerce/plan-offer";
import * as account from "~/domain/api-contract/account";
import * as contract from "~/domain/api-contract/orders";
import { apiAnswer, apiError, apiJson, parseBody, parseQuery } from "../api/api-response.server";
import { requireApiCaller, resolveApiCaller } from "../api/keys/api-auth.server";
import { getUserEntitlements } from "./entitlements.server";
import { BadRequestError } from "../http/errors.server";
import { readBody } from "../http/forms/form-flash.server";
import { getBillingInfo, getTermsConsent, saveBillingInfo, setTermsConsent } from "./billing.server";
import { listHoldsKey, listInvoicesPage, listReceiptsPage, listReportsPage, type ListPage } from "./documents.server";
import { pageLinks } from "~/domain/api/page-links";
import { idempotencyKeyOf, replayHeaders } from "./orders/idempotency.server";
import { buyLocationCredits, confirmPurchase, createSelfServiceOrder, leadPayment, listSelfServiceProducts, purchasePackages, settleCheckoutPayment } from "./orders/orders.server";
import { currentPaymentsMode, getPaymentProvider } from "./orders/payments.server";
import { API_ERROR_MARK } from "~/domain/forms/errors";

type Handler = (request: Request) => Promise<Response>;

/** Wraps a handler so every failure becomes the API's JSON error. */
const handle = (fn: Handler) => async ({ request }: { request: Request }) => {
  try {
    return await fn(request);
  } catch (error) {
    return apiError(error);
  }
};

function methodNotAllowed(allow: string) {
  return apiJson({ ...API_ERROR_MARK, error: "Method not allowed" }, { status: 405, headers: { Allow: allow } });
}
/** Binds GET/POST/PUT handlers of one path; other methods get a JSON 405. */
export function methods(map: Partial<Record<"GET" | "POST" | "PUT", Handler>>) {
  const allow = Object.keys(map).join(", ");
  const dispatch = handle(async (request) => {
    const fn = map[request.method as keyof typeof map];
    return fn ? fn(request) : methodNotAllowed(allow);
  });
  return { loader: dispatch, action: dispatch };
}

const parse = parseBody;

const int = (name: string, min = 0, max = MAX_DB_INTEGER) =>
  z.preprocess(
    plainIntegerInput,
    z
      .number({ invalid_type_error: `${name} must be a whole number`, required_error: `${name} is required` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, tooLargeMessage(name, max)),
  );

export const selfServiceProducts = methods({ GET: async () => apiAnswer(contract.SelfServiceProductsResponse, listSelfServiceProducts()) });

export const selfServiceCreateOrder = methods({
  POST: async (request) => {
    const caller = await resolveApiCaller(request, "purchase");
    const { values } = await readBody(request);
    const body = parse(
      z.object({
        products: z.array(z.union([z.number(), z.string()]), { required_error: "products is required" }).min(1, COMMERCE_MESSAGES.nothingToOrder),
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
    const result = await confirmPurchase({ userId: caller.user.id, leadId: body.lead_id, orderId: body.order_id, idempotencyKey: idempotencyKeyOf(request, values) });
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
    return apiAnswer(contract.PackageRegisterResponse, { status: "ok", ...(Object.fromEntries(groups.map((g) => [g.group, g.packages])) as Record<(typeof groups)[number]["group"], (typeof groups)[number]["packages"]>) });
  },
});

export const buyProducts = methods({
  POST: async (request) => {
    const caller = await requireApiCaller(request, "purchase");
    const { values } = await readBody(request);
    const body = parse(z.object({ type: z.preprocess(plainIntegerInput, z.unknown()).pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { errorMap: () => ({ message: "type must be 1 (country), 2 (region) or 3 (hexagon)" }) })), amount: int("amount", 1, MAX_LOCATIONS_PER_PURCHASE) }), values);
    const result = await buyLocationCredits({ userId: caller.user.id, kind: PACKAGE_TYPES[body.type], amount: body.amount, idempotencyKey: idempotencyKeyOf(request, values) });
    return apiAnswer(contract.PurchaseResponse, result, { headers: replayHeaders(result) });
  },
});

export const currentSubscription = methods({
  GET: async (request) => {
    const caller = await requireApiCaller(request);
    const e = await getUserEntitlements(caller.user);
    return apiAnswer(account.CurrentSubscriptionResponse, {
      status: "ok",
      tariff: { name: e.plan },
      limits: e.granted,
      remaining: e.remaining,
      upgrade_subscription_plan: tariffList(),
      test_payments: currentPaymentsMode() === "test",
    });
  },
});

export const tariffUpgrade = methods({
  POST: async (request) => {
    const caller = await requireApiCaller(request, "purchase");
    const { values } = await readBody(request);
    const body = parse(z.object({ tariff_id: int("tariff_id", 1), payment_type: z.string().default("card"), purchased_packages: z.unknown().optional() }), values);
    const plan = planByTariffId(body.tariff_id);
    if (!plan) throw new BadRequestError("Unknown tariff_id", "tariff_id");
    const packages = parsePackageChoices(body.purchased_packages);
    if (packages.some((p) => (p.count ?? 0) > MAX_LOCATIONS_PER_PURCHASE)) throw new BadRequestError(tooLargeMessage("count", MAX_LOCATIONS_PER_PURCHASE), "purchased_packages");
    const result = await purchasePackages({
      userId: caller.user.id,
      currentPlan: caller.user.planCode,
      planCode: plan,
      packages,
      idempotencyKey: idempotencyKeyOf(request, values),
    });
    return apiAnswer(contract.PurchaseResponse, result, { headers: replayHeaders(result) });
  },
});

type ListName = "invoices" | "receipts" | "reports";

/** The page a list request asks for (CursorPageParams, the schema the document lists); a cursor must name an item of the list. */
async function listPage(request: Request, list: ListName, userId: string): Promise<ListPage> {
  const q = parseQuery(account.CursorPageParams, request);
  for (const [field, key] of [["starting_after", q.starting_after], ["ending_before", q.ending_before]] as const) {
    if (key !== undefined && !(await listHoldsKey(list, userId, key))) throw new BadRequestError(`${field} ${key} is not an item of this list`, field);
  }
  return { limit: q.limit, startingAfter: q.starting_after, endingBefore: q.ending_before };
}

/** An answer of a list, with its `Link` header to the pages next to it (RFC 8288). */
async function listAnswer<S extends z.ZodTypeAny, R>(request: Request, list: ListName, schema: S, read: (userId: string, page: ListPage) => Promise<{ results: R[]; hasMore: boolean }>, keyOf: (item: R) => number) {
  const userId = (await requireApiCaller(request)).user.id;
  const page = await listPage(request, list, userId);
  const { results, hasMore } = await read(userId, page);
  const link = pageLinks(new URL(request.url), page, hasMore, results.length ? [keyOf(results[0]!), keyOf(results.at(-1)!)] : null);
  return apiAnswer(schema, { status: "ok", has_more: hasMore, results } as z.input<S>, link ? { headers: { Link: link } } : undefined);
}

export const reportsList = methods({ GET: (request) => listAnswer(request, "reports", account.ReportsListResponse, listReportsPage, (r) => r.id) });
export const invoicesList = methods({ GET: (request) => listAnswer(request, "invoices", account.InvoicesResponse, listInvoicesPage, (r) => r.number) });
export const receiptsList = methods({ GET: (request) => listAnswer(request, "receipts", account.ReceiptsResponse, listReceiptsPage, (r) => r.number) });

export const billingInfoHandler = methods({
  // The holder's personal details: a key reads them only with the billing scope, as it changes them.
  GET: async (request) => apiAnswer(account.BillingInfoResponse, { status: "ok", ...(await getBillingInfo((await requireApiCaller(request, "billing")).user.id)) }),
  PUT: async (request) => {
    const caller = await requireApiCaller(request, "billing");
    const { values } = await readBody(request);
    const form = parse(BillingFormSchema, flattenBillingBody(values));
    return apiAnswer(account.BillingInfoResponse, { status: "ok", ...(await saveBillingInfo(caller.user.id, billingFromForm(form))) });
  },
});

export const termsHandler = methods({
  GET: async (request) => apiAnswer(account.TermsResponse, { status: "ok", ...(await getTermsConsent((await requireApiCaller(request)).user.id)) }),
  PUT: async (request) => {
    const caller = await requireApiCaller(request, "billing");
    const { values } = await readBody(request);
    const v = values.terms_conditions;
    if (typeof v !== "boolean" && v !== "true" && v !== "false" && v !== "on") throw new BadRequestError("terms_conditions must be true or false", "terms_conditions");
    return apiAnswer(account.TermsResponse, { status: "ok", ...(await setTermsConsent(caller.user.id, v === true || v === "true" || v === "on")) });
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
