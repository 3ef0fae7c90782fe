/** Unlocking a book at point level: the quote of the hexagons a list of points needs, and its purchase. */
import { BATCH_MAX_LOCATIONS } from "../api/keys/api-limits";
import { UNLOCK_QUOTE_TTL_MS, UNLOCK_QUOTE_TTL_TEXT } from "../commerce/unlock";
import { BatchCode, BatchPoint } from "./batch";
import { ok } from "./common";
import { z, obj } from "./zod";

const hexagonList = (description: string) => z.array(z.string()).openapi({ description });

export const UnlockQuoteRequest = obj({
  locations: z
    .array(z.union([BatchPoint, BatchCode]))
    .min(1)
    .max(BATCH_MAX_LOCATIONS)
    .openapi({
      description: `1 to ${BATCH_MAX_LOCATIONS.toLocaleString("en-GB")} points (lat, lon) or H3 resolution-4 hexagon codes, as the batch takes them: a book of more points is quoted in parts.`,
    }),
}).openapi("UnlockQuoteRequest", {
  example: {
    locations: [
      { id: "policy-1", lat: 51.507, lon: -0.128 },
      { id: "policy-2", lat: 48.857, lon: 2.352 },
      { id: "policy-3", lat: 51.508, lon: -0.126 },
      { id: "hexagon", location_code: "841f903ffffffff" },
      { id: "at-sea", lat: 0, lon: -30 },
    ],
  },
});
export type UnlockQuoteRequest = z.infer<typeof UnlockQuoteRequest>;

const Unplaced = obj({
  index: z.number().int().openapi({ description: "The location's position in the request, from 0." }),
  id: z.string().nullable(),
  code: z.enum([
    "invalid_coordinates",
    "at_sea",
    "not_covered",
    "invalid_location_code",
    "not_a_hexagon",
    "unknown_location",
  ]),
  error: z.string(),
});

const Line = obj({
  package_id: z.number().int().openapi({ description: "The /pricing package (package_register id)." }),
  name: z.string(),
  quantity: z.number().int(),
  hexagons: z.number().int().openapi({ description: "Hexagons the line buys." }),
  unit_price: z.string(),
  total: z.string(),
});

const Cost = obj({ SUBTOTAL: z.string(), "TAX RATE": z.number(), VAT: z.string(), TOTAL: z.string() }).openapi({
  description:
    "Net, VAT rate (percent), VAT and gross in EUR. VAT follows the billing country; without billing info it is 0 here and is worked out when buying.",
});

export const UnlockQuoteResponse = obj({
  status: ok,
  quote_id: z.string().uuid().openapi({ description: "What POST /api/v1/unlock buys." }),
  expires_at: z.string().openapi({ description: `When the quote can no longer be bought (${UNLOCK_QUOTE_TTL_TEXT}).` }),
  valid_for_seconds: z.number().int(),
  locations: z.number().int().openapi({ description: "Locations in the request." }),
  hexagons: hexagonList(
    "The distinct hexagons the locations fall in, points placed as the batch places them (snapped to land off the shore).",
  ),
  owned: hexagonList("Those the account reads already: the batch answers their points at point level now."),
  missing: hexagonList("Those the purchase opens."),
  unplaced: z.array(Unplaced).openapi({ description: "Locations that name no hexagon to unlock, and why." }),
  allowance: obj({
    remaining: z.number().int().openapi({ description: "Hexagons the plan and packages bought may still open." }),
    used: z.number().int().openapi({ description: "Missing hexagons that allowance opens, at no charge." }),
  }),
  to_buy: z.number().int().openapi({ description: "Missing hexagons beyond the allowance: what is charged." }),
  price_per_hexagon: z.string().openapi({ description: "The /pricing price of one hexagon (custom package)." }),
  lines: z.array(Line).openapi({
    description: "The cheapest /pricing packages that buy exactly to_buy hexagons; empty when nothing is charged.",
  }),
  currency: z.literal("EUR"),
  billing_info_filled: z.boolean().openapi({ description: "Buying needs it filled (PUT /api/v1/billing_info)." }),
  cost: Cost,
}).openapi("UnlockQuoteResponse", {
  example: {
    status: "ok",
    quote_id: "0b6f3c1e-5d2a-4e8b-9c7d-1a2b3c4d5e6f",
    expires_at: "2026-11-29T14:30:00.000Z",
    valid_for_seconds: UNLOCK_QUOTE_TTL_MS / 1000,
    locations: 5,
    hexagons: ["84194adffffffff", "841fb47ffffffff", "841f903ffffffff"],
    owned: ["84194adffffffff"],
    missing: ["841fb47ffffffff", "841f903ffffffff"],
    unplaced: [{ index: 4, id: "at-sea", code: "at_sea", error: "The point is at sea (more than 10 km from land)" }],
    allowance: { remaining: 0, used: 0 },
    to_buy: 2,
    price_per_hexagon: "9.00",
    lines: [
      {
        package_id: 303,
        name: "Custom number of hexagons",
        quantity: 2,
        hexagons: 2,
        unit_price: "9.00",
        total: "18.00",
      },
    ],
    currency: "EUR",
    billing_info_filled: true,
    cost: { SUBTOTAL: "18.00", "TAX RATE": 20, VAT: "3.60", TOTAL: "21.60" },
  },
});

export const UnlockRequest = z
  .object({
    quote_id: z.string().uuid().openapi({ description: "From POST /api/v1/unlock/quote, within its expires_at." }),
    idempotency_key: z.string().optional(),
  })
  .openapi("UnlockRequest", { example: { quote_id: "0b6f3c1e-5d2a-4e8b-9c7d-1a2b3c4d5e6f" } });

export const UnlockResponse = obj({
  status: z.enum(["unlocked", "requires_payment"]).openapi({
    description:
      "unlocked: every missing hexagon is the account's now (the batch answers its points at point level); requires_payment: they open once the order is paid at checkout_url.",
  }),
  quote_id: z.string().uuid(),
  hexagons: hexagonList("The hexagons this purchase opens."),
  allowance_used: z.number().int(),
  bought: z.number().int().openapi({ description: "Hexagons paid for by the order." }),
  order_id: z.number().int().nullable().openapi({ description: "null when the allowance opened every hexagon." }),
  total: z.string(),
  invoice_number: z.number().int().nullable(),
  checkout_url: z.string().nullable().openapi({ description: "Where to pay (Stripe Checkout); null once paid." }),
  test_payment: z.boolean(),
}).openapi("UnlockResponse", {
  example: {
    status: "unlocked",
    quote_id: "0b6f3c1e-5d2a-4e8b-9c7d-1a2b3c4d5e6f",
    hexagons: ["841fb47ffffffff", "841f903ffffffff"],
    allowance_used: 0,
    bought: 2,
    order_id: 12,
    total: "21.60",
    invoice_number: 9,
    checkout_url: null,
    test_payment: true,
  },
});
