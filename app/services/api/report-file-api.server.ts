/** GET /api/v1/reports/{id}/file?format=pdf|xlsx: a bought report's file, streamed from the file store, with a key or a session. */
import { z } from "zod";
import { rateLimitHeaders } from "~/domain/api/keys/api-limits";
import { REPORT_FILE_FORMATS } from "~/domain/api/report-files";
import { API_RESPONSE_HEADERS, parseQuery } from "./api-response.server";
import { rateLimitStateOf, requireApiCaller } from "./keys/api-auth.server";
import { reportFileResponse } from "../reports/files.server";
import { orderReportFile } from "../reports/order-files.server";

const query = z.object({ format: z.enum(REPORT_FILE_FORMATS, { message: `format must be one of ${REPORT_FILE_FORMATS.join(", ")}` }) });

export async function reportFileLoader({ request, params }: { request: Request; params: { id?: string } }): Promise<Response> {
  const caller = await requireApiCaller(request);
  const { format } = parseQuery(query, request);
  const response = await reportFileResponse(await orderReportFile(caller.user.id, Number(params.id), format));
  const rate = rateLimitStateOf(request);
  for (const [name, value] of Object.entries({ ...API_RESPONSE_HEADERS, ...(rate ? rateLimitHeaders(rate) : {}) })) response.headers.set(name, value);
  return response;
}
