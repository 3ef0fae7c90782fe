/** The multipart side of the upload preview: streams the `file` part into the ingester, small fields into memory. */
import {
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
} from "@remix-run/node";
import { isPlanCode } from "~/domain/plans";
import { UPLOAD_MESSAGES, VISITOR_PREVIEWS_PER_HOUR } from "~/domain/portfolio/limits";
import { accessContextFor, type AccessCaller } from "../entitlements.server";
import { isAppError } from "../errors.server";
import { isLimited, recordEvent } from "../rate-limit.server";
import { UploadRefusedError } from "./errors.server";
import { fileTransfer } from "./purchase.server";
import { findUpload, ingestUpload, type PreviewResult } from "./uploads.server";

/** The multipart parser's own failures (no boundary, cut-short body, stray boundary) are the client's: a 400. */
async function readMultipart(...args: Parameters<typeof parseMultipartFormData>): Promise<FormData> {
  try {
    return await parseMultipartFormData(...args);
  } catch (error) {
    if (isAppError(error) || error instanceof Response) throw error;
    throw new UploadRefusedError(UPLOAD_MESSAGES.malformed, 400);
  }
}

/** A file part whose body breaks off mid-stream is refused the same way, whichever reader is consuming it. */
async function* guardPart(data: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of data) yield chunk;
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new UploadRefusedError(UPLOAD_MESSAGES.malformed, 400);
  }
}

/** Every visitor preview is stored and assessed: a client without an account gets a few an hour. */
async function limitVisitorPreviews(clientAddress: string) {
  const key = `upload-preview:${clientAddress}`;
  if (await isLimited(key, VISITOR_PREVIEWS_PER_HOUR, 60)) {
    throw new UploadRefusedError(UPLOAD_MESSAGES.tooManyVisitorPreviews(VISITOR_PREVIEWS_PER_HOUR), 429);
  }
  await recordEvent(key);
}

/**
 * `clientAddress` keys the visitors' limit (a signed-in caller has none). The preview's figures follow the
 * caller's entitlements: an anonymous caller sees what the point API shows it, never a hexagon's own values.
 */
export async function previewFromMultipart(
  request: Request,
  caller: AccessCaller | null,
  clientAddress = "unknown",
): Promise<{ result: PreviewResult; fields: FormData }> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) throw new UploadRefusedError(UPLOAD_MESSAGES.noFile, 400);
  if (!caller) await limitVisitorPreviews(clientAddress);
  const user = caller?.user ?? null;
  const plan = user && isPlanCode(user.planCode) ? user.planCode : user ? "DISCOVERY" : null;
  const access = await accessContextFor(caller);
  const limits = caller ? access.limits : null;
  let result: PreviewResult | null = null;
  const fields = await readMultipart(
    request,
    composeUploadHandlers(async (part) => {
      if (part.name !== "file") return undefined;
      if (!part.filename) {
        for await (const _ of part.data) void _;
        return undefined;
      }
      if (result) throw new UploadRefusedError("Upload one file at a time", 400);
      result = await ingestUpload({
        fileName: part.filename,
        data: guardPart(part.data),
        owner: { userId: user?.id ?? null, plan },
        planLimits: limits ? { limit_country: limits.country, limit_region: limits.region, limit_hexagon: limits.hexagon } : null,
        access,
      });
      return result.upload_id;
    }, createMemoryUploadHandler({ maxPartSize: 16 * 1024 })),
  );
  if (!result) throw new UploadRefusedError(UPLOAD_MESSAGES.noFile, 400);
  const done: PreviewResult = result;
  // A signed-in user's upload goes straight to a lead (the file transfer), so the answer carries lead_id.
  if (user) done.lead_id = await fileTransfer(await findUpload(done.upload_id, { userId: user.id }), user.id);
  return { result: done, fields };
}
