/** Response handlers of the Portfolio upload API calls: the five /api/riskdb/upload/* blocks. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMethodNotAllowed } from "./api-fallback.server";
import { ReportBlockResponses, ReportRunningResponse } from "~/domain/api-contract/upload";
import { apiAnswer, apiError } from "./api-response.server";
import { requireApiCaller } from "./keys/api-auth.server";
import { readBody } from "../http/forms/form-flash.server";
import { reportBlock, resolveUpload, type ReportBlock } from "../portfolio/report-requests.server";

export function reportBlockLoader({ request }: { request: Request }) {
  return apiMethodNotAllowed(request, ["POST"]);
}

/** POST with upload_id (form, JSON or query; the latest upload when absent): the block, or 202 while the job runs. */
export async function reportBlockAction({ request }: ActionFunctionArgs, block: ReportBlock) {
  if (request.method !== "POST") return apiMethodNotAllowed(request, ["POST"]);
  try {
    const caller = await requireApiCaller(request);
    const query = new URL(request.url).searchParams;
    const { values } = await readBody(request);
    for (const [k, v] of Object.entries(values)) if (typeof v === "string" && !query.has(k)) query.set(k, v);
    const upload = await resolveUpload(query, caller.user.id);
    const answer = await reportBlock(upload, caller.user.id, block);
    return answer.status === 202
      ? apiAnswer(ReportRunningResponse, answer.body, 202)
      : apiAnswer(ReportBlockResponses[block], answer.body, 200);
  } catch (error) {
    return apiError(error);
  }
}
