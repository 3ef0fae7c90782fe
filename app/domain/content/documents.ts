/** Documents that visitors can request by e-mail. Pure: shared by the modal, the API and the PDFs. */
import { z } from "zod";
import type { DocumentKind } from "./site";
import { field } from "../forms/validation";

export interface DocumentInfo {
  id: DocumentKind;
  /** Name in the documentation list (`GET /api/v1/get_email`) and in e-mails. */
  name: string;
  /** How the modal names it: "You will receive the {modalName} by email." */
  modalName: string;
  filename: string;
}

export const DOCUMENTS: readonly DocumentInfo[] = [
  { id: "methodology", name: "Methodology", modalName: "Methodology", filename: "methodology.pdf" },
  {
    id: "technical-documentation",
    name: "Technical documentation",
    modalName: "Technical Documentation",
    filename: "technical-documentation.pdf",
  },
  { id: "pricing", name: "Pricing list", modalName: "detailed Pricing List", filename: "pricing-list.pdf" },
];

export function findDocument(id: unknown): DocumentInfo | undefined {
  return typeof id === "string" ? DOCUMENTS.find((d) => d.id === id) : undefined;
}

export const DOCUMENT_MESSAGES = {
  sent: "Document sent",
  typeError: "Type error. Try later",
  tryLater: "Please try later",
  unknownDocument: (id: string) => `Unknown document "${id}". Ask GET /api/v1/get_email for the list of documents.`,
  missingDocument: "document_id is required: add ?document_id= with an id from GET /api/v1/get_email.",
  methodologyUnavailable: "The methodology document is not yet available. Please try later.",
} as const;

/** The modal's text, for the document that applies. */
export function mailCollectText(document: DocumentInfo) {
  return `Please enter your email. You will receive the ${document.modalName} by email.`;
}

/** Body of `POST /api/v1/get_email?document_id=ID`. */
export const DocumentRequestSchema = z.object({ email: field.email() });

/** The modal form: the API body plus the terms checkbox, which must be ticked. */
export const MailCollectSchema = DocumentRequestSchema.extend({ terms: field.checkbox() });

/** How the modal turns an API answer into a message. */
export function documentResultMessage(ok: boolean, body: unknown): { success: boolean; message: string } {
  const data = (typeof body === "object" && body !== null ? body : {}) as { status?: unknown; error?: unknown };
  if (ok) {
    return data.status === "success"
      ? { success: true, message: DOCUMENT_MESSAGES.sent }
      : { success: false, message: DOCUMENT_MESSAGES.typeError };
  }
  return { success: false, message: typeof data.error === "string" && data.error ? data.error : DOCUMENT_MESSAGES.tryLater };
}

/** Cookie that remembers which documents were sent to which address, so the modal opens as "resend". */
export const DOCUMENTS_SENT_COOKIE = "documents_sent";
export const DOCUMENTS_SENT_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

export type DocumentsSent = Partial<Record<DocumentKind, string>>;

export function parseDocumentsSent(raw: string | undefined | null): DocumentsSent {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== "object" || value === null) return {};
    const out: DocumentsSent = {};
    for (const doc of DOCUMENTS) {
      const email = (value as Record<string, unknown>)[doc.id];
      if (typeof email === "string" && DocumentRequestSchema.safeParse({ email }).success) out[doc.id] = email;
    }
    return out;
  } catch {
    return {};
  }
}
