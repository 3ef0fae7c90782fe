import type { SubmissionResult } from "@conform-to/react";
import { parse, serialize } from "cookie";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { isProduction } from "~/env.server";
import { API_BODY_MESSAGES } from "~/domain/forms/errors";
import { isFormContentType, isJsonType, mediaTypeOf, readFormData, readJsonBody, refuse } from "./form-body.server";

/**
 * When a page form without JavaScript posts to a JSON API route, the route answers with a redirect back to the page.
 * Validation errors travel in this short-lived cookie so the page can show them next to the fields.
 */
export const FORM_FLASH_COOKIE = "form_flash";

const flashSchema = z.object({ form: z.string().max(100), result: z.record(z.unknown()) });
export type FormFlash = { form: string; result: SubmissionResult<string[]> };

function serializeFlash(flash: FormFlash | null) {
  const value = flash ? Buffer.from(JSON.stringify(flash)).toString("base64url") : "";
  return serialize(FORM_FLASH_COOKIE, value, {
    httpOnly: true,
    secure: isProduction(),
    sameSite: "lax",
    path: "/",
    maxAge: flash ? 60 : 0,
  });
}

export function redirectWithFormFlash(url: string, flash: FormFlash, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", serializeFlash(flash));
  return redirect(url, { ...init, headers });
}

/** The flashed form result (if any) and the header that clears it. */
export function readFormFlash(request: Request): { flash: FormFlash | null; headers: HeadersInit | undefined } {
  const raw = parse(request.headers.get("Cookie") ?? "")[FORM_FLASH_COOKIE];
  if (!raw) return { flash: null, headers: undefined };
  let flash: FormFlash | null = null;
  try {
    const parsed = flashSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    flash = parsed.success ? (parsed.data as FormFlash) : null;
  } catch {
    flash = null;
  }
  return { flash, headers: { "Set-Cookie": serializeFlash(null) } };
}

/** JSON or form body of a public API call, as plain values. */
/**
 * JSON or form body of a public API call, as plain values. No body at all reads as no values; JSON that does not
 * parse, or is not an object, is a 400 unreadable_body; a body of any other content type is a 415.
 */
export async function readBody(
  request: Request,
): Promise<{ values: Record<string, unknown>; formData: FormData | null }> {
  if (isFormContentType(request)) {
    const formData = await readFormData(request);
    return { values: Object.fromEntries(formData), formData };
  }
  const type = mediaTypeOf(request);
  if (!type || !isJsonType(type)) {
    // A call without a body needs no content type; a body we cannot read is refused rather than read as empty.
    if ((await request.text().catch(() => "")).length === 0) return { values: {}, formData: null };
    return refuse(415, API_BODY_MESSAGES.unsupportedType(type));
  }
  const data = await readJsonBody(request, API_BODY_MESSAGES.unsupportedType);
  if (data === undefined) return { values: {}, formData: null };
  if (typeof data !== "object" || data === null || Array.isArray(data))
    return refuse(400, API_BODY_MESSAGES.notAnObject);
  return { values: data as Record<string, unknown>, formData: null };
}
