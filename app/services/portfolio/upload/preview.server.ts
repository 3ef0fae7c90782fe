/** The multipart side of the upload preview: streams the `file` part into the ingester, small fields into memory. */
import type { AccessContext } from "~/domain/commerce/entitlements";
import { isPlanCode, type PlanCode } from "~/domain/commerce/plans";
import { UPLOAD_MESSAGES, VISITOR_PREVIEWS_PER_HOUR } from "~/domain/portfolio/limits";
import { accessContextFor, type AccessCaller } from "../../commerce/entitlements.server";
import { TooManyRequestsError, isAppError } from "../../http/errors.server";
import { isLimited, recordEvent } from "../../http/rate-limit.server";
import { UploadRefusedError } from "../errors.server";
import { fileTransfer } from "../report/purchase.server";
import { readUploadForm } from "./upload-form.server";
import { takeUploadSlot } from "./upload-slots.server";
import { findUpload, ingestUpload, remapUpload, type PreviewResult } from "./uploads.server";
import type { ColumnRole } from "~/domain/portfolio/columns/columns";

/** A body that breaks off mid-file is refused the same way (a 400), whichever reader is consuming it. */
async function* guardPart<T>(data: AsyncIterable<T>): AsyncGenerator<T> {
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
 * `clientAddress` keys the visitors' limit (a signed-in caller has none). The preview's figures are the same for
 * every caller (the preview rule, domain/portfolio/preview-rule); the caller's plan sets only the row limits.
 */
export async function previewFromMultipart(
  request: Request,
  caller: AccessCaller | null,
  clientAddress = "unknown",
): Promise<{ result: PreviewResult; fields: FormData }> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data"))
    throw new UploadRefusedError(UPLOAD_MESSAGES.noFile, 400);
  const user = caller?.user ?? null;
  // The slot is taken before anything is read or counted: a refused upload costs nothing, not even a visitor preview.
  const release = await takeUploadSlot(user ? `user:${user.id}` : `visitor:${clientAddress}`, request.signal);
  try {
    if (!caller) await limitVisitorPreviews(clientAddress);
    const plan = user && isPlanCode(user.planCode) ? user.planCode : user ? "DISCOVERY" : null;
    const access = await accessContextFor(caller);
    return await readUpload(request, contentType, user, plan, caller ? access.limits : null);
  } finally {
    await release();
  }
}

async function readUpload(
  request: Request,
  contentType: string,
  user: AccessCaller["user"] | null,
  plan: PlanCode | null,
  limits: AccessContext["limits"] | null,
): Promise<{ result: PreviewResult; fields: FormData }> {
  if (!request.body) throw new UploadRefusedError(UPLOAD_MESSAGES.malformed, 400);
  const { fields, file: result } = await readUploadForm(request.body, contentType, (file) =>
    ingestUpload({
      fileName: file.fileName,
      data: guardPart(file.data),
      owner: { userId: user?.id ?? null, plan },
      planLimits: limits
        ? { limit_country: limits.country, limit_region: limits.region, limit_hexagon: limits.hexagon }
        : null,
    }),
  );
  if (result) fields.append("file", result.upload_id);
  if (!result) throw new UploadRefusedError(UPLOAD_MESSAGES.noFile, 400);
  const done: PreviewResult = result;
  // A signed-in user's upload goes straight to a lead (the file transfer), so the answer carries lead_id.
  if (user) done.lead_id = await fileTransfer(await findUpload(done.upload_id, { userId: user.id }), user.id);
  return { result: done, fields };
}

/** Status and headers of a page's answer to a refused upload: a 429 tells the browser when to try again. */
export function uploadErrorInit(error: unknown): ResponseInit {
  const headers: Record<string, string> = {};
  if (error instanceof TooManyRequestsError) headers["Retry-After"] = String(error.retryAfterSeconds);
  return { status: isAppError(error) ? error.status : 500, headers };
}

/**
 * The column-mapping step of a signed-in user: their upload judged again with the columns they chose, as a new
 * upload that goes to a lead like any upload of theirs.
 */
/**
 * The column-mapping step of a visitor's preview: the upload is named by its id and the access token its preview
 * answered with, only a visitor's upload (an account's is remapped from its own scan), and a re-read counts as one of
 * the visitor's previews, under the same upload slot as an upload.
 */
export async function remapVisitorColumns(
  uploadId: string,
  accessToken: string,
  roles: Partial<Record<ColumnRole, number | null>>,
  clientAddress = "unknown",
): Promise<PreviewResult> {
  const upload = await findUpload(uploadId, { accessToken });
  if (upload.userId !== null)
    throw new UploadRefusedError("This upload belongs to an account: choose its columns in Portfolio Scan", 403);
  const release = await takeUploadSlot(`visitor:${clientAddress}`);
  try {
    await limitVisitorPreviews(clientAddress);
    return await remapUpload(upload, roles, { userId: null, plan: null });
  } finally {
    await release();
  }
}

export async function remapColumns(
  uploadId: string,
  roles: Partial<Record<ColumnRole, number | null>>,
  caller: AccessCaller,
): Promise<PreviewResult> {
  const user = caller.user;
  const upload = await findUpload(uploadId, { userId: user.id });
  const plan = isPlanCode(user.planCode) ? user.planCode : "DISCOVERY";
  const release = await takeUploadSlot(`user:${user.id}`);
  try {
    const result = await remapUpload(upload, roles, { userId: user.id, plan });
    result.lead_id = await fileTransfer(await findUpload(result.upload_id, { userId: user.id }), user.id);
    return result;
  } finally {
    await release();
  }
}
