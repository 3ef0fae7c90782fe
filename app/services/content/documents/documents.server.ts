import { asc } from "drizzle-orm";
import { documentRequests, plans, type Plan } from "#db/schema/index";
import { parse as parseCookie, serialize as serializeCookie } from "cookie";
import {
  DOCUMENT_MESSAGES,
  DOCUMENTS,
  DOCUMENTS_SENT_COOKIE,
  DOCUMENTS_SENT_MAX_AGE_SECONDS,
  findDocument,
  parseDocumentsSent,
  type DocumentInfo,
  type DocumentsSent,
} from "~/domain/content/documents";
import { formatPrice } from "~/domain/commerce/invoicing/money";
import { HONEYPOT_FIELD } from "~/domain/content/forms/public-forms";
import { SITE_NAME, type DocumentKind } from "~/domain/content/site";
import { getEnv, isProduction } from "~/env.server";
import { getDb } from "../../infra/db.server";
import { AppError, BadRequestError, NotFoundError } from "../../http/errors.server";
import { sendMail, type MailAttachment } from "../../mail/mail.server";
import { getPage } from "../pages.server";
import { buildPdf, pdfSafeText, renderMarkdownIntoPdf } from "../../reports/pdf/pdf-toolkit.server";
import { guardPublicForm, isHoneypotFilled } from "../forms/public-forms.server";

export class DocumentUnavailableError extends AppError {
  constructor(message: string) {
    super(message, 503);
  }
}

export function listDocuments() {
  return DOCUMENTS.map((d) => ({ name: d.name, id: d.id }));
}

export function requireDocument(id: string | null | undefined): DocumentInfo {
  if (!id) throw new BadRequestError(DOCUMENT_MESSAGES.missingDocument, "document_id");
  const document = findDocument(id);
  if (!document) throw new NotFoundError(DOCUMENT_MESSAGES.unknownDocument(id));
  return document;
}

interface CachedPdf {
  key: string;
  content: Buffer;
}
const pdfCache = new Map<string, CachedPdf>();

async function cached(id: string, key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const hit = pdfCache.get(id);
  if (hit && hit.key === key) return hit.content;
  const content = await make();
  pdfCache.set(id, { key, content });
  return content;
}

/** The customer methodology is the public /methodology page (content/pages/methodology.md). */
async function methodologyPdf(): Promise<Buffer> {
  let page;
  try {
    page = await getPage("methodology");
  } catch {
    throw new DocumentUnavailableError(DOCUMENT_MESSAGES.methodologyUnavailable);
  }
  return cached("methodology", page.markdown, () =>
    buildPdf({ title: page.title, subtitle: "How every hazard score is made", siteName: SITE_NAME }, (doc) => renderMarkdownIntoPdf(doc, page.markdown)),
  );
}

async function technicalDocumentationPdf(): Promise<Buffer> {
  const page = await getPage("technical-documentation");
  return cached("technical-documentation", page.markdown, () =>
    buildPdf({ title: page.title, subtitle: page.description, siteName: SITE_NAME }, (doc) => renderMarkdownIntoPdf(doc, page.markdown)),
  );
}

/** The price list's body: a table of the plans with prices in the spec's format, then the pricing page text. */
export function pricingMarkdown(rows: Plan[], coverMarkdown: string, today = new Date()): string {
  const table = [
    "| Plan | Price per year | Countries | Regions | Hexagons | API access |",
    "|---|---|---|---|---|---|",
    ...rows.map(
      (p) =>
        `| ${p.name} | ${formatPrice(p.priceMinor, p.currency)} | ${p.limitCountry} | ${p.limitRegion} | ${p.limitHexagon} | ${p.apiAccess ? "yes" : "no"} |`,
    ),
  ].join("\n");
  return [
    "## Current prices",
    `Prices as of ${today.toISOString().slice(0, 10)}, excluding VAT. VAT is added according to the billing country.`,
    table,
    ...rows.map((p) => `**${p.name}.** ${p.description}`),
    coverMarkdown,
  ].join("\n\n");
}

/** The price list is drawn from the plans table at request time, so it always shows current prices. */
async function pricingPdf(): Promise<Buffer> {
  const db = await getDb();
  const rows = await db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.code));
  const cover = await getPage("pricing");
  const markdown = pricingMarkdown(rows, cover.markdown);
  return buildPdf({ title: "Detailed Pricing List", subtitle: cover.description, siteName: SITE_NAME }, (doc) => renderMarkdownIntoPdf(doc, markdown));
}

export async function buildDocument(id: string): Promise<MailAttachment> {
  const document = requireDocument(id);
  const content =
    document.id === "methodology" ? await methodologyPdf() : document.id === "technical-documentation" ? await technicalDocumentationPdf() : await pricingPdf();
  return { filename: document.filename, contentType: "application/pdf", content };
}

/** E-mails the document as a PDF attachment and records the request. Rate-limited per IP. */
export async function requestDocument(input: { documentId: string | null; email: string; ip: string; honeypot?: unknown }) {
  const document = requireDocument(input.documentId);
  if (isHoneypotFilled({ [HONEYPOT_FIELD]: input.honeypot })) return { document, sent: false };
  await guardPublicForm("document", input.ip);
  const attachment = await buildDocument(document.id);
  const origin = getEnv().PUBLIC_URL;
  const text = [
    "Hello,",
    "",
    `As requested, the ${document.name} is attached to this e-mail as a PDF (${attachment.filename}).`,
    "",
    `Questions about it? Reply to this message or write to us from ${origin}/contact.`,
    "",
    `The ${SITE_NAME} team`,
  ].join("\n");
  await sendMail({
    to: input.email,
    subject: `Your ${document.name} from ${SITE_NAME}`,
    kind: "document",
    text: pdfSafeText(text),
    html: `<p>Hello,</p><p>As requested, the <strong>${document.name}</strong> is attached to this e-mail as a PDF (${attachment.filename}).</p><p>Questions about it? Reply to this message or write to us from <a href="${origin}/contact">our contact page</a>.</p><p>The ${SITE_NAME} team</p>`,
    attachments: [attachment],
    replyTo: getEnv().TEAM_MAILBOX,
  });
  const db = await getDb();
  await db.insert(documentRequests).values({ email: input.email, documentId: document.id, ip: input.ip });
  return { document, sent: true };
}

/** Which documents this browser already received (and at which address), for the modal's "resend" view. */
export function readDocumentsSent(request: Request): DocumentsSent {
  return parseDocumentsSent(parseCookie(request.headers.get("Cookie") ?? "")[DOCUMENTS_SENT_COOKIE]);
}

export function documentsSentCookie(request: Request, documentId: DocumentKind, email: string): string {
  const sent = { ...readDocumentsSent(request), [documentId]: email };
  return serializeCookie(DOCUMENTS_SENT_COOKIE, JSON.stringify(sent), {
    httpOnly: true,
    secure: isProduction(),
    sameSite: "lax",
    path: "/",
    maxAge: DOCUMENTS_SENT_MAX_AGE_SECONDS,
  });
}
