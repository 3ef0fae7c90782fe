/**
 * Response handlers of the Account API calls: available locations, the API key (both key paths) and the keys of
 * /v1/keys, the plan and its upgrade, reports, invoices and receipts, a bought report's file, billing details and
 * the terms; the route files only bind them to paths.
 */
import { z } from "zod";
import { BillingFormSchema, billingFromForm, flattenBillingBody } from "~/domain/commerce/billing";
import { MAX_LOCATIONS_PER_PURCHASE, parsePackageChoices, tooLargeMessage } from "~/domain/commerce/packages";
import { planByTariffId, tariffList } from "~/domain/commerce/plan-offer";
import { rateLimitHeaders } from "~/domain/api/keys/api-limits";
import { REPORT_FILE_FORMATS } from "~/domain/api/report-files";
import { API_KEY_MESSAGES, API_KEY_SCOPES } from "~/domain/api/keys/api-keys";
import * as account from "~/domain/api-contract/account";
import { ApiKeyResponse, ApiKeyRevokedResponse, AvailableLocationsResponse } from "~/domain/api-contract/account";
import * as orders from "~/domain/api-contract/orders";
import { ApiKeyCreatedResponse, ApiKeyRevokedItemResponse, ApiKeysListResponse } from "~/domain/api-contract/keys";
import { API_RESPONSE_HEADERS, apiAnswer, apiError, apiJson, parseQuery } from "./api-response.server";
import { apiMethodNotAllowed } from "./api-fallback.server";
import { int, methods, parse } from "./api-methods.server";
import { rateLimitStateOf, requireApiCaller } from "./keys/api-auth.server";
import {
  createApiKey,
  describeApiKey,
  listApiKeys,
  revokeApiKey,
  revokeApiKeyById,
  rotateApiKey,
  rotateApiKeyById,
} from "./keys/api-keys.server";
import { getAvailableLocations, getUserEntitlements } from "../commerce/entitlements.server";
import { getBillingInfo, getTermsConsent, saveBillingInfo, setTermsConsent } from "../commerce/billing.server";
import {
  listHoldsKey,
  listInvoicesPage,
  listReceiptsPage,
  listReportsPage,
  type ListPage,
} from "../commerce/documents.server";
import { pageLinks } from "~/domain/api/page-links";
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, replayHeaders } from "../commerce/orders/idempotency.server";
import { purchasePackages } from "../commerce/orders/orders.server";
import { currentPaymentsMode } from "../commerce/orders/payments.server";
import { BadRequestError } from "../http/errors.server";
import { readBody } from "../http/forms/form-flash.server";
import { reportFileResponse } from "../reports/files.server";
import { orderReportFile } from "../reports/order-files.server";

export async function availableLocationsLoader({ request }: { request: Request }) {
  try {
    const caller = await requireApiCaller(request);
    return apiAnswer(AvailableLocationsResponse, await getAvailableLocations(caller.user));
  } catch (error) {
    return apiError(error);
  }
}

/** GET: the default key's name; 404 when the user has none (a GET never creates one). */
export async function appKeyLoader({ request }: { request: Request }) {
  try {
    const caller = await requireApiCaller(request);
    return apiAnswer(ApiKeyResponse, { status: "ok", ...(await describeApiKey(caller.user)) });
  } catch (error) {
    return apiError(error);
  }
}

/**
 * POST rotates (the new key is shown once), DELETE revokes. Only a signed-in session may do either: a leaked key
 * must not be able to replace itself and lock its owner out.
 */
export async function appKeyAction({ request }: { request: Request }) {
  if (request.method !== "POST" && request.method !== "DELETE") {
    return apiJson(
      { error: `Method ${request.method} is not allowed` },
      { status: 405, headers: { Allow: "GET, POST, DELETE" } },
    );
  }
  try {
    const caller = await requireApiCaller(request, "keys");
    if (request.method === "POST")
      return apiAnswer(ApiKeyResponse, { status: "ok", ...(await rotateApiKey(caller.user)) });
    return apiAnswer(ApiKeyRevokedResponse, { status: "ok", revoked: await revokeApiKey(caller.user.id) });
  } catch (error) {
    return apiError(error);
  }
}

/* Response handlers of /v1/keys: list (a key may read), create, rotate and revoke (the user's own session only). */
type Args = { request: Request; params: Record<string, string | undefined> };

/** The scopes a JSON array or repeated form fields ask for; an unknown one is a 400 rather than silently dropped. */
function askedScopes(values: Record<string, unknown>, formData: FormData | null): string[] {
  const raw = formData ? formData.getAll("scopes").map(String) : values.scopes;
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.some((s) => !(API_KEY_SCOPES as readonly unknown[]).includes(s)))
    throw new BadRequestError(API_KEY_MESSAGES.unknownScope, "scopes");
  return raw as string[];
}

export async function apiKeysLoader({ request }: Args) {
  try {
    const caller = await requireApiCaller(request);
    return apiAnswer(ApiKeysListResponse, { status: "ok", keys: await listApiKeys(caller.user.id) });
  } catch (error) {
    return apiError(error);
  }
}

/** A list field of a JSON body or a form (repeated fields, or one textarea). */
const listField = (values: Record<string, unknown>, formData: FormData | null, name: string) =>
  formData ? formData.getAll(name).map(String) : values[name];

export async function apiKeysAction({ request }: Args) {
  if (request.method !== "POST") return apiMethodNotAllowed(request, ["GET", "POST"]);
  try {
    const caller = await requireApiCaller(request, "keys");
    const { values, formData } = await readBody(request);
    const input = {
      name: values.name,
      scopes: askedScopes(values, formData),
      expires_at: values.expires_at,
      expires_in_days: values.expires_in_days,
      allowed_addresses: listField(values, formData, "allowed_addresses"),
      mode: values.mode,
    };
    // Optional here (a purchase requires one): a retry with the same key and body replays the first answer.
    const given = request.headers.get(IDEMPOTENCY_HEADER) ?? values.idempotency_key;
    const idempotency = given === undefined ? undefined : { key: idempotencyKeyOf(request, values), params: input };
    const created = await createApiKey(caller.user, input, idempotency);
    return apiAnswer(ApiKeyCreatedResponse, { status: "ok", ...created }, { headers: replayHeaders(created) });
  } catch (error) {
    return apiError(error);
  }
}

export async function apiKeyItemAction({ request, params }: Args) {
  if (request.method !== "DELETE") return apiMethodNotAllowed(request, ["DELETE"]);
  try {
    const caller = await requireApiCaller(request, "keys");
    return apiAnswer(ApiKeyRevokedItemResponse, {
      status: "ok",
      revoked: await revokeApiKeyById(caller.user.id, params.id ?? ""),
    });
  } catch (error) {
    return apiError(error);
  }
}

export async function apiKeyRotateAction({ request, params }: Args) {
  if (request.method !== "POST") return apiMethodNotAllowed(request, ["POST"]);
  try {
    const caller = await requireApiCaller(request, "keys");
    return apiAnswer(ApiKeyCreatedResponse, {
      status: "ok",
      ...(await rotateApiKeyById(caller.user, params.id ?? "")),
    });
  } catch (error) {
    return apiError(error);
  }
}

/** GET on a path that only takes DELETE or POST. */
export const onlyMethods =
  (allow: readonly string[]) =>
  ({ request }: Args) =>
    apiMethodNotAllowed(request, allow);

/** GET /api/v1/reports/{id}/file?format=pdf|xlsx: a bought report's file, streamed from the file store, with a key or a session. */
const query = z.object({
  format: z.enum(REPORT_FILE_FORMATS, { message: `format must be one of ${REPORT_FILE_FORMATS.join(", ")}` }),
});

export async function reportFileLoader({
  request,
  params,
}: {
  request: Request;
  params: { id?: string };
}): Promise<Response> {
  const caller = await requireApiCaller(request);
  const { format } = parseQuery(query, request);
  const response = await reportFileResponse(await orderReportFile(caller.user.id, Number(params.id), format));
  const rate = rateLimitStateOf(request);
  for (const [name, value] of Object.entries({ ...API_RESPONSE_HEADERS, ...(rate ? rateLimitHeaders(rate) : {}) }))
    response.headers.set(name, value);
  return response;
}

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
    const body = parse(
      z.object({
        tariff_id: int("tariff_id", 1),
        payment_type: z.string().default("card"),
        purchased_packages: z.unknown().optional(),
      }),
      values,
    );
    const plan = planByTariffId(body.tariff_id);
    if (!plan) throw new BadRequestError("Unknown tariff_id", "tariff_id");
    const packages = parsePackageChoices(body.purchased_packages);
    if (packages.some((p) => (p.count ?? 0) > MAX_LOCATIONS_PER_PURCHASE))
      throw new BadRequestError(tooLargeMessage("count", MAX_LOCATIONS_PER_PURCHASE), "purchased_packages");
    const result = await purchasePackages({
      userId: caller.user.id,
      currentPlan: caller.user.planCode,
      planCode: plan,
      packages,
      idempotencyKey: idempotencyKeyOf(request, values),
    });
    return apiAnswer(orders.PurchaseResponse, result, { headers: replayHeaders(result) });
  },
});

type ListName = "invoices" | "receipts" | "reports";

/** The page a list request asks for (CursorPageParams, the schema the document lists); a cursor must name an item of the list. */
async function listPage(request: Request, list: ListName, userId: string): Promise<ListPage> {
  const q = parseQuery(account.CursorPageParams, request);
  for (const [field, key] of [
    ["starting_after", q.starting_after],
    ["ending_before", q.ending_before],
  ] as const) {
    if (key !== undefined && !(await listHoldsKey(list, userId, key)))
      throw new BadRequestError(`${field} ${key} is not an item of this list`, field);
  }
  return { limit: q.limit, startingAfter: q.starting_after, endingBefore: q.ending_before };
}

/** An answer of a list, with its `Link` header to the pages next to it (RFC 8288). */
async function listAnswer<S extends z.ZodTypeAny, R>(
  request: Request,
  list: ListName,
  schema: S,
  read: (userId: string, page: ListPage) => Promise<{ results: R[]; hasMore: boolean }>,
  keyOf: (item: R) => number,
) {
  const userId = (await requireApiCaller(request)).user.id;
  const page = await listPage(request, list, userId);
  const { results, hasMore } = await read(userId, page);
  const link = pageLinks(
    new URL(request.url),
    page,
    hasMore,
    results.length ? [keyOf(results[0]!), keyOf(results.at(-1)!)] : null,
  );
  return apiAnswer(
    schema,
    { status: "ok", has_more: hasMore, results } as z.input<S>,
    link ? { headers: { Link: link } } : undefined,
  );
}

export const reportsList = methods({
  GET: (request) => listAnswer(request, "reports", account.ReportsListResponse, listReportsPage, (r) => r.id),
});
export const invoicesList = methods({
  GET: (request) => listAnswer(request, "invoices", account.InvoicesResponse, listInvoicesPage, (r) => r.number),
});
export const receiptsList = methods({
  GET: (request) => listAnswer(request, "receipts", account.ReceiptsResponse, listReceiptsPage, (r) => r.number),
});

export const billingInfoHandler = methods({
  // The holder's personal details: a key reads them only with the billing scope, as it changes them.
  GET: async (request) =>
    apiAnswer(account.BillingInfoResponse, {
      status: "ok",
      ...(await getBillingInfo((await requireApiCaller(request, "billing")).user.id)),
    }),
  PUT: async (request) => {
    const caller = await requireApiCaller(request, "billing");
    const { values } = await readBody(request);
    const form = parse(BillingFormSchema, flattenBillingBody(values));
    return apiAnswer(account.BillingInfoResponse, {
      status: "ok",
      ...(await saveBillingInfo(caller.user.id, billingFromForm(form))),
    });
  },
});

export const termsHandler = methods({
  GET: async (request) =>
    apiAnswer(account.TermsResponse, {
      status: "ok",
      ...(await getTermsConsent((await requireApiCaller(request)).user.id)),
    }),
  PUT: async (request) => {
    const caller = await requireApiCaller(request, "billing");
    const { values } = await readBody(request);
    const v = values.terms_conditions;
    if (typeof v !== "boolean" && v !== "true" && v !== "false" && v !== "on")
      throw new BadRequestError("terms_conditions must be true or false", "terms_conditions");
    return apiAnswer(account.TermsResponse, {
      status: "ok",
      ...(await setTermsConsent(caller.user.id, v === true || v === "true" || v === "on")),
    });
  },
});
