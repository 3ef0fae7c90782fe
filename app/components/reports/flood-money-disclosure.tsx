/** The disclosure view's flood losses in money: totals per flood kind and the assets with the largest expected loss. */
import { Fragment } from "react";
import {
  FLOOD_REPORT_TEXT,
  formatFloodAmount,
  type FloodReportBasis,
  type FloodReportTotals,
} from "~/domain/reports/flood-figures";

const amount = formatFloodAmount;

export function FloodMoneyDisclosure({
  flood,
}: {
  flood: { basis: FloodReportBasis; totals: FloodReportTotals } | null;
}) {
  return (
    <section aria-labelledby="flood-money-title">
      <h2 id="flood-money-title" className="text-lg font-semibold">
        {FLOOD_REPORT_TEXT.disclosureHeading}
      </h2>
      <ul className="mt-1 list-disc pl-5 text-xs text-slate-600">
        {FLOOD_REPORT_TEXT.disclosureMapsTo.map((m) => (
          <li key={m}>Maps to: {m}</li>
        ))}
      </ul>
      {!flood ? (
        <p className="mt-2 text-sm">{FLOOD_REPORT_TEXT.noFloodLayers}</p>
      ) : (
        <FloodFigures basis={flood.basis} totals={flood.totals} />
      )}
    </section>
  );
}

function FloodFigures({ basis, totals }: { basis: FloodReportBasis; totals: FloodReportTotals }) {
  const c = basis.currency;
  const uncovered = totals.assets - Math.max(totals.river.covered, totals.coastal.covered);
  return (
    <>
      <p className="mt-2 text-sm text-slate-700">{FLOOD_REPORT_TEXT.basis(basis)}</p>
      <table className="mt-2 text-left text-sm">
        <caption className="sr-only">{FLOOD_REPORT_TEXT.disclosureHeading}</caption>
        <tbody>
          <tr>
            <th scope="row" className="pr-4 font-normal">
              {FLOOD_REPORT_TEXT.covered("River")}
            </th>
            <td>{totals.river.covered}</td>
          </tr>
          <tr>
            <th scope="row" className="pr-4 font-normal">
              {FLOOD_REPORT_TEXT.covered("Coastal")}
            </th>
            <td>{totals.coastal.covered}</td>
          </tr>
          <tr>
            <th scope="row" className="pr-4 font-normal">
              {FLOOD_REPORT_TEXT.uncovered}
            </th>
            <td>{uncovered}</td>
          </tr>
          {(
            [
              ["River", totals.river],
              ["Coastal", totals.coastal],
            ] as const
          ).map(([kind, total]) =>
            // reports made before the depth-map levels were kept have no count
            total.atRisk === undefined ? null : (
              <Fragment key={kind}>
                <tr>
                  <th scope="row" className="pr-4 font-normal">
                    {FLOOD_REPORT_TEXT.atRisk(kind)}
                  </th>
                  <td>{total.atRisk}</td>
                </tr>
                {c && total.atRiskAmount !== undefined ? (
                  <tr>
                    <th scope="row" className="pr-4 font-normal">
                      {FLOOD_REPORT_TEXT.atRiskAmount(kind, c)}
                    </th>
                    <td>{amount(total.atRiskAmount, c)}</td>
                  </tr>
                ) : null}
              </Fragment>
            ),
          )}
          {c ? (
            <>
              <tr>
                <th scope="row" className="pr-4 font-semibold">
                  {FLOOD_REPORT_TEXT.portfolioEad(c)}
                </th>
                <td className="font-semibold">{amount(totals.eadAmount, c)}</td>
              </tr>
              <tr>
                <th scope="row" className="pr-4 font-normal">
                  {FLOOD_REPORT_TEXT.kindEad("River", c)}
                </th>
                <td>{amount(totals.river.eadAmount, c)}</td>
              </tr>
              <tr>
                <th scope="row" className="pr-4 font-normal">
                  {FLOOD_REPORT_TEXT.kindEad("Coastal", c)}
                </th>
                <td>{amount(totals.coastal.eadAmount, c)}</td>
              </tr>
              <tr>
                <th scope="row" className="pr-4 font-normal">
                  {FLOOD_REPORT_TEXT.kindSum100("River", c)}
                </th>
                <td>{amount(totals.river.sumLoss100Amount, c)}</td>
              </tr>
              <tr>
                <th scope="row" className="pr-4 font-normal">
                  {FLOOD_REPORT_TEXT.kindSum100("Coastal", c)}
                </th>
                <td>{amount(totals.coastal.sumLoss100Amount, c)}</td>
              </tr>
            </>
          ) : null}
        </tbody>
      </table>
      {totals.river.atRisk !== undefined ? (
        <p className="mt-1 text-xs text-slate-600">{FLOOD_REPORT_TEXT.atRiskDefinition}</p>
      ) : null}
      <p className="mt-1 text-xs text-slate-600">{totals.note}</p>
      {c && totals.top.length ? (
        <table className="mt-3 text-left text-sm">
          <caption className="text-left font-semibold">Assets with the largest expected annual flood loss</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-3">
                Row
              </th>
              <th scope="col" className="pr-3">
                Asset
              </th>
              <th scope="col" className="pr-3">
                Occupancy
              </th>
              <th scope="col" className="pr-3">
                Expected annual loss
              </th>
              <th scope="col">1-in-100 loss</th>
            </tr>
          </thead>
          <tbody>
            {totals.top.map((a) => (
              <tr key={a.rowNumber}>
                <td className="pr-3">{a.rowNumber}</td>
                <td className="pr-3">{a.assetId ? `${a.assetId} ${a.name}` : a.name}</td>
                <td className="pr-3">{a.occupancy}</td>
                <td className="pr-3">{amount(a.eadAmount, c)}</td>
                <td>{amount(a.loss100Amount, c)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
