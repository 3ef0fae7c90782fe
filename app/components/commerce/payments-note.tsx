import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import type { PaymentsMode } from "~/domain/commerce/orders";

/**
 * Says when purchases are test payments (no money moves) or not possible at all on this server. A page that sells
 * shows it as a banner at its top; a form among others (buying credits on the account page) as a line beneath it.
 */
export function PaymentsNote({ payments, banner = false }: { payments: PaymentsMode; banner?: boolean }) {
  if (payments === "test") {
    return banner ? (
      <p role="note" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
        <strong>Test payments.</strong> {COMMERCE_MESSAGES.testPayment}
      </p>
    ) : (
      <p role="note" className="w-full text-xs text-amber-800">
        {COMMERCE_MESSAGES.testPayment}
      </p>
    );
  }
  if (payments === "off") {
    return (
      <p
        role="note"
        className={
          banner ? "mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-900" : "w-full text-xs text-red-800"
        }
      >
        {COMMERCE_MESSAGES.paymentsNotConfigured}
      </p>
    );
  }
  return null;
}
