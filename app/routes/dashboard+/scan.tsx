import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SelectField, SubmitButton } from "~/components/forms/fields";
import { ColumnMappingForm } from "~/components/portfolio/column-mapping";
import { PreviewCharts, PreviewCounts } from "~/components/portfolio/preview-view";
import { ReportView } from "~/components/portfolio/report-view";
import { SamplePreview } from "~/components/portfolio/sample-preview";
import { PortfolioUploadForm } from "~/components/portfolio/upload-form";
import { Card } from "~/components/ui/card";
import { Modal } from "~/components/ui/modal";
import { PageHeader } from "~/components/ui/page-header";
import { UpgradeTariffWarning } from "~/components/ui/upgrade-warning";
import { VALUE_COLUMN_TEXT, VALUE_CURRENCIES } from "~/domain/portfolio/columns/value-column";
import { UPLOAD_MAX_BYTES, VISITOR_MAX_ROWS, formatBytes, PORTFOLIO_MAX_ROWS } from "~/domain/portfolio/limits";
import { pageTitle } from "~/utils/meta";
import { actScanPage, scanPageResponse } from "~/services/portfolio/scan-page.server";

/** Seconds between refreshes while the report job runs (works without JavaScript). */
const REFRESH_SECONDS = 2;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const status = data && "report" in data ? data.report?.status : undefined;
  const running = status === "queued" || status === "running";
  return [
    { title: pageTitle("Portfolio Scan") },
    ...(running ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) } as const] : []),
  ];
};

export async function loader({ request }: LoaderFunctionArgs) {
  return scanPageResponse(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return actScanPage(request);
}

export default function ScanPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const uploading = navigation.state !== "idle" && navigation.formEncType === "multipart/form-data";
  const maxRows = PORTFOLIO_MAX_ROWS[(data.plan as keyof typeof PORTFOLIO_MAX_ROWS) ?? "DISCOVERY"] ?? VISITOR_MAX_ROWS;
  return (
    <div>
      <PageHeader
        title="Portfolio Scan"
        lead="Upload a list of locations (CSV or XLSX with latitude and longitude columns) to screen a whole portfolio at once."
      />
      {data.upgradeWarning ? <UpgradeTariffWarning text={data.upgradeWarning} /> : null}
      <Card title="Upload a portfolio" titleId="upload-title" className="mb-section">
        <PortfolioUploadForm
          hint={`Up to ${formatBytes(UPLOAD_MAX_BYTES)} and ${maxRows.toLocaleString("en")} rows. Semicolon or comma separated, comma or point decimals; your own columns (asset ids, values) are kept.`}
          error={actionData?.uploadError}
          uploading={uploading}
        />
      </Card>

      {data.upload ? null : <SamplePreview />}

      {data.upload && data.preview ? (
        <>
          <PreviewCounts preview={data.preview} />
          <Card title="Columns" titleId="columns-title" className="mb-section">
            <p className="text-sm text-slate-700">
              Check which columns hold each asset&apos;s id, name, value, country and address: the report lists your ids
              and names, checks every point against its country and places rows without coordinates by their address.{" "}
              <Link to={`?upload=${data.upload.id}&step=mapping`} className="underline" data-testid="choose-columns">
                Choose the columns
              </Link>
            </p>
          </Card>
          <Card title="Weighting" titleId="weighting-title" className="mb-section">
            <p className="text-sm text-slate-700">
              Weighted by <strong data-testid="weight-column">{data.upload.weighting.text}</strong>.{" "}
              <Link to={`?upload=${data.upload.id}&step=columns`} className="underline">
                Choose the value or weighting column
              </Link>
            </p>
            <p className="mt-1 text-sm text-slate-700" data-testid="money-basis">
              {data.upload.money
                ? VALUE_COLUMN_TEXT.basis(data.upload.money)
                : data.upload.weighting.column
                  ? VALUE_COLUMN_TEXT.currencyNeeded(data.upload.weighting.column)
                  : VALUE_COLUMN_TEXT.noAmounts}
            </p>
          </Card>
          <PreviewCharts preview={data.preview} report={data.outputs} />
          <ReportView
            uploadId={data.upload.id}
            paid={data.paid}
            order={data.order}
            report={data.report}
            outputs={data.outputs}
            files={data.files}
            reassess={data.reassess}
          />
          {data.step === "mapping" ? (
            <Modal title="Choose the columns" size="lg" closeHref={`/dashboard/scan?upload=${data.upload.id}`}>
              <ColumnMappingForm
                columns={data.upload.columns}
                chosen={data.upload.columnMap}
                lat={data.upload.columns[data.upload.columnMap.lat] ?? ""}
                lon={data.upload.columns[data.upload.columnMap.lon] ?? ""}
                pending={navigation.state !== "idle"}
                hidden={
                  <>
                    <input type="hidden" name="intent" value="columns" />
                    <input type="hidden" name="upload_id" value={data.upload.id} />
                  </>
                }
              />
            </Modal>
          ) : null}
          {data.step === "columns" ? (
            <Modal title="Choose the value or weighting column" closeHref={`/dashboard/scan?upload=${data.upload.id}`}>
              <Form method="post" replace>
                <input type="hidden" name="intent" value="weight" />
                <input type="hidden" name="upload_id" value={data.upload.id} />
                <fieldset>
                  <legend className="mb-2 text-sm text-slate-700">
                    Each location&apos;s share in the weighted results comes from this column. A column of asset values
                    with a currency also gives the amounts at risk in money.
                  </legend>
                  {data.upload.weightedBy.map((c) => (
                    <label key={c.column} className="flex items-center gap-2 py-1">
                      <input
                        type="radio"
                        name="weight_column"
                        value={c.column}
                        defaultChecked={c.column === data.upload!.weightColumn}
                      />
                      {c.label}
                    </label>
                  ))}
                </fieldset>
                <div className="mt-3 max-w-xs">
                  <SelectField
                    id="currency"
                    name="currency"
                    label="Currency of the values"
                    defaultValue={data.upload.valueCurrency ?? ""}
                    options={[
                      { value: "", label: "As the column's name states (else no amounts)" },
                      ...VALUE_CURRENCIES.map((c) => ({ value: c, label: c })),
                    ]}
                  />
                </div>
                <div className="mt-3 w-48">
                  <SubmitButton pending={navigation.state !== "idle"}>Use this column</SubmitButton>
                </div>
              </Form>
            </Modal>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
