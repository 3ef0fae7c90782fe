import { Form, useNavigation } from "@remix-run/react";
import { SubmitButton, TermsAcceptanceField } from "~/components/forms/fields";
import { DataTable, PhoneRowBlocks, TD, TD_NUMBER, TH, TH_ROW } from "~/components/ui/table";
import { CURRENCY, TERMS_VERSION, reportCostText } from "~/domain/commerce/orders";
import { HAZARDS, isHazardId } from "~/domain/hazards/hazards";
import { WEIGHTING_TEXT } from "~/domain/portfolio/weighting";
import { REASSESS_TEXT, type ReassessDecision } from "~/domain/portfolio/reassessment";
import { FUTURE_PERIOD_IDS, FUTURE_SCENARIO_IDS, HISTORICAL_LABEL, SCENARIOS } from "~/domain/hazards/scenarios";
import type { ReportOutputs } from "~/services/portfolio/report/report.server";

interface Progress {
  status: string;
  processed: number;
  total: number;
  percent: number;
  error?: string | null;
}

interface OrderView {
  order_id: number;
  lead_id: number;
  total_locations: number;
  valid_locations: number;
  cost: { SUBTOTAL: string; "TAX RATE": number; VAT: string; TOTAL: string };
  products: { code: string; name: string; quantity: number; price: string; total: string }[];
}

interface Props {
  uploadId: string;
  paid: boolean;
  order: OrderView | null;
  report: Progress;
  outputs: ReportOutputs | null;
  files: { kind: string; path: string; name: string; bytes: number }[];
  reassess?: ReassessView | null;
}

/** A new assessment of a paid report with the current dataset, as the rule decided it. */
interface ReassessView {
  kind: ReassessDecision["kind"];
  from: string | null;
  to: string;
  message: string;
  /** The order of a new assessment is being shown (the free period has ended). */
  reorder: boolean;
}

export function ReportView({ uploadId, paid, order, report, outputs, files, reassess }: Props) {
  const navigation = useNavigation();
  const running = report.status === "queued" || report.status === "running";
  return (
    <section aria-labelledby="report-title" className="card mb-section">
      <h2 id="report-title" className="mb-2 text-heading">
        Full portfolio report
      </h2>
      {!paid ? (
        <div>
          <p className="text-sm text-slate-700" data-testid="report-needs-purchase">
            The full report (every location with its own id, all hazards, scenarios and horizons, PDF and XLSX) is
            available once this portfolio is purchased.
          </p>
          {order ? (
            <OrderSummary uploadId={uploadId} order={order} pending={navigation.state !== "idle"} />
          ) : (
            <Form method="post" replace className="mt-2 w-56">
              <input type="hidden" name="intent" value="order" />
              <input type="hidden" name="upload_id" value={uploadId} />
              <SubmitButton pending={navigation.state !== "idle"}>Order the full report</SubmitButton>
            </Form>
          )}
        </div>
      ) : report.status === "not_requested" || report.status === "failed" ? (
        <Form method="post" replace>
          <input type="hidden" name="intent" value="report" />
          <input type="hidden" name="upload_id" value={uploadId} />
          {report.status === "failed" ? (
            <p role="alert" className="mb-2 text-sm text-red-800">
              {report.error ?? "Error loading report"}
            </p>
          ) : null}
          <div className="w-56">
            <SubmitButton pending={navigation.state !== "idle"}>Build the full report</SubmitButton>
          </div>
        </Form>
      ) : null}
      {running ? (
        <div>
          <label htmlFor="report-progress" className="text-sm">
            Building the report: {report.processed.toLocaleString("en")} of {report.total.toLocaleString("en")}{" "}
            locations scored ({report.percent}%)
          </label>
          <progress
            id="report-progress"
            className="block h-3 w-full"
            max={100}
            value={report.percent}
            aria-valuetext={`${report.percent}%`}
          >
            {report.percent}%
          </progress>
          <p className="text-xs text-slate-600">This page refreshes by itself until the report is ready.</p>
        </div>
      ) : null}
      {outputs ? <ReportOutputsView outputs={outputs} files={files} /> : null}
      {paid && reassess ? (
        <Reassess uploadId={uploadId} reassess={reassess} order={order} pending={navigation.state !== "idle"} />
      ) : null}
    </section>
  );
}

/** Which dataset the report used and, when it has changed, a new assessment: free within the period, else ordered. */
function Reassess({
  uploadId,
  reassess,
  order,
  pending,
}: {
  uploadId: string;
  reassess: ReassessView;
  order: OrderView | null;
  pending: boolean;
}) {
  return (
    <div className="mt-4 border-t border-slate-200 pt-3" data-testid="reassess">
      {reassess.from ? <p className="text-sm text-slate-700">{REASSESS_TEXT.datasetUsed(reassess.from)}</p> : null}
      {reassess.kind === "free" ? (
        <Form method="post" replace className="mt-2">
          <p className="mb-2 text-sm text-slate-700">{reassess.message}</p>
          <input type="hidden" name="intent" value="reassess" />
          <input type="hidden" name="upload_id" value={uploadId} />
          <div className="w-full sm:w-80">
            <SubmitButton pending={pending}>{REASSESS_TEXT.action(reassess.to)}</SubmitButton>
          </div>
        </Form>
      ) : reassess.kind === "expired" ? (
        <div className="mt-2">
          <p role="status" className="text-sm text-slate-700">
            {reassess.message}
          </p>
          {reassess.reorder && order ? (
            <OrderSummary uploadId={uploadId} order={order} pending={pending} reassess />
          ) : (
            <Form method="post" replace className="mt-2 w-full sm:w-80">
              <input type="hidden" name="intent" value="reorder" />
              <input type="hidden" name="upload_id" value={uploadId} />
              <SubmitButton pending={pending}>{REASSESS_TEXT.reorder(reassess.to)}</SubmitButton>
            </Form>
          )}
        </div>
      ) : reassess.kind === "other_locations" ? (
        <p className="mt-2 text-sm text-slate-700">{reassess.message}</p>
      ) : null}
    </div>
  );
}

function OrderSummary({
  uploadId,
  order,
  pending,
  reassess = false,
}: {
  uploadId: string;
  order: OrderView;
  pending: boolean;
  reassess?: boolean;
}) {
  return (
    <div className="mt-3 rounded bg-slate-50 p-3" data-testid="order-summary">
      <h3 className="font-semibold">Your order</h3>
      <ul className="text-sm">
        {order.products.map((p) => (
          <li key={p.code}>
            {p.name}: {p.quantity} × {p.price} {CURRENCY} = {p.total} {CURRENCY}
          </li>
        ))}
      </ul>
      <dl className="mt-2 grid w-72 grid-cols-2 text-sm">
        <dt>SUBTOTAL</dt>
        <dd className="text-right">
          {order.cost.SUBTOTAL} {CURRENCY}
        </dd>
        <dt>TAX RATE</dt>
        <dd className="text-right">{order.cost["TAX RATE"]}%</dd>
        <dt>VAT</dt>
        <dd className="text-right">
          {order.cost.VAT} {CURRENCY}
        </dd>
        <dt className="font-semibold">TOTAL</dt>
        <dd className="text-right font-semibold" data-testid="order-total">
          {order.cost.TOTAL} {CURRENCY}
        </dd>
      </dl>
      <Form method="post" replace className="mt-2 max-w-md">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="upload_id" value={uploadId} />
        <input type="hidden" name="order_id" value={order.order_id} />
        {reassess ? <input type="hidden" name="reassess" value="1" /> : null}
        <TermsAcceptanceField termsVersion={TERMS_VERSION} />
        <SubmitButton pending={pending}>Confirm purchase</SubmitButton>
      </Form>
    </div>
  );
}

function ReportOutputsView({ outputs, files }: { outputs: ReportOutputs; files: Props["files"] }) {
  const s = outputs.output_request_stats;
  const o = outputs.output_risks_overall_estimate;
  return (
    <div data-testid="report-ready">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {(
          [
            ["Assets", s.asset_number],
            ["Hexagons", s.hexagon_number],
            ["Countries", s.country_number],
            ["New hexagons", s.new_hexagon_request],
            ["Report cost (paid, incl. VAT)", reportCostText(s)],
          ] as const
        ).map(([k, v]) => (
          <div key={k} className="rounded border border-slate-200 p-3">
            <dt className="text-sm text-slate-600">{k}</dt>
            <dd className="text-xl font-semibold">{v.toLocaleString("en")}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 font-semibold">
        Overall estimate (weighted by {outputs.weighting.note ? WEIGHTING_TEXT.none : outputs.weighting.column})
      </h3>
      {outputs.weighting.note ? <p className="text-sm text-slate-600">{outputs.weighting.note}</p> : null}
      {outputs.weighting.missing > 0 ? (
        <p className="text-sm text-amber-800">
          {outputs.weighting.missing.toLocaleString("en")} {outputs.weighting.missing === 1 ? "row has" : "rows have"}{" "}
          no usable weight (empty, text or not positive) and count as 0 in the weighted figures.
        </p>
      ) : null}
      {/* Phones get one block per row (every column readable without scrolling sideways), wider screens the tables. */}
      <PhoneRowBlocks
        className="mt-1"
        testId="overall-estimate-compact"
        rows={FUTURE_SCENARIO_IDS.map((sc) => ({
          key: sc,
          title: SCENARIOS[sc].name,
          values: [
            [HISTORICAL_LABEL, o.hist.score ?? "—"] as const,
            ...FUTURE_PERIOD_IDS.map((p) => [p, o.future[sc][p].score ?? "—"] as const),
          ],
        }))}
      />
      <DataTable label="Overall estimate" className="mt-1" boxClassName="hidden sm:block">
        <thead>
          <tr>
            <th scope="col" className={TH}>
              Scenario
            </th>
            <th scope="col" className={`${TH} text-center`}>
              {HISTORICAL_LABEL}
            </th>
            {FUTURE_PERIOD_IDS.map((p) => (
              <th scope="col" key={p} className={`${TH} text-center`}>
                {p}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {FUTURE_SCENARIO_IDS.map((sc) => (
            <tr key={sc}>
              <th scope="row" className={TH_ROW}>
                {SCENARIOS[sc].name}
              </th>
              <td className={`${TD} text-center`}>{o.hist.score ?? "—"}</td>
              {FUTURE_PERIOD_IDS.map((p) => (
                <td key={p} className={`${TD} text-center`}>
                  {o.future[sc][p].score ?? "—"}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </DataTable>
      <h3 className="mt-4 font-semibold">Diversity: locations at High or above per hazard</h3>
      <ul className="flex flex-wrap gap-3 text-sm">
        {Object.entries(outputs.output_risks_diversity).map(([h, n]) => (
          <li key={h}>
            {isHazardId(h) ? HAZARDS[h].name : h}: <strong>{n}</strong>
          </li>
        ))}
      </ul>
      <h3 className="mt-4 font-semibold">Intensity: locations per aggregate score</h3>
      <ul className="flex flex-wrap gap-3 text-sm">
        {outputs.output_risks_intensity.map(([score, count]) => (
          <li key={score}>
            {score === 0 ? "no score" : `score ${score}`}: <strong>{count}</strong>
          </li>
        ))}
      </ul>
      <h3 className="mt-4 font-semibold">Social and economic exposure by country</h3>
      <PhoneRowBlocks
        className="mt-1"
        testId="social-exposure-compact"
        rows={outputs.social_by_country_sum.map((c) => ({
          key: c.country_code,
          title: c.country_name,
          values: [
            ["Assets", c.asset_number],
            ["Population at risk", c.population_at_risk.toLocaleString("en")],
            ["Electricity consumption at risk", "Not available"],
            ["Agricultural land at risk", "Not available"],
          ] as const,
        }))}
      />
      <DataTable label="Social and economic exposure by country" className="mt-1" boxClassName="hidden sm:block">
        <thead>
          <tr>
            <th scope="col" className={TH}>
              Country
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Assets
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Population at risk
            </th>
            <th scope="col" className={TH}>
              Electricity consumption at risk
            </th>
            <th scope="col" className={TH}>
              Agricultural land at risk
            </th>
          </tr>
        </thead>
        <tbody>
          {outputs.social_by_country_sum.map((c) => (
            <tr key={c.country_code}>
              <th scope="row" className={TH_ROW}>
                {c.country_name}
              </th>
              <td className={TD_NUMBER}>{c.asset_number}</td>
              <td className={TD_NUMBER}>{c.population_at_risk.toLocaleString("en")}</td>
              <td className={TD}>Not available</td>
              <td className={TD}>Not available</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <p className="mt-1 text-xs text-slate-600">
        Population at risk: people in places (GeoNames) inside the hexagons of your assets where the aggregate risk is
        High or above. {outputs.not_available.electricity_consumption_at_risk};{" "}
        {outputs.not_available.agricultural_land_total_surface_at_risk}.
      </p>
      <h3 className="mt-4 font-semibold">Report files</h3>
      {files.length ? (
        <ul className="text-sm">
          {files.map((f) => (
            <li key={f.path}>
              <a href={f.path} className="underline">
                {f.name}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No files yet.</p>
      )}
    </div>
  );
}
