/**
 * The content list's loader and action (publish, unpublish), with Remix's `json` called here: a page module (ADR 022).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { adminListPath, CONTENT_MESSAGES, CONTENT_TYPES, isContentType } from "~/domain/content/content";
import { ERROR_MESSAGES } from "~/domain/forms/errors";
import { requireAdmin } from "~/services/auth/admin.server";
import { adminListContent, setContentPublished } from "~/services/content/content.server";
import { redirectWithToast } from "~/services/http/forms/toast.server";
import { readFormData } from "~/services/http/forms/form-body.server";
import { rethrowAsResponse } from "~/services/http/errors.server";

function contentType(param: string | undefined) {
  if (!isContentType(param)) throw new Response(ERROR_MESSAGES.notFound, { status: 404 });
  return param;
}

export async function loadAdminContentListPage(request: Request, params: LoaderFunctionArgs["params"]) {
  await requireAdmin(request);
  const type = contentType(params.type);
  const rows = await adminListContent(type);
  return json({ type, label: CONTENT_TYPES[type].label, singular: CONTENT_TYPES[type].singular, rows }, { headers: { "Cache-Control": "private, no-store" } });
}

const PublishSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), intent: z.enum(["publish", "unpublish"]) });

export async function actAdminContentListPage(request: Request, params: LoaderFunctionArgs["params"]) {
  await requireAdmin(request);
  const type = contentType(params.type);
  const parsed = PublishSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw new Response("Bad request", { status: 400 });
  const publish = parsed.data.intent === "publish";
  await setContentPublished(type, parsed.data.id, publish).catch(rethrowAsResponse);
  return redirectWithToast(adminListPath(type), { type: "success", description: publish ? CONTENT_MESSAGES.published : CONTENT_MESSAGES.unpublished });
}
