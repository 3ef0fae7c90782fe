/** The corporate disclosure export's PDF, and the disclosure sections the portfolio report shares with it. */
import type { Writable } from "node:stream";
import { HAZARDS, PER_HAZARD_IDS } from "~/domain/hazards/hazards";
import {
  DISCLOSURE_TABLES,
  TAXONOMY_CATEGORIES,
  TAXONOMY_HAZARD_MAP,
  TAXONOMY_TYPES,
  formatShare,
  slotLabel,
  type DisclosureTables,
} from "~/domain/reports/disclosure";
import { formatAmount } from "~/domain/commerce/invoicing/money";
import { VALUE_COLUMN_TEXT, formatMoney } from "~/domain/portfolio/columns/value-column";
import type { ReportMetadata } from "~/domain/reports/types";
import { TEMPLATE5_COLUMNS, TEMPLATE5_TEXT, type Template5, type Template5Cell } from "~/domain/reports/eba/template5";
import { RISK_LEVELS } from "~/domain/hazards/risk-levels";
import {
  FUTURE_PERIOD_IDS,
  FUTURE_SCENARIO_IDS,
  HISTORICAL_SHORT,
  SCENARIOS,
  SLOTS,
  slotIndex,
  type PeriodId,
  type ScenarioId,
} from "~/domain/hazards/scenarios";
import { MUTED, contentWidth, heading, openDoc, para, table, type Column, type Doc } from "./pdf-toolkit.server";
import { cover, methodology } from "./report-sections.server";

/**
 * The amounts in money at High or above (ESRS E1-9 para 66(a) and (c), IFRS S2 para 29(b)): per hazard, one table
 * per scenario with every horizon, then per country and hazard for the chosen slot. The currency heads each column.
 */
function amountSections(doc: Doc, tables: DisclosureTables, countrySlot: { scenario: ScenarioId; period: PeriodId }) {
  const money = tables.money ?? null;
  heading(doc, DISCLOSURE_TABLES.amounts.title);
  if (!money) {
    para(doc, VALUE_COLUMN_TEXT.noAmounts, { size: 8.5 });
    return;
  }
  for (const line of DISCLOSURE_TABLES.amounts.mapsTo) para(doc, `Maps to: ${line}`, { size: 8, colour: MUTED });
  para(
    doc,
    `${VALUE_COLUMN_TEXT.basis(money)} Total value of the assessed assets: ${formatMoney(tables.totals.weight, money.currency)}.`,
    { size: 8.5 },
  );
  const w = contentWidth(doc);
  for (const scenario of FUTURE_SCENARIO_IDS) {
    const slots = [slotIndex("hist", "hist"), ...FUTURE_PERIOD_IDS.map((p) => slotIndex(scenario, p))];
    const cols: Column[] = [
      { header: "Hazard", width: 110 },
      ...slots.map((si) => ({
        header: `${slotLabel(SLOTS[si]!.scenario, SLOTS[si]!.period)} (${money.currency})`,
        width: (w - 110) / slots.length,
        align: "right" as const,
      })),
    ];
    para(doc, `Amount at High or above, ${SCENARIOS[scenario].name} (share of value in brackets).`, { size: 8.5 });
    table(
      doc,
      cols,
      tables.hazards.map((r) => [
        r.hazardName,
        ...slots.map((si) => `${formatAmount(r.cells[si]!.weightAtRisk)} (${formatShare(r.cells[si]!.shareWeight)})`),
      ]),
      { size: 7 },
    );
  }
  const si = slotIndex(countrySlot.scenario, countrySlot.period);
  heading(
    doc,
    `${DISCLOSURE_TABLES.countryAmounts.title} (${slotLabel(countrySlot.scenario, countrySlot.period)}, ${money.currency})`,
  );
  for (const line of DISCLOSURE_TABLES.countryAmounts.mapsTo) para(doc, `Maps to: ${line}`, { size: 8, colour: MUTED });
  para(doc, "Hazards with no amount at High or above in a country are left out of its rows.", { size: 8.5 });
  const aw = (w - 230) / 3;
  table(
    doc,
    [
      { header: "Country", width: 120 },
      { header: "Hazard", width: 110 },
      { header: `Value of assets (${money.currency})`, width: aw, align: "right" },
      { header: `At High or above, ${HISTORICAL_SHORT} (${money.currency})`, width: aw, align: "right" },
      {
        header: `At High or above, ${slotLabel(countrySlot.scenario, countrySlot.period)} (${money.currency})`,
        width: aw,
        align: "right",
      },
    ],
    tables.countries.flatMap((c) =>
      c.hazards
        .filter((r) => r.cells[0]!.weightAtRisk > 0 || r.cells[si]!.weightAtRisk > 0)
        .map((r) => [
          `${c.countryCode} ${c.countryName}`,
          r.hazardName,
          formatAmount(c.weight),
          `${formatAmount(r.cells[0]!.weightAtRisk)} (${formatShare(r.cells[0]!.shareWeight)})`,
          `${formatAmount(r.cells[si]!.weightAtRisk)} (${formatShare(r.cells[si]!.shareWeight)})`,
        ]),
    ),
    { size: 7 },
  );
}

/**
 * ESRS E1-9 66(a)'s headline: assets and amount with any hazard at each material level, per scenario and horizon,
 * each asset once. The reader picks the level and the row the disclosure uses; the definition is printed with them.
 */
function headlineSection(doc: Doc, tables: DisclosureTables) {
  if (!tables.headline) return;
  const money = tables.money ?? null;
  heading(doc, DISCLOSURE_TABLES.headline.title);
  for (const line of DISCLOSURE_TABLES.headline.mapsTo) para(doc, `Maps to: ${line}`, { size: 8, colour: MUTED });
  para(doc, DISCLOSURE_TABLES.headline.definition, { size: 8.5 });
  const w = contentWidth(doc);
  table(
    doc,
    [
      { header: "Material at", width: 95 },
      { header: "Scenario / horizon", width: 95 },
      { header: "Assets", width: (w - 190) / 4, align: "right" },
      { header: "Share of assets", width: (w - 190) / 4, align: "right" },
      { header: money ? `Amount (${money.currency})` : "Amount", width: (w - 190) / 4, align: "right" },
      { header: "Share of value", width: (w - 190) / 4, align: "right" },
    ],
    tables.headline.flatMap((h) =>
      h.cells.map((c) => [
        `${RISK_LEVELS[h.level - 1]!.name} or above`,
        slotLabel(c.scenario, c.period),
        String(c.assetsAtRisk),
        formatShare(c.shareAssets),
        money ? formatAmount(c.weightAtRisk) : "no amounts",
        c.weight ? formatShare(c.shareWeight) : "n/a",
      ]),
    ),
    { size: 7 },
  );
}

/**
 * EBA Pillar 3 ESG Template 5 on landscape pages: the published rows and lettered columns, in two tables (a-g, h-o)
 * so every amount is printed whole. A cell the file cannot give shows "n/a [k]", and note k under the tables says why.
 */
export function template5Section(doc: Doc, t: Template5) {
  doc.addPage({ size: "A4", layout: "landscape", margins: doc.page.margins });
  heading(doc, TEMPLATE5_TEXT.title, 12);
  para(doc, TEMPLATE5_TEXT.unit(t.amounts?.currency ?? null), { size: 8 });
  para(doc, t.definition, { size: 8 });
  para(doc, TEMPLATE5_TEXT.rowsOverlap, { size: 8, colour: MUTED });
  const reasons: string[] = [];
  const cellText = (cell: Template5Cell, years: boolean) => {
    if ("value" in cell) return years ? cell.value.toFixed(1) : formatAmount(cell.value);
    if (!reasons.includes(cell.missing)) reasons.push(cell.missing);
    return `n/a [${reasons.indexOf(cell.missing) + 1}]`;
  };
  const w = contentWidth(doc);
  const labelWidth = 200;
  for (const part of [TEMPLATE5_COLUMNS.slice(0, 7), TEMPLATE5_COLUMNS.slice(7)]) {
    const width = (w - labelWidth - 24) / part.length;
    table(
      doc,
      [
        { header: "", width: 24 },
        { header: `Variable: ${t.geography}`, width: labelWidth },
        ...part.map((c) => ({ header: c.letter, width, align: "right" as const })),
      ],
      t.rows.map((r) => [String(r.number), r.label, ...part.map((c) => cellText(r.cells[c.key], c.key === "awm"))]),
      { size: 6.5 },
    );
  }
  reasons.forEach((reason, i) => para(doc, `[${i + 1}] ${reason}`, { size: 7.5 }));
  for (const note of t.notes) para(doc, note, { size: 7.5 });
  para(doc, `Columns: ${TEMPLATE5_COLUMNS.map((c) => `${c.letter} ${c.label}`).join("; ")}.`, {
    size: 7,
    colour: MUTED,
  });
}

/** Disclosure sections shared by the portfolio report and the corporate export. */
export function disclosureSections(
  doc: Doc,
  tables: DisclosureTables,
  countrySlot: { scenario: ScenarioId; period: PeriodId },
) {
  const w = contentWidth(doc);
  const mapsTo = (key: keyof typeof DISCLOSURE_TABLES) => {
    for (const line of DISCLOSURE_TABLES[key].mapsTo) para(doc, `Maps to: ${line}`, { size: 8, colour: MUTED });
  };
  headlineSection(doc, tables);
  heading(doc, DISCLOSURE_TABLES.hazards.title);
  mapsTo("hazards");
  const shareCols: Column[] = [
    { header: "Hazard", width: 120 },
    ...SLOTS.map((s) => ({
      header:
        s.scenario === "hist"
          ? HISTORICAL_SHORT
          : `${SCENARIOS[s.scenario].name.replace("RCP", "")} ${s.period.slice(2)}`,
      width: (w - 120) / SLOTS.length,
      align: "right" as const,
    })),
  ];
  para(doc, "Share of assets at High or above (column: RCP and year).", { size: 8.5 });
  table(
    doc,
    shareCols,
    tables.hazards.map((r) => [r.hazardName, ...r.cells.map((c) => formatShare(c.shareAssets))]),
    { size: 7 },
  );
  para(doc, "Share of weighted value at High or above.", { size: 8.5 });
  table(
    doc,
    shareCols,
    tables.hazards.map((r) => [r.hazardName, ...r.cells.map((c) => (c.weight ? formatShare(c.shareWeight) : "n/a"))]),
    { size: 7 },
  );
  amountSections(doc, tables, countrySlot);

  heading(doc, DISCLOSURE_TABLES.taxonomy.title);
  mapsTo("taxonomy");
  const si = slotIndex(countrySlot.scenario, countrySlot.period);
  table(
    doc,
    [
      { header: "Category", width: 95 },
      { header: "Type", width: 50 },
      { header: "Our hazards", width: w - 95 - 50 - 3 * 62 },
      { header: "Assets hist.", width: 62, align: "right" },
      { header: `Assets ${slotLabel(countrySlot.scenario, countrySlot.period)}`, width: 62, align: "right" },
      { header: "Value hist.", width: 62, align: "right" },
    ],
    [
      ...tables.taxonomy.map((r) => [
        TAXONOMY_CATEGORIES.find((c) => c.id === r.category)!.name,
        TAXONOMY_TYPES.find((x) => x.id === r.type)!.name,
        r.hazards.length
          ? r.hazards.map((h) => `${HAZARDS[h].name} (${TAXONOMY_HAZARD_MAP[h].appendixHazard})`).join(", ")
          : (r.notCovered ?? ""),
        r.hazards.length ? formatShare(r.cells[0]!.shareAssets) : "not scored",
        r.hazards.length ? formatShare(r.cells[si]!.shareAssets) : "",
        r.hazards.length ? formatShare(r.cells[0]!.shareWeight) : "",
      ]),
      ...tables.acuteChronic.map((r) => [
        "All",
        TAXONOMY_TYPES.find((x) => x.id === r.type)!.name,
        r.hazards.join(", "),
        formatShare(r.cells[0]!.shareAssets),
        formatShare(r.cells[si]!.shareAssets),
        formatShare(r.cells[0]!.shareWeight),
      ]),
    ],
    { size: 7 },
  );

  heading(doc, `${DISCLOSURE_TABLES.countries.title} (${slotLabel(countrySlot.scenario, countrySlot.period)})`);
  mapsTo("countries");
  const cw = (w - 110) / PER_HAZARD_IDS.length;
  table(
    doc,
    [
      { header: "Country (assets)", width: 110 },
      ...PER_HAZARD_IDS.map((h) => ({ header: h, width: cw, align: "right" as const })),
    ],
    tables.countries.map((c) => [
      `${c.countryCode} ${c.countryName} (${c.assets})`,
      ...c.hazards.map((r) => formatShare(r.cells[si]!.shareAssets)),
    ]),
    { size: 6.5 },
  );
}

/** The corporate disclosure export: audit trail, then the disclosure tables for the chosen slot. */
export async function writeDisclosurePdf(
  metadata: ReportMetadata,
  tables: DisclosureTables,
  target: string | Writable,
  countrySlot: { scenario: ScenarioId; period: PeriodId } = { scenario: "rcp45", period: "2050" },
): Promise<void> {
  const title = "Physical climate risk disclosure";
  const opened = openDoc(target, title);
  const { doc, done } = opened;
  cover(doc, title, metadata);
  heading(doc, DISCLOSURE_TABLES.audit.title, 12);
  for (const line of DISCLOSURE_TABLES.audit.mapsTo) para(doc, `Maps to: ${line}`, { size: 8, colour: MUTED });
  para(
    doc,
    `${tables.totals.rows} rows in the input file; ${tables.totals.validAssets} assessed; ${tables.totals.excludedAssets} left out; ${tables.totals.missingWeight} assessed without a weight. Material physical risk: level ${tables.threshold} (High) or above.`,
  );
  doc.addPage();
  disclosureSections(doc, tables, countrySlot);
  if (tables.template5) template5Section(doc, tables.template5);
  doc.addPage();
  methodology(doc, metadata);
  opened.end();
  await done;
}
