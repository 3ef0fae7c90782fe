/** The multipart side of the upload preview: streams the `file` part into the ingester, small fields into memory. */
import {
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
} from "@remix-run/node";
import { isPlanCode } from "~/domain/plans";
import { UPLOAD_MESSAGES } from "~/domain/portfolio/limits";
import { getUserEntitlements } from "../entitlements.server";
import { UploadRefusedError } from "./errors.server";
import { fileTransfer } from "./purchase.server";
import { findUpload, ingestUpload, type PreviewResult } from "./uploads.server";

export interface PreviewCaller {
  id: string;
  planCode: string;
}

export async function previewFromMultipart(
  request: Request,
  caller: PreviewCaller | null,
): Promise<{ result: PreviewResult; fields: FormData }> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) throw new UploadRefusedError(UPLOAD_MESSAGES.noFile, 400);
  const plan = caller && isPlanCode(caller.planCode) ? caller.planCode : caller ? "DISCOVERY" : null;
  const limits = caller ? (await getUserEntitlements(caller)).remaining : null;
  let result: PreviewResult | null = null;
  const fields = await parseMultipartFormData(
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
        data: part.data,
        owner: { userId: caller?.id ?? null, plan },
        planLimits: limits ? { limit_country: limits.country, limit_region: limits.region, limit_hexagon: limits.hexagon } : null,
      });
      return result.upload_id;
    }, createMemoryUploadHandler({ maxPartSize: 16 * 1024 })),
  );
  if (!result) throw new UploadRefusedError(UPLOAD_MESSAGES.noFile, 400);
  const done: PreviewResult = result;
  // A signed-in user's upload goes straight to a lead (the file transfer), so the answer carries lead_id.
  if (caller) done.lead_id = await fileTransfer(await findUpload(done.upload_id, { userId: caller.id }), caller.id);
  return { result: done, fields };
}
