/** The invoice (and its receipt) as a PDF, drawn from the one invoice model in app/domain/commerce/invoicing/invoice.ts. */
import { SITE_NAME } from "~/domain/content/site";
import {
  buyerLines,
  formatIsoDay,
  formatRate,
  lineCells,
  sellerLines,
  servicePeriodText,
  type InvoiceContent,
} from "~/domain/commerce/invoicing/invoice";
import { formatPrice } from "~/domain/commerce/invoicing/money";
import { buildPdf, pdfSafeText } from "../reports/pdf/pdf-toolkit.server";

export interface ReceiptNote {
  paidOn: string;
  provider: string;
}

const COLUMNS = [
  { header: "Description", width: 163, align: "left" },
  { header: "Qty", width: 30, align: "right" },
  { header: "Net", width: 82, align: "right" },
  { header: "VAT rate", width: 45, align: "right" },
  { header: "VAT", width: 82, align: "right" },
  { header: "Gross", width: 81, align: "right" },
] as const;

export function renderInvoicePdf(invoice: InvoiceContent, receipt?: ReceiptNote): Promise<Buffer> {
  const title = `${receipt ? "Receipt" : "Invoice"} ${invoice.number}`;
  const issued = new Date(`${invoice.issuedAt}T00:00:00Z`);
  return buildPdf(
    {
      title,
      subtitle: `Invoice number: ${invoice.number} - Invoice date: ${formatIsoDay(invoice.issuedAt)}`,
      siteName: SITE_NAME,
      date: issued,
    },
    (doc) => {
      const left = doc.page.margins.left;
      const top = doc.y;
      const half = (doc.page.width - left - doc.page.margins.right) / 2 - 8;
      doc.font("Helvetica-Bold").fontSize(10).text("Seller", left, top, { width: half });
      doc.font("Helvetica").fontSize(9);
      for (const line of sellerLines(invoice.seller)) doc.text(pdfSafeText(line), { width: half });
      const sellerBottom = doc.y;
      doc
        .font("Helvetica-Bold")
        .fontSize(10)
        .text("Billed to", left + half + 16, top, { width: half });
      doc.font("Helvetica").fontSize(9);
      for (const line of buyerLines(invoice.buyer))
        doc.text(pdfSafeText(line), left + half + 16, doc.y, { width: half });
      doc.x = left;
      doc.y = Math.max(sellerBottom, doc.y) + 12;
      doc.fontSize(9).text(pdfSafeText(servicePeriodText(invoice.servicePeriod)), left);
      doc.moveDown(0.8);

      // Line items: net, rate, VAT and gross per line.
      const row = (cells: string[], bold = false) => {
        const y = doc.y;
        let x = left;
        let bottom = y;
        doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
        COLUMNS.forEach((c, i) => {
          doc.text(pdfSafeText(cells[i] ?? ""), x, y, { width: c.width - 4, align: c.align });
          bottom = Math.max(bottom, doc.y);
          x += c.width;
        });
        doc.x = left;
        doc.y = bottom + 4;
      };
      row(
        COLUMNS.map((c) => c.header),
        true,
      );
      for (const line of invoice.lines) {
        const cells = lineCells(line, invoice.currency);
        row([line.description, String(line.quantity), cells.net, cells.rate, cells.vat, cells.gross]);
      }
      doc.moveDown(0.6);
      doc.font("Helvetica").fontSize(10);
      doc.text(`Total net: ${formatPrice(invoice.netMinor, invoice.currency)}`, left);
      doc.text(`VAT (${formatRate(invoice.rateBp)}): ${formatPrice(invoice.vatMinor, invoice.currency)}`, left);
      doc
        .font("Helvetica-Bold")
        .text(`Total gross: ${formatPrice(invoice.grossMinor, invoice.currency)}`, left)
        .font("Helvetica");
      if (invoice.vatNote) {
        doc.moveDown(0.6);
        doc.font("Helvetica-Bold").fontSize(9).text(pdfSafeText(invoice.vatNote), left).font("Helvetica");
      }
      if (receipt) {
        doc.moveDown();
        doc
          .fontSize(10)
          .text(
            pdfSafeText(
              `Paid on ${receipt.paidOn} via ${receipt.provider === "test" ? "test payment (no money charged)" : receipt.provider}`,
            ),
            left,
          );
      }
    },
  );
}
