/**
 * One payment provider interface. The built-in test provider settles at once (the UI labels it as test payments);
 * the Stripe adapter sends the buyer to Stripe Checkout and settles when a correctly signed webhook arrives.
 */
import Stripe from "stripe";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { type PaymentsMode } from "~/domain/commerce/orders";
import { getEnv, paymentsMode } from "~/env.server";
import { BadRequestError, ServiceUnavailableError } from "../../http/errors.server";

export interface PaymentRequest {
  orderId: number;
  totalMinor: number;
  currency: string;
  description: string;
  customerEmail?: string | null;
  successUrl: string;
  cancelUrl: string;
  /** When an unpaid checkout stops accepting payment: the order's own timeout. */
  expiresAt: Date;
}

export type PaymentStart =
  { status: "paid"; reference: string } | { status: "redirect"; url: string; reference: string };

/** A settled payment reported by the provider (webhook): what was paid, for which order and checkout. */
export interface PaymentEvent {
  eventId: string;
  type: "paid" | "ignored";
  orderId: number | null;
  reference: string | null;
  /** Amount paid in minor units and its currency (upper case); null when the provider did not say. */
  amountMinor: number | null;
  currency: string | null;
}

export interface PaymentProvider {
  name: "test" | "stripe";
  /** True for the built-in provider: no money moves. */
  isTest: boolean;
  start(request: PaymentRequest): Promise<PaymentStart>;
  parseWebhook(payload: string, signature: string | null): PaymentEvent;
}

export const testPaymentProvider: PaymentProvider = {
  name: "test",
  isTest: true,
  async start(request) {
    return { status: "paid", reference: `test_${request.orderId}` };
  },
  parseWebhook() {
    throw new BadRequestError("The test payment provider takes no webhooks");
  },
};

export function stripePaymentProvider(
  secretKey: string,
  webhookSecret: string,
  client = new Stripe(secretKey),
): PaymentProvider {
  return {
    name: "stripe",
    isTest: false,
    async start(request) {
      const session = await client.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: String(request.orderId),
          metadata: { order_id: String(request.orderId) },
          customer_email: request.customerEmail ?? undefined,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.totalMinor,
                product_data: { name: request.description },
              },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        // One Checkout per order: a second attempt (another confirm, a retry after a crash) gets the same session
        // back, so the session the buyer pays is always the one the order records.
        { idempotencyKey: `checkout-order-${request.orderId}` },
      );
      if (!session.url) throw new Error("Stripe Checkout returned no URL");
      return { status: "redirect", url: session.url, reference: session.id };
    },
    parseWebhook(payload, signature) {
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(payload, signature ?? "", webhookSecret);
      } catch {
        throw new BadRequestError("Invalid Stripe webhook signature");
      }
      if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
        const session = event.data.object;
        const paid = {
          amountMinor: session.amount_total ?? null,
          currency: session.currency ? session.currency.toUpperCase() : null,
        };
        if (session.payment_status !== "paid")
          return { eventId: event.id, type: "ignored", orderId: null, reference: session.id, ...paid };
        const orderId = Number(session.metadata?.order_id ?? session.client_reference_id);
        return {
          eventId: event.id,
          type: "paid",
          orderId: Number.isInteger(orderId) ? orderId : null,
          reference: session.id,
          ...paid,
        };
      }
      return { eventId: event.id, type: "ignored", orderId: null, reference: null, amountMinor: null, currency: null };
    },
  };
}

let override: PaymentProvider | undefined;

/** The configured provider (env.server paymentsMode); purchases are refused when payments are off. */
export function getPaymentProvider(): PaymentProvider {
  if (override) return override;
  const mode = paymentsMode();
  if (mode === "off") throw new ServiceUnavailableError(COMMERCE_MESSAGES.paymentsNotConfigured);
  const env = getEnv();
  if (mode === "stripe") return stripePaymentProvider(env.STRIPE_SECRET_KEY!, env.STRIPE_WEBHOOK_SECRET!);
  return testPaymentProvider;
}

/** For pages and answers that label purchases: test payments, real ones, or none possible. */
export function currentPaymentsMode(): PaymentsMode {
  if (override) return override.isTest ? "test" : "stripe";
  return paymentsMode();
}

/** @internal */
export function setPaymentProviderForTesting(provider: PaymentProvider | undefined) {
  override = provider;
}
