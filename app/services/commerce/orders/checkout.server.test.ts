/**
 * A checkout as a finance team reads it: the purchase records the buyer's terms acceptance with its order, and
 * queues one confirmation e-mail whose attached invoice PDF names every field an EU VAT invoice needs.
 */
import { eq } from "drizzle-orm";
import { createUser } from "#db/factories";
import { invoices, mailOutbox, orders, termsConsents } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { COMMERCE_MESSAGES } from "~/domain/commerce/messages";
import { TERMS_VERSION } from "~/domain/commerce/orders";
import { DEMO_SELLER, REVERSE_CHARGE_TEXT, invoiceNumberText } from "~/domain/commerce/invoicing/invoice";
import { pdfText } from "../../../../tests/support/pdf-text";
import { saveBillingInfo } from "../billing.server";
import { documentPdf } from "../documents.server";
import { purchasePackages } from "./orders.server";

const getDb = setupTestDatabase();

const billing = (country: string, vat: string) => ({
  appeal: "Ms",
  email: "finance@acme.example",
  first_name: "Ana",
  last_name: "Lopez",
  phone: "+49 30 1234 5678",
  company: {
    name: "Acme Analytics GmbH",
    country,
    zip: "10115",
    city: "Berlin",
    street: "Invalidenstrasse 1",
    vat_number: vat,
  },
});

async function mailOf(to: string) {
  return getDb().select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

describe("checkout", () => {
  it("records the terms acceptance with the order and mails one invoice PDF holding every invoice field", async () => {
    const user = (await createUser(getDb()))!;
    await saveBillingInfo(user.id, billing("DE", "DE123456789"));
    const input = {
      userId: user.id,
      currentPlan: "DISCOVERY",
      planCode: "PREMIUM" as const,
      packages: [{ id: 301 }],
      idempotencyKey: "checkout-key-0001",
      acceptedTerms: TERMS_VERSION,
    };
    const result = await purchasePackages(input);
    expect(result.status).toBe("paid");
    // A retried request replays the answer: still one order, one acceptance, one e-mail.
    expect(await purchasePackages(input)).toEqual(result);

    const [order] = await getDb().select().from(orders).where(eq(orders.userId, user.id));
    const consents = await getDb().select().from(termsConsents).where(eq(termsConsents.userId, user.id));
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ accepted: true, version: TERMS_VERSION, orderId: order!.id });
    expect(consents[0]!.createdAt).toBeInstanceOf(Date);

    const mails = await mailOf("finance@acme.example");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.kind).toBe("purchase");
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: "invoice-INV-000001.pdf", contentType: "application/pdf" });
    const text = (await pdfText(Buffer.from(mail.attachments[0]!.contentBase64, "base64"))).replace(/\s+/g, " ");
    const paid = order!.paidAt!;
    const day = (d: Date) =>
      `${String(d.getUTCDate()).padStart(2, "0")}.${String(d.getUTCMonth() + 1).padStart(2, "0")}.${d.getUTCFullYear()}`;
    const end = new Date(paid);
    end.setUTCFullYear(end.getUTCFullYear() + 1);
    end.setUTCDate(end.getUTCDate() - 1);
    for (const field of [
      // Seller from configuration (the demo seller here), buyer from billing info.
      DEMO_SELLER.name,
      "1 Demo Street",
      `VAT ID: ${DEMO_SELLER.vatId}`,
      "Acme Analytics GmbH",
      "Invalidenstrasse 1",
      "10115 Berlin",
      "Country: Germany (DE)",
      "VAT number: DE123456789",
      // Sequential number and date.
      "Invoice number: INV-000001",
      `Invoice date: ${day(paid)}`,
      // Lines with net, rate, VAT and gross: reverse charge, so 0 % and no VAT.
      "Plan PREMIUM (12 months) 1 990.00 EUR 0 % 0.00 EUR 990.00 EUR",
      "10 hexagons 1 90.00 EUR 0 % 0.00 EUR 90.00 EUR",
      "Total net: 1 080.00 EUR",
      "Total gross: 1 080.00 EUR",
      REVERSE_CHARGE_TEXT,
      `Service period: ${day(paid)} - ${day(end)}`,
    ]) {
      expect(text).toContain(field);
    }
    expect(mail.text).toContain("Total gross: 1 080.00 EUR");
    expect(mail.text).toContain(COMMERCE_MESSAGES.testPayment);
    // The account's download is the same invoice.
    const download = await documentPdf(user.id, result.invoice_number!, "invoice");
    expect((await pdfText(download.content)).replace(/\s+/g, " ")).toContain("VAT number: DE123456789");
  });

  it("keeps the invoice as issued when billing info changes later; a French buyer pays French VAT", async () => {
    const user = (await createUser(getDb()))!;
    await saveBillingInfo(user.id, { ...billing("FR", "FR12345678901"), email: "compta@exemple.fr" });
    const result = await purchasePackages({
      userId: user.id,
      currentPlan: "DISCOVERY",
      packages: [{ id: 101 }],
      idempotencyKey: "checkout-key-0002",
      acceptedTerms: TERMS_VERSION,
    });
    await saveBillingInfo(user.id, {
      ...billing("FR", "FR12345678901"),
      company: { ...billing("FR", "").company, name: "Renamed SA", country: "FR" },
    });
    const [invoice] = await getDb().select().from(invoices).where(eq(invoices.number, result.invoice_number!));
    expect(invoice!.buyer?.company.name).toBe("Acme Analytics GmbH");
    const text = (await pdfText((await documentPdf(user.id, result.invoice_number!, "invoice")).content)).replace(
      /\s+/g,
      " ",
    );
    expect(text).toContain("Acme Analytics GmbH");
    expect(text).not.toContain("Renamed SA");
    const [order] = await getDb().select().from(orders).where(eq(orders.userId, user.id));
    const day = (d: Date) =>
      `${String(d.getUTCDate()).padStart(2, "0")}.${String(d.getUTCMonth() + 1).padStart(2, "0")}.${d.getUTCFullYear()}`;
    // Every field of a domestic invoice: French VAT at 20 %, no exemption wording, the day of delivery.
    for (const field of [
      DEMO_SELLER.name,
      "1 Demo Street",
      `VAT ID: ${DEMO_SELLER.vatId}`,
      "Invalidenstrasse 1",
      "10115 Berlin",
      "Country: France (FR)",
      "VAT number: FR12345678901",
      `Invoice number: ${invoiceNumberText(result.invoice_number!)}`,
      `Invoice date: ${day(order!.paidAt!)}`,
      "1 country 1 150.00 EUR 20 % 30.00 EUR 180.00 EUR",
      "Total net: 150.00 EUR",
      "Total gross: 180.00 EUR",
      `Date of delivery: ${day(order!.paidAt!)}`,
    ]) {
      expect(text).toContain(field);
    }
    expect(text).not.toContain("Reverse charge");
    expect(text).not.toContain("VAT not applicable");
    expect(await mailOf("compta@exemple.fr")).toHaveLength(1);

    // The next invoice takes the next number.
    const second = await purchasePackages({
      userId: user.id,
      currentPlan: "DISCOVERY",
      packages: [{ id: 101 }],
      idempotencyKey: "checkout-key-0004",
      acceptedTerms: TERMS_VERSION,
    });
    expect(second.invoice_number).toBe(result.invoice_number! + 1);
  });

  it("refuses terms of another version and records nothing", async () => {
    const user = (await createUser(getDb()))!;
    await saveBillingInfo(user.id, billing("DE", ""));
    await expect(
      purchasePackages({
        userId: user.id,
        currentPlan: "DISCOVERY",
        packages: [{ id: 101 }],
        idempotencyKey: "checkout-key-0003",
        acceptedTerms: "1999-01",
      }),
    ).rejects.toThrow(COMMERCE_MESSAGES.termsChanged);
    expect(await getDb().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    expect(await getDb().select().from(termsConsents).where(eq(termsConsents.userId, user.id))).toHaveLength(0);
    expect(await mailOf("finance@acme.example")).toHaveLength(0);
  });
});
