/** The "Orders" paths: leads, self-service orders, data packages, purchases and the payment webhook. */
import { API_PATHS } from "../api-paths";
import * as orders from "../../api-contract/orders";
import * as unlock from "../../api-contract/unlock";
import { UNLOCK_QUOTE_TTL_TEXT } from "../../commerce/unlock";
import { z } from "../../api-contract/zod";
import type { ApiOperation, RegisterPaths } from "./operation";
import { BODY_ERRORS, CALLER_ERRORS, PURCHASE_ERRORS, SIGNED_IN_ERRORS, idempotencyHeaders, json } from "./shared";

const orderOps: ApiOperation[] = [
  {
    id: "leadFileTransfer",
    method: "post",
    path: API_PATHS.leadFileTransfer,
    tag: "Orders",
    summary: "Turn the previewed file into a lead",
    description:
      "Names the upload with upload_id and access_token (from upload_preview); a signed-in caller may omit both for the latest upload.",
    access: "optional",
    body: { ...json(orders.UploadRef), required: false },
    response: { schema: orders.LeadIdResponse, description: "The lead to order for." },
    errors: [...BODY_ERRORS, ...CALLER_ERRORS, 404],
  },
  {
    id: "leadPostalAddress",
    method: "post",
    path: API_PATHS.leadPostalAddress,
    tag: "Orders",
    summary: "Start a single-location order",
    access: "required",
    body: json(orders.PostalAddressBody),
    response: { schema: orders.PostalAddressLeadResponse, description: "The lead and the point's scores." },
    errors: [...BODY_ERRORS, ...SIGNED_IN_ERRORS],
  },
  {
    id: "leadConfirmPurchase",
    method: "post",
    path: API_PATHS.leadConfirmPurchase,
    tag: "Orders",
    summary: "Confirm a purchase",
    description:
      "Pays the order. The buyer signs in and needs filled billing info and the current terms accepted (PUT terms_conditions) first; VAT follows its country.",
    access: "billing",
    headers: idempotencyHeaders,
    body: json(orders.ConfirmPurchaseBody),
    response: { schema: orders.PurchaseResponse, description: "The order, paid or waiting for payment." },
    errors: PURCHASE_ERRORS,
  },
  {
    id: "leadPayment",
    method: "get",
    path: API_PATHS.leadPayment,
    tag: "Orders",
    summary: "Payment status of a lead",
    access: "optional",
    query: z.object({
      lead_id: z
        .number()
        .int()
        .min(1)
        .openapi({ description: "The lead's id (from file_transfer or postal_address).", example: 42 }),
    }),
    response: { schema: orders.LeadPaymentResponse, description: "The lead's latest order and whether it is paid." },
    errors: [400, ...CALLER_ERRORS, 404],
  },
  {
    id: "selfServiceProducts",
    method: "get",
    path: API_PATHS.selfServiceProducts,
    tag: "Orders",
    summary: "Self-service products",
    access: "none",
    response: { schema: orders.SelfServiceProductsResponse, description: "Products and prices." },
    errors: [],
  },
  {
    id: "selfServiceCreateOrder",
    method: "post",
    path: API_PATHS.selfServiceCreateOrder,
    tag: "Orders",
    summary: "Create a self-service order",
    description:
      "The order is priced from the lead itself: a portfolio lead for its upload's unique valid locations, a postal-address lead for one. Only products of the lead's kind may be chosen (the portfolio report for a portfolio, the PDF for a postal address).",
    access: "optional_billing",
    headers: idempotencyHeaders,
    body: json(orders.CreateOrderBody),
    response: { schema: orders.CreateOrderResponse, description: "The priced order." },
    errors: PURCHASE_ERRORS,
  },
  {
    id: "packageRegister",
    method: "get",
    path: API_PATHS.packageRegister,
    tag: "Orders",
    summary: "Data packages",
    description:
      "Open to anyone: the price list of country, region and hexagon packages, cheapest first after the placeholder.",
    access: "none",
    response: { schema: orders.PackageRegisterResponse, description: "Packages by group." },
    errors: [],
  },
  {
    id: "buyProducts",
    method: "post",
    path: API_PATHS.buyProducts,
    tag: "Orders",
    summary: "Buy country, region or hexagon credits",
    description:
      "type: 1 country, 2 region, 3 hexagon. Needs filled billing info and the current terms accepted (PUT terms_conditions); VAT follows its country.",
    access: "billing",
    headers: idempotencyHeaders,
    body: json(orders.BuyProductsBody),
    response: {
      schema: orders.PurchaseResponse,
      description: "The order, paid or waiting for payment.",
      example: {
        status: "paid",
        order_id: 12,
        lead_id: null,
        total: "300.00",
        invoice_number: 5,
        checkout_url: null,
        test_payment: true,
      },
    },
    errors: PURCHASE_ERRORS,
  },
  {
    id: "unlockQuote",
    method: "post",
    path: API_PATHS.unlockQuote,
    tag: "Orders",
    summary: "Quote unlocking a book of points at point level",
    description: `The distinct H3 resolution-4 hexagons the points fall in (placed as the batch places them), which the account reads already, which are missing, how many of those the plan's remaining allowance opens, and what the rest costs at the /pricing package prices (the cheapest packages that buy exactly that many). Any key may ask (read scope); the quote is counted like a batch of its locations. Valid for ${UNLOCK_QUOTE_TTL_TEXT}.`,
    access: "required",
    body: { schema: unlock.UnlockQuoteRequest, types: ["application/json"] },
    response: { schema: unlock.UnlockQuoteResponse, description: "The quote." },
    errors: [...BODY_ERRORS, ...SIGNED_IN_ERRORS],
  },
  {
    id: "unlock",
    method: "post",
    path: API_PATHS.unlock,
    tag: "Orders",
    summary: "Buy a quote: every missing hexagon at point level",
    description:
      "One order for the quote's hexagons beyond the allowance, paid as the account pays (billing info filled and the current terms accepted first); once paid, the batch answers every point of those hexagons at point level. Every plan may buy hexagons; an API key (PREMIUM) needs the billing scope. Refused with 404 for an unknown quote, 403 `quote_of_another_account`, 409 `quote_expired`, `quote_used` (bought already under another key) or `quote_changed` (the account ordered some of its hexagons or used its allowance since: quote again).",
    access: "billing",
    headers: idempotencyHeaders,
    body: json(unlock.UnlockRequest),
    response: {
      schema: unlock.UnlockResponse,
      description: "The hexagons unlocked, or the order waiting for payment.",
    },
    errors: PURCHASE_ERRORS,
  },
  {
    id: "stripeWebhook",
    method: "post",
    path: API_PATHS.stripeWebhook,
    tag: "Orders",
    summary: "Stripe payment events",
    description:
      "Called by Stripe with a signed event (Stripe-Signature header); an order settles once however often the event is delivered.",
    access: "none",
    body: {
      schema: z.object({}).passthrough().openapi({ description: "The Stripe event, as Stripe signs it." }),
      types: ["application/json"],
    },
    response: { schema: orders.WebhookResponse, description: "The event was received." },
    errors: [400, 413, 404, 409, 503],
  },
];

export const registerOrderPaths: RegisterPaths = (add) => add(...orderOps);
