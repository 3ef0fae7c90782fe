import { RiskPie } from "~/components/charts/risk-pie";
import { SAMPLE_ASSET_NUMBER, SAMPLE_PIES, SAMPLE_SCENARIOS, sampleTable } from "~/domain/portfolio/sample";
import { SCENARIOS } from "~/domain/hazards/scenarios";

/** What a scan's results look like, on the empty Portfolio Scan: invented numbers, labelled as a sample throughout. */
export function SamplePreview() {
  return (
    <section
      aria-labelledby="sample-title"
      className="mb-6 rounded border border-dashed border-slate-300 p-4"
      data-testid="sample-preview"
    >
      <h2 id="sample-title" className="text-lg font-semibold">
        Sample results{" "}
        <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-medium uppercase text-amber-900">
          Sample data
        </span>
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        An example for a portfolio of {SAMPLE_ASSET_NUMBER} assets, not your data: upload a file to see your own
        results.
      </p>
      {/* The pies have a fixed size (the server renders them): as many columns as fit, so a phone shows one. */}
      <div className="grid grid-cols-[repeat(auto-fill,minmax(12.5rem,1fr))] gap-3">
        {SAMPLE_PIES.map((p) => (
          <RiskPie key={p.hazardId} title={`${p.title} (sample)`} counts={p.counts} />
        ))}
      </div>
      {/* Scrolls inside its own box on a very narrow screen: a labelled region keyboard users can scroll. */}
      <div role="region" aria-label="Sample table" tabIndex={0} className="mt-4 overflow-x-auto">
        {/* Six columns: smaller type and padding on a phone, so every figure is on the screen. */}
        <table className="min-w-full text-xs sm:text-sm">
          <caption className="mb-2 text-left font-semibold">
            Sample: assets at High or above, by hazard, year and scenario
          </caption>
          <thead>
            <tr>
              <th scope="col" className="pr-2 text-left sm:pr-3">
                Hazard
              </th>
              <th scope="col" className="pr-2 text-left sm:pr-3">
                Year
              </th>
              {SAMPLE_SCENARIOS.map((s) => (
                <th scope="col" key={s} className="px-1 text-right sm:px-2">
                  {SCENARIOS[s].name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sampleTable().map((row) => (
              <tr key={`${row.title}-${row.year}`} className="border-t border-slate-200">
                <th scope="row" className="pr-2 text-left font-normal sm:pr-3">
                  {row.title}
                </th>
                <td className="pr-2 sm:pr-3">{row.year}</td>
                {row.atRisk.map((n, i) => (
                  <td key={SAMPLE_SCENARIOS[i]} className="px-1 text-right tabular-nums sm:px-2">
                    {n}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
