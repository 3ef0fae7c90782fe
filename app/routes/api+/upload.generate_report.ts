import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOnlyAction } from "~/services/api/api-fallback.server";
import { GenerateReportResponse } from "~/domain/api-contract/upload";
import { apiAnswer, apiError, apiRoute } from "~/services/api/api-response.server";
import { requireApiCaller } from "~/services/api/keys/api-auth.server";
import { generateReport, resolveUpload } from "~/services/portfolio/report-requests.server";

/** GET /api/upload/generate_report[?upload_id]: starts the paid report's job; answers its progress and report_files. */
async function routeLoader({ request }: LoaderFunctionArgs) {
  try {
    const caller = await requireApiCaller(request);
    const upload = await resolveUpload(new URL(request.url).searchParams, caller.user.id);
    return apiAnswer(GenerateReportResponse, await generateReport(upload, caller.user.id));
  } catch (error) {
    return apiError(error);
  }
}

export const loader = apiRoute(routeLoader);
export const action = apiRoute(getOnlyAction);
