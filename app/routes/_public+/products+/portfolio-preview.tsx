import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PreviewCharts, PreviewCounts } from "~/components/portfolio/preview-view";
import { PortfolioUploadForm } from "~/components/portfolio/upload-form";
import { PageHeader } from "~/components/ui/page-header";
import { ERROR_MESSAGES } from "~/domain/forms/errors";
import {
  formatBytes,
  PORTFOLIO_MAX_ROWS,
  VISITOR_MAX_BYTES,
  VISITOR_MAX_ROWS,
  VISITOR_PREVIEWS_PER_HOUR,
} from "~/domain/portfolio/limits";
import type { RouteHandle } from "~/root";
import { publicCacheHeaders } from "~/services/http/cache-headers.server";
import { requestClientAddress } from "~/services/http/client-address.server";
import { isAppError } from "~/services/http/errors.server";
import { previewFromMultipart, remapVisitorColumns, uploadErrorInit } from "~/services/portfolio/upload/preview.server";
import { readFormData } from "~/services/http/forms/form-body.server";
import { ColumnMappingForm } from "~/components/portfolio/column-mapping";
import { chosenColumns, parseColumnChoices } from "~/domain/portfolio/columns/columns";
import { getSessionUser } from "~/services/auth/session.server";
import { pageTitle } from "~/utils/meta";

/** A plain form and a server-rendered answer: nothing here needs script (visitors may preview a file). */
export const handle: RouteHandle = { hydrate: false };
export const meta: MetaFunction = () => [
  { title: pageTitle("Portfolio preview") },
  {
    name: "description",
    content:
      "Upload a small list of locations and see how many are at risk from each physical climate hazard, free and without an account.",
  },
];

/** The empty form is the same for every visitor: cacheable like the other public pages (a preview answer is not). */
export const loader = ({ request }: LoaderFunctionArgs) => json(null, { headers: publicCacheHeaders(request) });
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  // Signed-in customers have their own, larger scan in the dashboard; here everyone previews as a visitor.
  const signedIn = Boolean(await getSessionUser(request));
  const clientAddress = requestClientAddress(request, context);
  try {
    // The column-mapping step posts a small form naming the upload by its id and the token its preview gave.
    if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
      const form = await readFormData(request);
      const roles = parseColumnChoices(form);
      const uploadId = form.get("upload_id");
      const token = form.get("access_token");
      if (!roles || typeof uploadId !== "string" || typeof token !== "string")
        return json({ preview: null, error: "The form was not complete; try again", signedIn }, { status: 400 });
      const result = await remapVisitorColumns(uploadId, token, roles, clientAddress);
      return json({ preview: result, error: null, signedIn });
    }
    const { result } = await previewFromMultipart(request, null, clientAddress);
    return json({ preview: result, error: null, signedIn });
  } catch (error) {
    if (error instanceof Response) throw error;
    const message = isAppError(error) ? error.message : ERROR_MESSAGES.reportFailed;
    return json({ preview: null, error: message, signedIn }, uploadErrorInit(error));
  }
}

export default function PortfolioPreviewPage() {
  const data = useActionData<typeof action>();
  const uploading = useNavigation().state !== "idle";
  return (
    <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <PageHeader
        title="Portfolio preview"
        lead={`Upload a list of locations — a CSV or XLSX file with latitude and longitude columns — and see, hazard by hazard, how many are at risk. Free, without an account: up to ${VISITOR_MAX_ROWS.toLocaleString("en")} rows and ${formatBytes(VISITOR_MAX_BYTES)}.`}
      />
      <section aria-labelledby="preview-upload" className="mb-8 rounded border border-slate-200 p-4">
        <h2 id="preview-upload" className="mb-2 text-lg font-semibold">
          Your file
        </h2>
        <PortfolioUploadForm
          hint={`Semicolon or comma separated, comma or point decimals; other columns are ignored in the preview. ${VISITOR_PREVIEWS_PER_HOUR} previews an hour.`}
          error={data?.error}
          uploading={uploading}
        />
      </section>
      {data?.preview ? (
        <>
          <PreviewCounts preview={data.preview} />
          <section aria-labelledby="preview-columns" className="mt-8 rounded border border-slate-200 p-4">
            <h2 id="preview-columns" className="mb-2 text-lg font-semibold">
              Choose the columns
            </h2>
            <ColumnMappingForm
              columns={data.preview.columns}
              chosen={chosenColumns(data.preview.columns, data.preview.detected)}
              lat={data.preview.detected.lat}
              lon={data.preview.detected.lon}
              pending={uploading}
              hidden={
                <>
                  <input type="hidden" name="upload_id" value={data.preview.upload_id} />
                  <input type="hidden" name="access_token" value={data.preview.access_token} />
                </>
              }
            />
          </section>
          <PreviewCharts preview={data.preview} />
          <section aria-labelledby="preview-next" className="mt-8 rounded-md bg-brand-50 p-4">
            <h2 id="preview-next" className="text-lg font-semibold">
              The full report
            </h2>
            <p className="mt-1">
              With an account, Portfolio Scan takes up to {PORTFOLIO_MAX_ROWS.PREMIUM.toLocaleString("en")} rows, keeps
              your own columns and asset ids, and builds the full report as PDF and XLSX: every location, hazard,
              scenario and horizon.
            </p>
            <p className="mt-2">
              <Link
                to={data.signedIn ? "/dashboard/scan" : "/dashboard/login?view=signup&redirectTo=%2Fdashboard%2Fscan"}
                className="btn-primary"
              >
                {data.signedIn ? "Open Portfolio Scan" : "Create an account to scan the whole portfolio"}
              </Link>
            </p>
          </section>
        </>
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
