/** Answers of the signed-in account calls: locations, plan, reports, invoices, billing, terms and the API key. */
import { DOCUMENTS } from "../content/documents";
import { PLAN_CODES } from "../commerce/plans";
import { ok } from "./common";
import { z, obj } from "./zod";

const PlanName = z.enum(PLAN_CODES);

export const PAGE_MAX_LIMIT = 100;

/**
 * Cursor paging of the lists that grow (reports, invoices, receipts), newest first: the handlers parse the query
 * with this schema and the document lists it. `starting_after` is the key (id or number) of the last item read.
 */
export const CursorPageParams = z
  .object({
    limit: z.coerce
      .number({ invalid_type_error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(PAGE_MAX_LIMIT, `limit must be at most ${PAGE_MAX_LIMIT}`)
      .default(PAGE_MAX_LIMIT)
      .openapi({ description: `Items per page, 1 to ${PAGE_MAX_LIMIT} (default ${PAGE_MAX_LIMIT}).`, example: 20 }),
    starting_after: z.coerce
      .number({ invalid_type_error: "starting_after must be a number" })
      .int("starting_after must be a whole number")
      .min(1, "starting_after must be at least 1")
      .optional()
      .openapi({
        description:
          "The id (reports) or number (invoices, receipts) of the last item of the previous page: the page starts after it. It must name an item of the list.",
      }),
    ending_before: z.coerce
      .number({ invalid_type_error: "ending_before must be a number" })
      .int("ending_before must be a whole number")
      .min(1, "ending_before must be at least 1")
      .optional()
      .openapi({
        description:
          "The id or number of the first item of the page after: the page holds the newer items just before it (has_more: newer ones remain). It must name an item of the list; not with starting_after.",
      }),
  })
  .refine((q) => q.starting_after === undefined || q.ending_before === undefined, {
    message: "Send starting_after or ending_before, not both",
    path: ["ending_before"],
  });
export type CursorPage = z.output<typeof CursorPageParams>;

const hasMore = z.boolean().openapi({
  description:
    "More items follow in the direction read: ask again with starting_after set to the last item's id or number (or, paging back with ending_before, with ending_before set to the first's). The Link header gives both pages.",
});
const Limits = obj({ country: z.number().int(), region: z.number().int(), hexagon: z.number().int() });
const codes = z.array(z.string()).readonly();
const CodeLists = obj({ country: codes, region: codes, hexagon: codes });

export const AvailableLocationsResponse = obj({
  status: ok,
  limit_country: z.number().int().openapi({ description: "Countries the user may still open." }),
  limit_region: z.number().int(),
  limit_hexagon: z.number().int(),
  order_list: CodeLists.openapi({ description: "Codes the user may open: the open countries and everything ordered." }),
  free_order_list: CodeLists.openapi({ description: "Codes open to everyone." }),
  tariff: obj({ name: PlanName }),
}).openapi("AvailableLocationsResponse", {
  example: {
    status: "ok",
    limit_country: 5,
    limit_region: 20,
    limit_hexagon: 50,
    order_list: { country: ["FR", "GB"], region: ["FR-13"], hexagon: [] },
    free_order_list: { country: ["FR", "GB"], region: [], hexagon: [] },
    tariff: { name: "PREMIUM" },
  },
});

const Tariff = obj({
  id: z.number().int(),
  name: z.string(),
  price: z.string().openapi({ description: 'Price text, "12 345.00".' }),
  limit_country: z.number().int(),
  limit_region: z.number().int(),
  limit_hexagon: z.number().int(),
  api_access: z.boolean(),
});

export const CurrentSubscriptionResponse = obj({
  status: ok,
  tariff: obj({ name: PlanName }),
  limits: Limits.openapi({ description: "Locations granted: the plan's limits plus purchased credits." }),
  remaining: Limits.openapi({ description: "Locations still to be opened." }),
  upgrade_subscription_plan: z.array(Tariff),
  test_payments: z.boolean().openapi({ description: "true while the built-in test payment provider is in use." }),
}).openapi("CurrentSubscriptionResponse", {
  example: {
    status: "ok",
    tariff: { name: "DISCOVERY" },
    limits: { country: 1, region: 0, hexagon: 0 },
    remaining: { country: 1, region: 0, hexagon: 0 },
    upgrade_subscription_plan: [
      {
        id: 2,
        name: "PREMIUM",
        price: "990.00",
        limit_country: 5,
        limit_region: 20,
        limit_hexagon: 50,
        api_access: true,
      },
    ],
    test_payments: true,
  },
});

export const ReportsListResponse = obj({
  status: ok,
  has_more: hasMore,
  results: z.array(
    obj({
      id: z.number().int(),
      lead_id: z.number().int().nullable(),
      name: z.string(),
      locations: z.number().int(),
      created_at: z.string().datetime(),
      date: z.string(),
      total_price: z.string(),
      status: z.string(),
    }),
  ),
}).openapi("ReportsListResponse", {
  example: {
    status: "ok",
    has_more: false,
    results: [
      {
        id: 7,
        lead_id: 42,
        name: "Portfolio climate risk report (per location)",
        locations: 17,
        created_at: "2026-11-01T10:00:00.000Z",
        date: "01.11.2026",
        total_price: "285.60",
        status: "paid",
      },
    ],
  },
});

const invoiceFields = {
  number: z.number().int(),
  created_at: z.string().datetime(),
  total_price: z.string(),
  currency: z.string(),
  order_id: z.number().int(),
};
export const InvoicesResponse = obj({ status: ok, has_more: hasMore, results: z.array(obj(invoiceFields)) }).openapi(
  "InvoicesResponse",
  {
    example: {
      status: "ok",
      has_more: false,
      results: [
        { number: 1, created_at: "2026-11-01T10:00:00.000Z", total_price: "1 188.00", currency: "EUR", order_id: 7 },
      ],
    },
  },
);
export const ReceiptsResponse = obj({
  status: ok,
  has_more: hasMore,
  results: z.array(obj({ ...invoiceFields, provider: z.string() })),
}).openapi("ReceiptsResponse", {
  example: {
    status: "ok",
    has_more: false,
    results: [
      {
        number: 1,
        created_at: "2026-11-01T10:00:00.000Z",
        total_price: "1 188.00",
        currency: "EUR",
        order_id: 7,
        provider: "test",
      },
    ],
  },
});

export const ApiKeyResponse = obj({
  status: ok,
  key: z
    .string()
    .nullable()
    .openapi({ description: "The full key, only in the answer that creates it; null afterwards." }),
  name: z.string().openapi({
    description:
      "The key's name on the account page: 'default' for the app key; another named key when the account has no key named 'default'.",
  }),
  prefix: z.string().openapi({ description: "crk_ and 8 characters: names the key without revealing it." }),
  created_at: z.string().datetime(),
}).openapi("ApiKeyResponse", {
  example: { status: "ok", key: null, name: "default", prefix: "crk_Q2xpbWF0", created_at: "2026-11-01T10:00:00.000Z" },
});

export const ApiKeyRevokedResponse = obj({
  status: ok,
  revoked: z.number().int().openapi({ description: "Keys revoked: 0 or 1." }),
}).openapi("ApiKeyRevokedResponse", {
  example: { status: "ok", revoked: 1 },
});

const Company = obj({
  name: z.string(),
  country: z.string(),
  zip: z.string(),
  city: z.string(),
  street: z.string(),
  vat_number: z.string(),
});
export const BillingInfoResponse = obj({
  status: ok,
  appeal: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  company: Company,
  filled: z.boolean().openapi({ description: "Every field a purchase needs is present." }),
}).openapi("BillingInfoResponse", {
  example: {
    status: "ok",
    appeal: "Ms",
    email: "ada@example.com",
    first_name: "Ada",
    last_name: "Lovelace",
    phone: "+44 20 0000 0000",
    company: {
      name: "Analytical Ltd",
      country: "GB",
      zip: "EC1A 1AA",
      city: "London",
      street: "1 Example Street",
      vat_number: "GB123456789",
    },
    filled: true,
  },
});

export const BillingInfoBody = z
  .object({
    appeal: z.enum(["Mr", "Ms", "Mx", "Dr"]).optional(),
    email: z.string().email(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().optional(),
    company: z
      .object({
        name: z.string(),
        country: z.string(),
        zip: z.string(),
        city: z.string(),
        street: z.string(),
        vat_number: z.string(),
      })
      .partial()
      .optional(),
  })
  .openapi("BillingInfoBody", {
    example: {
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      phone: "+44 20 0000 0000",
      company: { name: "Analytical Ltd", country: "GB", street: "1 Example Street" },
    },
  });

export const TermsResponse = obj({
  status: ok,
  terms_conditions: z.boolean().openapi({ description: "The current version is accepted." }),
  version: z.string().nullable().openapi({ description: "The version last answered; null if never." }),
  accepted_at: z.string().datetime().nullable(),
  current_version: z.string(),
}).openapi("TermsResponse", {
  example: {
    status: "ok",
    terms_conditions: true,
    version: "2026-01",
    accepted_at: "2026-11-01T10:00:00.000Z",
    current_version: "2026-01",
  },
});

export const TermsBody = z
  .object({ terms_conditions: z.union([z.boolean(), z.enum(["true", "false", "on"])]) })
  .openapi("TermsBody", { example: { terms_conditions: true } });

export const DocumentsListResponse = obj({
  results: z.array(obj({ name: z.string(), id: z.string() })),
}).openapi("DocumentsListResponse", { example: { results: DOCUMENTS.map((d) => ({ name: d.name, id: d.id })) } });
