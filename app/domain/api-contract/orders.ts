/** Answers and bodies of the order calls: products, leads, orders, packages and payments. */
import { SELF_SERVICE_PRODUCTS } from "../commerce/orders";
import { HazardScoreItem } from "./risk";
import { ok } from "./common";
import { z, obj } from "./zod";

const productCodes = SELF_SERVICE_PRODUCTS.map((p) => p.code) as [string, ...string[]];

export const SelfServiceProductsResponse = obj({
  status: ok,
  products: z.array(
    obj({
      id: z.number().int(),
      code: z.enum(productCodes),
      name: z.string(),
      price: z.string(),
      price_minor: z.number().int(),
      currency: z.string(),
      per_location: z.boolean(),
    }),
  ),
}).openapi("SelfServiceProductsResponse", {
  example: {
    status: "ok",
    products: SELF_SERVICE_PRODUCTS.map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      price: (p.priceMinor / 100).toFixed(2),
      price_minor: p.priceMinor,
      currency: "EUR",
      per_location: p.perLocation,
    })),
  },
});

export const LeadIdResponse = obj({ status: ok, lead_id: z.number().int() }).openapi("LeadIdResponse", {
  example: { status: "ok", lead_id: 42 },
});

export const UploadRef = z
  .object({
    upload_id: z
      .string()
      .openapi({ description: "From upload_preview; the caller's latest upload when absent (signed in)." }),
    access_token: z
      .string()
      .optional()
      .openapi({ description: "From upload_preview: a visitor's proof that the upload is theirs." }),
  })
  .openapi("UploadRef", {
    example: { upload_id: "6d1f1e0e-8a2b-4a55-9a3c-1c2d3e4f5a6b", access_token: "Zm9yIGRvY3Mgb25seQ" },
  });

export const PostalAddressBody = z
  .object({
    postal_address: z.string().min(5).max(300),
    lat: z.number().min(-90).max(90),
    lon: z.number().min(-180).max(180),
  })
  .openapi("PostalAddressBody", { example: { postal_address: "10 Downing Street, London", lat: 51.503, lon: -0.128 } });

export const PostalAddressLeadResponse = obj({
  status: ok,
  lead_id: z.number().int(),
  data: obj({
    hazards: z
      .array(HazardScoreItem)
      .nullable()
      .openapi({ description: "The point's scores at the finest level the caller may read; null if none." }),
    location_type: z.enum(["country", "region", "hexagon"]).nullable(),
    limits: obj({ limit_country: z.number().int(), limit_region: z.number().int(), limit_hexagon: z.number().int() }),
  }),
}).openapi("PostalAddressLeadResponse", {
  example: {
    status: "ok",
    lead_id: 43,
    data: { hazards: null, location_type: null, limits: { limit_country: 1, limit_region: 0, limit_hexagon: 0 } },
  },
});

export const PurchaseResponse = obj({
  status: z.enum(["paid", "requires_payment"]),
  order_id: z.number().int(),
  lead_id: z.number().int().nullable(),
  total: z.string(),
  invoice_number: z.number().int().nullable(),
  checkout_url: z.string().nullable().openapi({ description: "Where to pay (Stripe Checkout); null once paid." }),
  test_payment: z.boolean(),
}).openapi("PurchaseResponse", {
  example: {
    status: "paid",
    order_id: 7,
    lead_id: 42,
    total: "16.80",
    invoice_number: 3,
    checkout_url: null,
    test_payment: true,
  },
});

export const ConfirmPurchaseBody = z
  .object({
    lead_id: z.number().int().min(1),
    order_id: z.number().int().min(1),
    idempotency_key: z.string().optional(),
  })
  .openapi("ConfirmPurchaseBody", { example: { lead_id: 42, order_id: 7 } });

export const LeadPaymentResponse = obj({
  status: ok,
  lead_id: z.number().int(),
  paid: z.boolean(),
  order_id: z.number().int().nullable(),
  order_status: z.string().nullable(),
  total: z.string(),
  invoice_number: z.number().int().nullable(),
}).openapi("LeadPaymentResponse", {
  example: {
    status: "ok",
    lead_id: 42,
    paid: true,
    order_id: 7,
    order_status: "paid",
    total: "16.80",
    invoice_number: 3,
  },
});

export const CreateOrderBody = z
  .object({
    products: z
      .array(z.union([z.number().int(), z.enum(productCodes)]))
      .openapi({ description: "Product ids or codes (1 or portfolio_report, 2 or single_pdf)." }),
    lead_id: z.number().int().min(1),
    total_locations: z
      .number()
      .int()
      .min(0)
      .optional()
      .openapi({ description: "Accepted and ignored: the lead knows its count." }),
    valid_locations: z.number().int().min(0).optional().openapi({ description: "Accepted and ignored." }),
    idempotency_key: z.string().optional(),
  })
  .openapi("CreateOrderBody", { example: { products: ["portfolio_report"], lead_id: 42 } });

export const CreateOrderResponse = obj({
  status: ok,
  order_id: z.number().int(),
  lead_id: z.number().int(),
  total_locations: z.number().int(),
  valid_locations: z.number().int(),
  cost: obj({ SUBTOTAL: z.string(), "TAX RATE": z.number(), VAT: z.string(), TOTAL: z.string() }),
  products: z.array(
    obj({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      price: z.string(),
      total: z.string(),
    }),
  ),
}).openapi("CreateOrderResponse", {
  example: {
    status: "ok",
    order_id: 7,
    lead_id: 42,
    total_locations: 19,
    valid_locations: 17,
    cost: { SUBTOTAL: "238.00", "TAX RATE": 20, VAT: "47.60", TOTAL: "285.60" },
    products: [
      {
        id: 1,
        code: "portfolio_report",
        name: "Portfolio climate risk report (per location)",
        quantity: 17,
        price: "14.00",
        total: "238.00",
      },
    ],
  },
});

const PackageItem = obj({ id: z.number().int(), price: z.string(), get_name: z.string(), is_custom: z.boolean() });
export const PackageRegisterResponse = obj({
  status: ok,
  Country: z.array(PackageItem),
  Region: z.array(PackageItem),
  Granular: z.array(PackageItem),
}).openapi("PackageRegisterResponse", {
  example: {
    status: "ok",
    Country: [
      { id: 0, price: "0.00", get_name: "Select a package", is_custom: false },
      { id: 101, price: "150.00", get_name: "1 country", is_custom: false },
    ],
    Region: [{ id: 0, price: "0.00", get_name: "Select a package", is_custom: false }],
    Granular: [{ id: 0, price: "0.00", get_name: "Select a package", is_custom: false }],
  },
});

export const BuyProductsBody = z
  .object({
    type: z
      .union([z.literal(1), z.literal(2), z.literal(3)])
      .openapi({ description: "1 country, 2 region, 3 hexagon." }),
    amount: z.number().int().min(1),
    idempotency_key: z.string().optional(),
  })
  .openapi("BuyProductsBody", { example: { type: 1, amount: 2 } });

export const TariffUpgradeBody = z
  .object({
    tariff_id: z.number().int().min(1),
    payment_type: z.string().optional(),
    purchased_packages: z
      .union([
        z.array(z.union([z.number().int(), z.object({ id: z.number().int(), count: z.number().int().optional() })])),
        z.record(z.object({ id: z.number().int(), count: z.number().int().optional() })),
      ])
      .optional(),
    idempotency_key: z.string().optional(),
  })
  .openapi("TariffUpgradeBody", { example: { tariff_id: 2, payment_type: "card", purchased_packages: [{ id: 101 }] } });

export const WebhookResponse = obj({ received: z.literal(true) }).openapi("WebhookResponse", {
  example: { received: true },
});
