import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SelectField } from "~/components/forms/fields";
import {
  DISCLOSURE_CELL as td,
  DISCLOSURE_NUMBER_CELL as num,
  DisclosureSection,
  DisclosureTable,
} from "~/components/reports/disclosure-section";
import { FloodMoneyDisclosure } from "~/components/reports/flood-money-disclosure";
import { PageHeader } from "~/components/ui/page-header";
import { UpgradeTariffWarning } from "~/components/ui/upgrade-warning";
import {
  DISCLOSURE_TABLES,
  TAXONOMY_CATEGORIES,
  TAXONOMY_HAZARD_MAP,
  TAXONOMY_TYPES,
  cellFor,
  formatShare,
  slotLabel,
  type ExposureCell,
} from "~/domain/reports/disclosure";
import { HAZARDS, PER_HAZARD_IDS } from "~/domain/hazards/hazards";
import { T5_KINDS_FIELD } from "~/domain/reports/corporate-forms";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import { VALUE_COLUMN_TEXT, formatMoney, type MoneyBasis } from "~/domain/portfolio/columns/value-column";
import {
  FUTURE_PERIOD_IDS,
  FUTURE_SCENARIO_IDS,
  SCENARIOS,
  type PeriodId,
  type ScenarioId,
} from "~/domain/hazards/scenarios";
import { pageTitle } from "~/utils/meta";
import { actCorporatePage, loadCorporatePage } from "~/services/reports/pages/corporate-page.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Corporate Sustainability Reporting and Audit") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadCorporatePage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return actCorporatePage(request);
}

/** Amount at High or above of a cell, with its share of the amount. */
function amountText(c: ExposureCell, money: MoneyBasis) {
  return `${formatMoney(c.weightAtRisk, money.currency)} (${formatShare(c.shareWeight)})`;
}

/** The historical cell and the chosen scenario × horizon cell of a row. */
function slotCells(cells: readonly ExposureCell[], scenario: ScenarioId, period: PeriodId) {
  return { h: cellFor(cells, "hist", "hist")!, f: cellFor(cells, scenario, period)! };
}

export default function CorporatePage() {
  const { portfolios, chosen, scenario, period, template5Level, template5Chronic, disclosure, flood, upgradeWarning } =
    useLoaderData<typeof loader>();
  const slot = slotLabel(scenario, period);
  const money = disclosure?.tables.money ?? null;
  return (
    <div>
      <PageHeader
        title="Corporate Sustainability Reporting and Audit"
        lead="Physical-risk tables for ESRS E1, IFRS S2, the EU Taxonomy climate-risk classification and California SB 261, from one of your assessed portfolios."
      />
      {upgradeWarning ? <UpgradeTariffWarning text={upgradeWarning} /> : null}
      {portfolios.length === 0 ? (
        <p className="text-slate-700">
          No assessed portfolio yet. Upload your locations on{" "}
          <a className="underline" href="/dashboard/scan">
            Portfolio Scan
          </a>
          ; once the full report is ready its disclosure tables appear here.
        </p>
      ) : (
        <form method="get" className="mb-6 flex flex-wrap items-end gap-4" aria-label="Choose portfolio and scenario">
          <SelectField
            id="portfolio"
            name="portfolio"
            label="Portfolio"
            defaultValue={chosen ?? undefined}
            options={portfolios.map((p) => ({
              value: p.id,
              label: `${p.fileName} (${p.assets} assets, ${p.createdAt.slice(0, 10)}${p.datasetVersion ? `, dataset ${p.datasetVersion}` : ""})`,
            }))}
          />
          <SelectField
            id="scenario"
            name="scenario"
            label="Scenario"
            defaultValue={scenario}
            options={FUTURE_SCENARIO_IDS.map((s) => ({
              value: s,
              label: `${SCENARIOS[s].name} (${SCENARIOS[s].ssp})`,
            }))}
          />
          <SelectField
            id="period"
            name="period"
            label="Horizon"
            defaultValue={period}
            options={FUTURE_PERIOD_IDS.map((p) => ({ value: p, label: p }))}
          />
          <SelectField
            id="t5_level"
            name="t5_level"
            label="EBA Template 5: a loan is sensitive at"
            defaultValue={String(template5Level)}
            options={([3, 4, 5] as const).map((l) => ({
              value: String(l),
              label: `${RISK_LEVELS[l - 1]!.name} or above`,
            }))}
          />
          <fieldset className="w-full">
            <legend className="text-sm font-medium text-slate-800">
              EBA Template 5: chronic hazards (the others count as acute)
            </legend>
            <input type="hidden" name={T5_KINDS_FIELD} value="1" />
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {PER_HAZARD_IDS.map((h) => (
                <label key={h} className="inline-flex items-center gap-1 text-sm text-slate-700">
                  <input type="checkbox" name="t5_chronic" value={h} defaultChecked={template5Chronic.includes(h)} />
                  {HAZARDS[h].name}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="btn-primary">
            Show tables
          </button>
        </form>
      )}
      {disclosure && chosen ? (
        <div className="space-y-10">
          <div className="flex flex-wrap gap-3">
            {(["pdf", "xlsx"] as const).map((format) => (
              <form method="post" key={format}>
                <input type="hidden" name="portfolio" value={chosen} />
                <input type="hidden" name="scenario" value={scenario} />
                <input type="hidden" name="period" value={period} />
                <input type="hidden" name="t5_level" value={template5Level} />
                <input type="hidden" name={T5_KINDS_FIELD} value="1" />
                {template5Chronic.map((h) => (
                  <input key={h} type="hidden" name="t5_chronic" value={h} />
                ))}
                <input type="hidden" name="format" value={format} />
                <button type="submit" className="btn-secondary">
                  Export {format.toUpperCase()}
                </button>
              </form>
            ))}
          </div>
          <p className="text-sm text-slate-700">
            Material physical risk = level {disclosure.tables.threshold} (High) or above. Shares count every assessed
            asset; weighted shares use the weighting column (
            {disclosure.metadata.weightingColumn ?? "none: each asset weighs 1"}). Under ESRS 1 para 77 the horizons
            2030-2050 are long-term.
          </p>

          <DisclosureSection table="hazards">
            <DisclosureTable
              label="Hazards"
              columns={[
                "Hazard",
                "Assets, historical",
                `Assets, ${slot}`,
                "Weighted value, historical",
                `Weighted value, ${slot}`,
              ]}
            >
              {disclosure.tables.hazards.map((r) => {
                const { h, f } = slotCells(r.cells, scenario, period);
                return (
                  <tr key={r.hazardId}>
                    <th scope="row" className={td}>
                      {r.hazardName}
                    </th>
                    <td className={num}>
                      {formatShare(h.shareAssets)} ({h.assetsAtRisk})
                    </td>
                    <td className={num}>
                      {formatShare(f.shareAssets)} ({f.assetsAtRisk})
                    </td>
                    <td className={num}>{formatShare(h.shareWeight)}</td>
                    <td className={num}>{formatShare(f.shareWeight)}</td>
                  </tr>
                );
              })}
            </DisclosureTable>
          </DisclosureSection>

          {money ? (
            <DisclosureSection table="amounts">
              <p className="mb-2 text-sm text-slate-700" data-testid="money-basis">
                {VALUE_COLUMN_TEXT.basis(money)} Total value of the assessed assets:{" "}
                <strong>{formatMoney(disclosure.tables.totals.weight, money.currency)}</strong>.
              </p>
              <DisclosureTable
                label="Amounts at High or above"
                columns={[
                  "Hazard",
                  `Amount at High or above, historical (${money.currency})`,
                  `Amount at High or above, ${slot} (${money.currency})`,
                  "Share of assets, historical",
                  `Share of assets, ${slot}`,
                ]}
              >
                {disclosure.tables.hazards.map((r) => {
                  const { h, f } = slotCells(r.cells, scenario, period);
                  return (
                    <tr key={r.hazardId} data-hazard={r.hazardId}>
                      <th scope="row" className={td}>
                        {r.hazardName}
                      </th>
                      <td className={num} data-amount={h.weightAtRisk}>
                        {amountText(h, money)}
                      </td>
                      <td className={num} data-amount={f.weightAtRisk}>
                        {amountText(f, money)}
                      </td>
                      <td className={num}>
                        {formatShare(h.shareAssets)} ({h.assetsAtRisk})
                      </td>
                      <td className={num}>
                        {formatShare(f.shareAssets)} ({f.assetsAtRisk})
                      </td>
                    </tr>
                  );
                })}
              </DisclosureTable>
            </DisclosureSection>
          ) : (
            <p className="rounded bg-amber-50 p-3 text-sm text-amber-900" role="status" data-testid="money-basis">
              {VALUE_COLUMN_TEXT.noAmounts}
            </p>
          )}

          <DisclosureSection table="taxonomy">
            <DisclosureTable
              label="EU Taxonomy"
              columns={[
                "Category",
                "Type",
                "Our hazards (Appendix A hazard)",
                "Assets, historical",
                `Assets, ${slot}`,
                `Weighted value, ${slot}`,
              ]}
            >
              {disclosure.tables.taxonomy.map((r) => {
                const { h, f } = slotCells(r.cells, scenario, period);
                return (
                  <tr key={`${r.category}-${r.type}`}>
                    <th scope="row" className={td}>
                      {TAXONOMY_CATEGORIES.find((c) => c.id === r.category)!.name}
                    </th>
                    <td className={td}>{TAXONOMY_TYPES.find((t) => t.id === r.type)!.name}</td>
                    <td className={td}>
                      {r.hazards.length
                        ? r.hazards
                            .map((x) => `${HAZARDS[x].name} (${TAXONOMY_HAZARD_MAP[x].appendixHazard})`)
                            .join("; ")
                        : r.notCovered}
                    </td>
                    <td className={num}>{r.hazards.length ? formatShare(h.shareAssets) : "not scored"}</td>
                    <td className={num}>{r.hazards.length ? formatShare(f.shareAssets) : ""}</td>
                    <td className={num}>{r.hazards.length ? formatShare(f.shareWeight) : ""}</td>
                  </tr>
                );
              })}
              {disclosure.tables.acuteChronic.map((r) => {
                const { h, f } = slotCells(r.cells, scenario, period);
                return (
                  <tr key={r.type} className="font-semibold">
                    <th scope="row" className={td}>
                      All
                    </th>
                    <td className={td}>{TAXONOMY_TYPES.find((t) => t.id === r.type)!.name}</td>
                    <td className={td}>{r.hazards.join(", ")}</td>
                    <td className={num}>{formatShare(h.shareAssets)}</td>
                    <td className={num}>{formatShare(f.shareAssets)}</td>
                    <td className={num}>{formatShare(f.shareWeight)}</td>
                  </tr>
                );
              })}
            </DisclosureTable>
          </DisclosureSection>

          <DisclosureSection table="countries" heading={`${DISCLOSURE_TABLES.countries.title} (${slot})`}>
            <DisclosureTable
              label="Countries"
              columns={[
                "Country",
                "Assets",
                ...disclosure.tables.hazards.map((r) => ({ label: r.hazardId, title: r.hazardName })),
              ]}
            >
              {disclosure.tables.countries.map((c) => (
                <tr key={c.countryCode}>
                  <th scope="row" className={td}>
                    {c.countryCode} {c.countryName}
                  </th>
                  <td className={num}>{c.assets}</td>
                  {c.hazards.map((r) => {
                    const f = cellFor(r.cells, scenario, period)!;
                    return (
                      <td key={r.hazardId} className={num} title={`weighted value: ${formatShare(f.shareWeight)}`}>
                        {formatShare(f.shareAssets)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </DisclosureTable>
            <p className="mt-1 text-xs text-slate-600">
              Share of the country&apos;s assets at High or above; the exports also give the weighted-value share for
              every scenario and horizon.
            </p>
          </DisclosureSection>

          {money ? (
            <DisclosureSection
              table="countryAmounts"
              heading={`${DISCLOSURE_TABLES.countryAmounts.title} (${slot}, ${money.currency})`}
            >
              <DisclosureTable
                label="Amounts by country"
                columns={[
                  "Country",
                  `Value of assets (${money.currency})`,
                  ...disclosure.tables.hazards.map((r) => ({ label: r.hazardId, title: r.hazardName })),
                ]}
              >
                {disclosure.tables.countries.map((c) => (
                  <tr key={c.countryCode} data-country={c.countryCode}>
                    <th scope="row" className={td}>
                      {c.countryCode} {c.countryName}
                    </th>
                    <td className={num}>{formatMoney(c.weight, money.currency)}</td>
                    {c.hazards.map((r) => {
                      const f = cellFor(r.cells, scenario, period)!;
                      return (
                        <td
                          key={r.hazardId}
                          className={num}
                          title={`${r.hazardName}: ${formatShare(f.shareWeight)} of the country's value`}
                        >
                          {formatMoney(f.weightAtRisk, money.currency)}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </DisclosureTable>
              <p className="mt-1 text-xs text-slate-600">
                Amount of the country&apos;s assets at High or above for each hazard; the exports give every scenario
                and horizon.
              </p>
            </DisclosureSection>
          ) : null}

          <FloodMoneyDisclosure flood={flood} />

          <DisclosureSection table="audit">
            <dl className="grid max-w-3xl gap-x-4 gap-y-1 text-sm sm:grid-cols-[14rem_1fr]">
              <dt className="font-semibold">Prepared for</dt>
              <dd className="min-w-0 break-words">{disclosure.tables.audit.preparedBy}</dd>
              <dt className="font-semibold">Report created</dt>
              <dd className="min-w-0 break-words">{disclosure.tables.audit.createdAt}</dd>
              <dt className="font-semibold">Input file</dt>
              <dd className="min-w-0 break-words">{disclosure.tables.audit.inputFileName}</dd>
              <dt className="font-semibold">Input file SHA-256</dt>
              <dd className="break-all font-mono text-xs">{disclosure.tables.audit.inputFileSha256}</dd>
              <dt className="font-semibold">Risk dataset version</dt>
              <dd className="min-w-0 break-words">{disclosure.tables.audit.datasetVersion}</dd>
              <dt className="font-semibold">Value column</dt>
              <dd className="min-w-0 break-words">
                {money ? `${money.column} (${money.currency})` : "none: no amounts in money"}
              </dd>
              <dt className="font-semibold">Methodology version</dt>
              <dd className="min-w-0 break-words">{disclosure.tables.audit.methodologyVersion}</dd>
              <dt className="font-semibold">Rows / assessed / left out</dt>
              <dd className="min-w-0 break-words">
                {disclosure.tables.totals.rows} / {disclosure.tables.totals.validAssets} /{" "}
                {disclosure.tables.totals.excludedAssets}
              </dd>
            </dl>
          </DisclosureSection>
        </div>
      ) : null}
    </div>
  );
}
