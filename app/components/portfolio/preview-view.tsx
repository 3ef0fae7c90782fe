import { RiskPie } from "~/components/charts/risk-pie";
import { DataTable, PhoneRowBlocks, TD, TD_NUMBER, TH, TH_ROW } from "~/components/ui/table";
import { HAZARDS, PER_HAZARD_IDS, type HazardId } from "~/domain/hazards/hazards";
import { PREVIEW_TEXT, ROW_REASONS } from "~/domain/portfolio/limits";
import { PREVIEW_RULE_TEXT } from "~/domain/portfolio/preview-rule";
import { formatShare } from "~/domain/reports/disclosure";
import { HISTORICAL_LABEL, PERIODS, SCENARIOS, SLOTS } from "~/domain/hazards/scenarios";
import type { PreviewResult } from "~/services/portfolio/upload/uploads.server";

/** What the preview shows of an upload's answer. */
type PreviewView = Pick<
  PreviewResult,
  | "file_name"
  | "total_locations"
  | "valid_locations"
  | "invalid_locations"
  | "out_of_range_locations"
  | "duplicate_locations"
  | "blank_rows"
  | "invalid"
  | "out_of_range"
  | "duplicates"
  | "issues_truncated"
  | "detected"
  | "warnings"
  | "portfolio_limits"
  | "piecharts"
  | "summary_table"
> &
  /** Absent from previews stored before they were added. */
  Partial<
    Pick<
      PreviewResult,
      | "billed_locations"
      | "figures"
      | "placed"
      | "corrected_locations"
      | "geocoded_locations"
      | "conflicts"
      | "conflict_locations"
      | "shared_place_locations"
      | "shared_places"
    >
  >;

/**
 * Previews stored before the counts partitioned the rows counted duplicates among the valid ones: taken apart here
 * so every stored preview adds up.
 */
function partition(p: PreviewView) {
  const valid = p.billed_locations === undefined ? p.valid_locations - p.duplicate_locations : p.valid_locations;
  return {
    total: p.total_locations,
    valid,
    billed: p.billed_locations ?? valid,
    sharedPlaces: p.shared_place_locations ?? 0,
    conflicts: p.conflict_locations ?? 0,
    duplicate: p.duplicate_locations,
    invalid: p.invalid_locations,
    outOfRange: p.out_of_range_locations,
  };
}

/** The preview rule, and why the charts are withheld when they are (previews stored before the rule carry no figures). */
function RuleNote({ preview }: { preview: PreviewView }) {
  const figures = preview.figures;
  if (!figures) return null;
  return (
    <div className="mb-3 text-sm text-slate-700" data-testid="preview-rule">
      <p>{PREVIEW_RULE_TEXT.rule}</p>
      {figures.shown ? null : (
        <p role="status" className="mt-2 rounded bg-amber-50 p-2 text-amber-900">
          {PREVIEW_RULE_TEXT.withheld(figures.distinct_hexagons)}
        </p>
      )}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded border border-slate-200 p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold" data-stat={label}>
        {value.toLocaleString("en")}
      </dd>
    </div>
  );
}

export function PreviewCounts({ preview }: { preview: PreviewView }) {
  const counts = partition(preview);
  return (
    <section aria-labelledby="preview-counts" className="card mb-section">
      <h2 id="preview-counts" className="mb-2 text-heading">
        Preview of {preview.file_name}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Stat label="Total locations" value={counts.total} />
        <Stat label="Valid locations" value={counts.valid} />
        <Stat label="Duplicate locations" value={counts.duplicate} />
        <Stat label="Invalid locations" value={counts.invalid} />
        <Stat label="Out of range locations" value={counts.outOfRange} />
      </dl>
      <p className="mt-2 text-sm text-slate-700" data-testid="preview-partition">
        {PREVIEW_TEXT.partition(counts)} {PREVIEW_TEXT.billed(counts.billed)}
      </p>
      <p className="mt-2 text-sm text-slate-700" data-testid="preview-assets">
        {PREVIEW_TEXT.assets(counts)}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Columns read: latitude <strong>{preview.detected.lat}</strong>, longitude{" "}
        <strong>{preview.detected.lon}</strong>
        {preview.detected.name ? (
          <>
            , name <strong>{preview.detected.name}</strong>
          </>
        ) : null}
        {preview.detected.id ? (
          <>
            , asset id <strong>{preview.detected.id}</strong>
          </>
        ) : null}
        {(
          [
            ["value", preview.detected.value],
            ["country", preview.detected.country],
            ["address", preview.detected.address],
            ["city", preview.detected.city],
            ["postcode", preview.detected.postcode],
          ] as const
        )
          .filter(([, column]) => column)
          .map(([role, column]) => (
            <span key={role}>
              , {role} <strong>{column}</strong>
            </span>
          ))}
        . {preview.blank_rows ? `${preview.blank_rows} blank rows skipped.` : null}
      </p>
      {preview.warnings.map((w) => (
        <p key={w} role="status" className="mt-2 rounded bg-amber-50 p-2 text-sm text-amber-900">
          {w}
        </p>
      ))}
      {preview.placed?.length ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="preview-placed">
          {PREVIEW_TEXT.placed(preview.corrected_locations ?? 0, preview.geocoded_locations ?? 0)}
        </p>
      ) : null}
      <IssueList
        title="Rows placed by their country, city or address"
        open
        rows={(preview.placed ?? []).map((i) => ({ row: i.row, id: i.id, text: i.reason }))}
      />
      <IssueList
        title="Invalid rows"
        open
        rows={preview.invalid.map((i) => ({ row: i.row, id: i.id, text: i.reason }))}
      />
      <IssueList
        title="Out of range rows"
        rows={preview.out_of_range.map((i) => ({ row: i.row, id: i.id, text: i.reason }))}
      />
      <IssueList
        title="Asset ids with two values: resolve in the file"
        open
        rows={(preview.conflicts ?? []).map((d) => ({
          row: d.row,
          id: d.id,
          text: ROW_REASONS.assetConflict(d.duplicate_of),
        }))}
      />
      <IssueList
        title="Duplicate rows (not billed, not counted)"
        rows={preview.duplicates.map((d) => ({
          row: d.row,
          text: preview.shared_places
            ? ROW_REASONS.sameAsset(d.duplicate_of)
            : `same location as row ${d.duplicate_of}`,
        }))}
      />
      <IssueList
        title="Assets sharing a point (counted, the point billed once)"
        rows={(preview.shared_places ?? []).map((d) => ({ row: d.row, text: `same point as row ${d.same_place_as}` }))}
      />
      {preview.issues_truncated ? (
        <p className="text-sm text-slate-600">Only the first rows of each list are shown; the report lists them all.</p>
      ) : null}
    </section>
  );
}

function IssueList({
  title,
  rows,
  open = false,
}: {
  title: string;
  rows: { row: number; id?: string | null; text: string }[];
  open?: boolean;
}) {
  if (!rows.length) return null;
  const withIds = rows.some((r) => r.id);
  return (
    <details className="mt-2" open={open}>
      <summary className="cursor-pointer text-sm font-medium">
        {title} ({rows.length})
      </summary>
      <div className="mt-1">
        <DataTable label={title}>
          <thead>
            <tr>
              <th scope="col" className={TH}>
                Row
              </th>
              {withIds ? (
                <th scope="col" className={TH}>
                  Asset id
                </th>
              ) : null}
              <th scope="col" className={TH}>
                Reason
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.row}-${r.text}`}>
                <td className={TD_NUMBER}>{r.row}</td>
                {withIds ? <td className={TD}>{r.id ?? ""}</td> : null}
                <td className={TD}>{r.text}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </div>
    </details>
  );
}

/** A slot's column name: the historical reference with its years, else scenario and year. */
const slotLabel = (s: (typeof SLOTS)[number]) =>
  s.scenario === "hist" ? HISTORICAL_LABEL : `${SCENARIOS[s.scenario].name} ${PERIODS[s.period].name}`;
/**
 * The preview's charts; with `report`, the finished report's own figures in their place (after payment the page
 * shows what the files say, not the preview).
 */
export function PreviewCharts({
  preview,
  report,
}: {
  preview: PreviewView;
  report?: Pick<PreviewView, "piecharts" | "summary_table"> | null;
}) {
  if (report)
    preview = { ...preview, piecharts: report.piecharts, summary_table: report.summary_table, figures: undefined };
  const heading = (
    <>
      <h2 id="preview-charts" className="mb-2 text-heading">
        Locations by risk level (historical)
      </h2>
      {report ? (
        <p className="mb-3 text-sm text-slate-700" data-testid="charts-from-report">
          {PREVIEW_TEXT.fromReport}
        </p>
      ) : (
        <RuleNote preview={preview} />
      )}
    </>
  );
  // Withheld figures (the preview rule): the heading and the rule's note only.
  if (preview.figures && !preview.figures.shown)
    return (
      <section aria-labelledby="preview-charts" className="card mb-section">
        {heading}
      </section>
    );
  const ids: HazardId[] = ["AL", ...PER_HAZARD_IDS];
  const cell = (h: HazardId, scenario: string, period: string) => {
    const r = preview.summary_table.find((x) => x.hazard_id === h && x.scenario === scenario && x.period === period);
    return r?.at_risk_share === null || r?.at_risk_share === undefined ? "—" : formatShare(r.at_risk_share);
  };
  return (
    <section aria-labelledby="preview-charts" className="card mb-section">
      {heading}
      {/* The pies have a fixed size (the server renders them): as many columns as fit, so a phone shows one. */}
      <div className="grid grid-cols-[repeat(auto-fill,minmax(12.5rem,1fr))] gap-3">
        {ids.map((h) => {
          const p = preview.piecharts.find((x) => x.hazard_id === h);
          return p ? <RiskPie key={h} title={HAZARDS[h].name} counts={p.counts} /> : null;
        })}
      </div>
      <h3 className="mb-2 mt-stack font-semibold">Share of locations at High or above, by hazard, year and scenario</h3>
      {/* Phones get one block per hazard (ten columns cannot fit a phone), wider screens the table. */}
      <PhoneRowBlocks
        testId="share-at-risk-compact"
        rows={ids.map((h) => ({
          key: h,
          title: HAZARDS[h].name,
          values: SLOTS.map((s) => [slotLabel(s), cell(h, s.scenario, s.period)] as const),
        }))}
      />
      <DataTable
        label="Share of locations at High or above"
        caption="Share of locations at High or above, by hazard, year and scenario"
        boxClassName="hidden sm:block"
      >
        <thead>
          <tr>
            <th scope="col" className={TH}>
              Hazard
            </th>
            {SLOTS.map((s) => (
              <th scope="col" key={s.index} className={`${TH} text-right`}>
                {slotLabel(s)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ids.map((h) => (
            <tr key={h}>
              <th scope="row" className={TH_ROW}>
                {HAZARDS[h].name}
              </th>
              {SLOTS.map((s) => (
                <td key={s.index} className={TD_NUMBER}>
                  {cell(h, s.scenario, s.period)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </DataTable>
    </section>
  );
}
