/** The "Account" paths: what the signed-in user may open, plan, reports, invoices, API key, billing and terms. */
import { API_PATHS } from "../api-paths";
import * as account from "../../api-contract/account";
import * as orders from "../../api-contract/orders";
import { z } from "../../api-contract/zod";
import type { ApiOperation, RegisterPaths } from "./operation";
import { BODY_ERRORS, PURCHASE_ERRORS, SIGNED_IN_ERRORS, idempotencyHeaders, json } from "./shared";

const PAGING_TEXT =
  "Newest first, a page at a time: `limit` items (default and most 100); when `has_more` is true, ask again with `starting_after` set to the last item's id (reports) or number (invoices, receipts). `ending_before` set to the first item's pages back to newer items. A cursor that names no item of the list is a 400. The `Link` header gives the next (older) and prev (newer) pages as paths to follow.";

/** The pages next to a list's page (RFC 8288). */
const pageLinkHeaders = z.object({
  Link: z.string().optional().openapi({
    description:
      'The pages next to this one: `</api/v1/invoices/?limit=20&starting_after=1041>; rel="next", </api/v1/invoices/?limit=20&ending_before=1060>; rel="prev"`; absent when there is none.',
  }),
});

/** GET names the live key (never creates one), POST creates or rotates it, DELETE revokes it; the last two need a signed-in session. */
function appKeyOps(id: string, path: string, suffix: string): ApiOperation[] {
  const premiumOnly =
    "Answers 403 'Only users with the PREMIUM Subscription Plan can use this option' for other plans.";
  return [
    {
      id,
      method: "get",
      path,
      tag: "Account",
      summary: `API key (PREMIUM only)${suffix}`,
      description: `Names the app key: the key named 'default', or without one the account's first current named key (key is null: the full key is shown only by the answer that creates it). A GET never creates or rotates a key; without any current key it answers 404. ${premiumOnly}`,
      access: "required",
      response: { schema: account.ApiKeyResponse, description: "The live key's name." },
      errors: [...SIGNED_IN_ERRORS, 404],
    },
    {
      id: `${id}Rotate`,
      method: "post",
      path,
      tag: "Account",
      summary: `Rotate the API key${suffix}`,
      description: `Creates a key, or revokes the current one and answers a new one; shown once. Needs the session (cookie or Bearer session token), not an API key. ${premiumOnly}`,
      access: "session",
      response: {
        schema: account.ApiKeyResponse,
        description: "The new key, shown once.",
        example: {
          status: "ok",
          key: "crk_Q2xpbWF0ZVJpc2tEZW1vS2V5Rm9yRG9jc09ubHkxMjM0NTY3",
          name: "default",
          prefix: "crk_Q2xpbWF0",
          created_at: "2026-11-01T10:00:00.000Z",
        },
      },
      errors: [...SIGNED_IN_ERRORS, 413],
    },
    {
      id: `${id}Revoke`,
      method: "delete",
      path,
      tag: "Account",
      summary: `Revoke the API key${suffix}`,
      description: "Needs the session (cookie or Bearer session token), not an API key.",
      access: "session",
      response: { schema: account.ApiKeyRevokedResponse, description: "How many keys were revoked." },
      errors: [...SIGNED_IN_ERRORS, 413],
    },
  ];
}

const accountOps: ApiOperation[] = [
  {
    id: "availableLocations",
    method: "get",
    path: API_PATHS.availableLocations,
    tag: "Account",
    summary: "Locations the user may open",
    access: "required",
    response: {
      schema: account.AvailableLocationsResponse,
      description: "Remaining limits and the codes the user may open.",
    },
    errors: SIGNED_IN_ERRORS,
  },
  {
    id: "currentSubscription",
    method: "get",
    path: API_PATHS.currentSubscription,
    tag: "Account",
    summary: "Current plan and upgrade options",
    access: "required",
    response: { schema: account.CurrentSubscriptionResponse, description: "Plan, limits and the plans on offer." },
    errors: SIGNED_IN_ERRORS,
  },
  {
    id: "tariffUpgrade",
    method: "post",
    path: API_PATHS.tariffUpgrade,
    tag: "Account",
    summary: "Upgrade the plan, optionally with data packages",
    description:
      "Only to a plan above the current one (tariff_id as in upgrade_subscription_plan); the current plan with packages buys the packages alone. A lower plan or nothing to buy answers 400. Needs filled billing info and the current terms accepted (PUT terms_conditions); VAT follows its country.",
    access: "billing",
    headers: idempotencyHeaders,
    body: json(orders.TariffUpgradeBody),
    response: {
      schema: orders.PurchaseResponse,
      description: "The order, paid or waiting for payment.",
      example: {
        status: "paid",
        order_id: 11,
        lead_id: null,
        total: "1 368.00",
        invoice_number: 4,
        checkout_url: null,
        test_payment: true,
      },
    },
    errors: PURCHASE_ERRORS,
  },
  {
    id: "reportsList",
    method: "get",
    path: API_PATHS.reportsList,
    tag: "Account",
    summary: "Reports of the user",
    description: PAGING_TEXT,
    access: "required",
    query: account.CursorPageParams,
    responseHeaders: pageLinkHeaders,
    response: { schema: account.ReportsListResponse, description: "Paid self-service orders and what they cover." },
    errors: [400, ...SIGNED_IN_ERRORS],
  },
  {
    id: "invoices",
    method: "get",
    path: API_PATHS.invoices,
    tag: "Account",
    summary: "Invoices",
    description: PAGING_TEXT,
    access: "required",
    query: account.CursorPageParams,
    responseHeaders: pageLinkHeaders,
    response: { schema: account.InvoicesResponse, description: "Invoices, newest first." },
    errors: [400, ...SIGNED_IN_ERRORS],
  },
  {
    id: "receipts",
    method: "get",
    path: API_PATHS.receipts,
    tag: "Account",
    summary: "Receipts",
    description: PAGING_TEXT,
    access: "required",
    query: account.CursorPageParams,
    responseHeaders: pageLinkHeaders,
    response: { schema: account.ReceiptsResponse, description: "Receipts, newest first." },
    errors: [400, ...SIGNED_IN_ERRORS],
  },
  ...appKeyOps("customerAppKey", API_PATHS.customerAppKey, ""),
  ...appKeyOps("appKey", API_PATHS.appKey, ", alternative path"),
  {
    id: "billingInfoGet",
    method: "get",
    path: API_PATHS.billingInfo,
    tag: "Account",
    summary: "Billing information",
    description:
      "The account holder's name, phone, address and VAT number: an API key needs the billing scope to read them (a read key gets 403 insufficient_scope).",
    access: "billing",
    response: { schema: account.BillingInfoResponse, description: "Billing information and whether it is complete." },
    errors: SIGNED_IN_ERRORS,
  },
  {
    id: "billingInfoPut",
    method: "put",
    path: API_PATHS.billingInfo,
    tag: "Account",
    summary: "Update billing information",
    description: "Company fields may also be sent flat (company_name, country, zip, city, street, vat_number).",
    access: "billing",
    body: json(account.BillingInfoBody),
    response: { schema: account.BillingInfoResponse, description: "The saved billing information." },
    errors: [...BODY_ERRORS, ...SIGNED_IN_ERRORS],
  },
  {
    id: "termsGet",
    method: "get",
    path: API_PATHS.termsConditions,
    tag: "Account",
    summary: "Terms acceptance",
    access: "required",
    response: { schema: account.TermsResponse, description: "Whether the current terms are accepted." },
    errors: SIGNED_IN_ERRORS,
  },
  {
    id: "termsPut",
    method: "put",
    path: API_PATHS.termsConditions,
    tag: "Account",
    summary: "Accept or decline the terms",
    access: "billing",
    body: json(account.TermsBody),
    response: { schema: account.TermsResponse, description: "The terms acceptance after the change." },
    errors: [...BODY_ERRORS, ...SIGNED_IN_ERRORS],
  },
];

export const registerAccountPaths: RegisterPaths = (add) => add(...accountOps);
