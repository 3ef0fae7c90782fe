/**
 * Reading a form body: anything but a form content type is a 415, a body that does not parse (malformed
 * multipart, broken encoding) a 400, each with a clear message, never a 500. Thrown as Responses, so a page shows
 * its error boundary and an API client gets `{ error }`.
 */
import { json } from "@remix-run/node";
import type { ApiErrorCode } from "~/domain/api/api-errors";
import { API_ERROR_MARK, FORM_BODY_MESSAGES } from "~/domain/forms/errors";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;

function refuse(status: 400 | 415, message: string): never {
  const code: ApiErrorCode = status === 415 ? "unsupported_media_type" : "unreadable_body";
  throw json({ ...API_ERROR_MARK, error: message, code, message }, { status, headers: { "Cache-Control": "no-store" } });
}

export function isFormContentType(request: Request): boolean {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  return (FORM_TYPES as readonly string[]).includes(type);
}

export async function readFormData(request: Request): Promise<FormData> {
  if (!isFormContentType(request)) refuse(415, FORM_BODY_MESSAGES.unsupportedType);
  try {
    return await request.formData();
  } catch {
    return refuse(400, FORM_BODY_MESSAGES.malformed);
  }
}
