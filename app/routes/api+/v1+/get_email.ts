import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs } from "@remix-run/node";
import { withoutParams } from "~/components/ui/modal";
import { safeRedirectPath } from "~/domain/auth/auth";
import { DOCUMENT_MESSAGES, DocumentRequestSchema, MailCollectSchema } from "~/domain/content/documents";
import { HONEYPOT_FIELD, REDIRECT_FIELD } from "~/domain/content/forms/public-forms";
import { DOCUMENT_QUERY_PARAM } from "~/domain/content/site";
import { DocumentsListResponse } from "~/domain/api-contract/account";
import { SuccessResponse } from "~/domain/api-contract/content";
import { apiAnswer, apiError, apiJson, apiRoute, parseBody } from "~/services/api/api-response.server";
import {
  documentsSentCookie,
  listDocuments,
  requestDocument,
  requireDocument,
} from "~/services/content/documents/documents.server";
import { isAppError } from "~/services/http/errors.server";
import { readBody, redirectWithFormFlash } from "~/services/http/forms/form-flash.server";
import { logger } from "~/services/infra/logger.server";
import { requestClientAddress } from "~/services/http/client-address.server";
import { redirectWithToast } from "~/services/http/forms/toast.server";
import { API_ERROR_MARK } from "~/domain/forms/errors";

/** GET /api/v1/get_email: the documents that can be requested (documentation item name, id). */
function routeLoader() {
  return apiAnswer(
    DocumentsListResponse,
    { results: listDocuments() },
    { headers: { "Cache-Control": "public, max-age=300" } },
  );
}

/** POST /api/v1/get_email?document_id=ID {email}: e-mails the document as a PDF; answers {status: 'success'}. */
async function routeAction({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return apiJson(
      { ...API_ERROR_MARK, error: "Method not allowed" },
      { status: 405, headers: { Allow: "GET, POST" } },
    );
  const documentId = new URL(request.url).searchParams.get("document_id");
  const { values, formData } = await readBody(request);
  const back = values[REDIRECT_FIELD];
  if (formData && typeof back === "string")
    return pageFormAction(
      request,
      requestClientAddress(request, context),
      formData,
      documentId,
      safeRedirectPath(back, "/"),
    );
  try {
    const document = requireDocument(documentId);
    const data = parseBody(DocumentRequestSchema, values);
    const ip = requestClientAddress(request, context);
    await requestDocument({ documentId: document.id, email: data.email, ip, honeypot: values[HONEYPOT_FIELD] });
    return apiAnswer(
      SuccessResponse,
      { status: "success" },
      { headers: { "Set-Cookie": documentsSentCookie(request, document.id, data.email) } },
    );
  } catch (error) {
    return apiError(error);
  }
}

/** The modal's form without JavaScript: success closes the modal with a toast; errors go back into it. */
async function pageFormAction(
  request: Request,
  ip: string,
  formData: FormData,
  documentId: string | null,
  back: string,
) {
  const submission = parseWithZod(formData, { schema: MailCollectSchema });
  const form = `document:${documentId ?? ""}`;
  if (submission.status !== "success") return redirectWithFormFlash(back, { form, result: submission.reply() });
  try {
    const document = requireDocument(documentId);
    await requestDocument({
      documentId: document.id,
      email: submission.value.email,
      ip,
      honeypot: formData.get(HONEYPOT_FIELD),
    });
    return redirectWithToast(
      withoutParams(back, DOCUMENT_QUERY_PARAM, "resend"),
      { type: "success", description: DOCUMENT_MESSAGES.sent },
      { headers: { "Set-Cookie": documentsSentCookie(request, document.id, submission.value.email) } },
    );
  } catch (error) {
    if (!isAppError(error)) logger.error({ err: error }, "document request failed");
    const message = isAppError(error) ? error.message : DOCUMENT_MESSAGES.tryLater;
    return redirectWithFormFlash(back, { form, result: submission.reply({ formErrors: [message] }) });
  }
}

export const loader = apiRoute(routeLoader);
export const action = apiRoute(routeAction);
