/**
 * The content editor's loader and action, with Remix's `json` called here: a page module (ADR 022).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { adminEditPath, CONTENT_MESSAGES, CONTENT_TYPES, isContentType, parsePositiveInt, type ContentForm, type ContentType } from "~/domain/content/content";
import { ERROR_MESSAGES } from "~/domain/forms/errors";
import { requireAdmin } from "~/services/auth/admin.server";
import { adminGetContent, adminTopicOptions, previewMarkdown, saveContent } from "~/services/content/content.server";
import { isAppError } from "~/services/http/errors.server";
import { replyWithServiceError } from "~/services/http/forms/form-errors.server";
import { redirectWithToast } from "~/services/http/forms/toast.server";
import { readFormData } from "~/services/http/forms/form-body.server";

/** `{type}` must be a content type and `{id}` a positive id or `new`. */
function target(params: { type?: string; id?: string }): { type: ContentType; id: number | null } {
  if (!isContentType(params.type)) throw new Response(ERROR_MESSAGES.notFound, { status: 404 });
  if (params.id === "new") return { type: params.type, id: null };
  const id = parsePositiveInt(params.id);
  if (id === null) throw new Response(ERROR_MESSAGES.notFound, { status: 404 });
  return { type: params.type, id };
}

/** New items start as drafts dated today. */
function newDefaults(type: ContentType): Record<string, unknown> {
  const today = new Date().toISOString().slice(0, 10);
  return type === "posts" || type === "news" ? { publishedAt: today, published: false } : { sortOrder: 0, published: false };
}

export async function loadAdminContentEditPage(request: Request, params: LoaderFunctionArgs["params"]) {
  await requireAdmin(request);
  const { type, id } = target(params);
  let values: Record<string, unknown>;
  try {
    values = id === null ? newDefaults(type) : await adminGetContent(type, id);
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response(ERROR_MESSAGES.notFound, { status: 404 });
    throw error;
  }
  const topics = type === "posts" ? await adminTopicOptions() : [];
  const { singular, label } = CONTENT_TYPES[type];
  const heading = id === null ? `New ${singular}` : `Edit ${singular}`;
  return json({ type, id, label, heading, values, topics }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function actAdminContentEditPage(request: Request, params: LoaderFunctionArgs["params"]) {
  await requireAdmin(request);
  const { type, id } = target(params);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: CONTENT_TYPES[type].schema });
  if (formData.get("intent") === "preview") {
    return json({ result: submission.reply(), previewHtml: previewMarkdown(String(formData.get("body") ?? "")) });
  }
  if (submission.status !== "success") return json({ result: submission.reply(), previewHtml: null }, { status: 400 });
  try {
    const savedId = await saveContent(type, id, submission.value as ContentForm[typeof type]);
    return redirectWithToast(adminEditPath(type, savedId), { type: "success", description: CONTENT_MESSAGES.saved });
  } catch (error) {
    const { reply, status, headers } = replyWithServiceError(submission, error);
    return json({ result: reply, previewHtml: null }, { status, headers });
  }
}
