/**
 * Reading a form body: anything but a form content type is a 415, a body that does not parse (malformed
 * multipart, broken encoding) a 400, each with a clear message, never a 500. Thrown as Responses, so a page shows
 * its error boundary and an API client gets `{ error }`.
 */
import { json } from "@remix-run/node";
import type { ApiErrorCode } from "~/domain/api/api-errors";
import { API_BODY_MESSAGES, API_ERROR_MARK, FORM_BODY_MESSAGES } from "~/domain/forms/errors";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;

export function refuse(status: 400 | 415, message: string): never {
  const code: ApiErrorCode = status === 415 ? "unsupported_media_type" : "unreadable_body";
  throw json(
    { ...API_ERROR_MARK, error: message, code, message },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

/** The media type of the body, lower case, without its parameters ("" when none is sent). */
export function mediaTypeOf(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

export function isFormContentType(request: Request): boolean {
  return (FORM_TYPES as readonly string[]).includes(mediaTypeOf(request));
}

export const isJsonType = (type: string) => type === "application/json" || type.endsWith("+json");

/**
 * A JSON body's value: an empty body is `undefined` (a call without a body may still send the JSON content type);
 * text that does not parse is a 400 unreadable_body saying where, any other content type a 415.
 */
export async function readJsonBody(request: Request, unsupported: (type: string) => string): Promise<unknown> {
  const type = mediaTypeOf(request);
  if (!isJsonType(type)) refuse(415, unsupported(type));
  const text = await request
    .text()
    .catch(() => refuse(400, API_BODY_MESSAGES.malformedJson("the body could not be read")));
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return refuse(400, API_BODY_MESSAGES.malformedJson(error instanceof Error ? error.message : "it does not parse"));
  }
}

export async function readFormData(request: Request): Promise<FormData> {
  if (!isFormContentType(request)) refuse(415, FORM_BODY_MESSAGES.unsupportedType);
  try {
    return await request.formData();
  } catch {
    return refuse(400, FORM_BODY_MESSAGES.malformed);
  }
}
