/** Corporate disclosure: the tables of a chosen portfolio, and their PDF / XLSX exports stored as report files. */
import { computeDisclosure, type DisclosureTables } from "~/domain/reports/disclosure";
import { moneyBasis } from "~/domain/portfolio/columns/value-column";
import type { ReportMetadata } from "~/domain/reports/types";
import type { PeriodId, ScenarioId } from "~/domain/hazards/scenarios";
import { TEMPLATE5_DEFAULTS, type Template5Options } from "~/domain/reports/eba/template5";
import type { Database } from "../infra/db.server";
import { storeReportFile, type ReportFormat } from "./files.server";
import { loadUserPortfolio, storedDisclosure, storeDisclosure } from "./portfolios.server";
import { writeDisclosurePdf } from "./pdf/disclosure-pdf.server";
import { writeDisclosureXlsx } from "./xlsx/xlsx.server";

/**
 * The tables are computed from every location once, then kept with the report: the report job keeps those its
 * XLSX pass computed, so a million-row portfolio is not read again on a view of the page. Reports built before
 * the job kept them are computed here on the first view, then kept.
 */
export async function disclosureFor(
  userId: string,
  portfolioId: string,
): Promise<{ metadata: ReportMetadata; tables: DisclosureTables }> {
  const report = await loadUserPortfolio(userId, portfolioId);
  const stored = await storedDisclosure(userId, portfolioId);
  if (stored && weighedAsNow(stored, report.metadata)) return { metadata: report.metadata, tables: stored };
  const tables = await computeDisclosure(report);
  await storeDisclosure(userId, portfolioId, tables);
  return { metadata: report.metadata, tables };
}

/**
 * Kept tables hold the weights of the value column chosen when they were computed: once the user picks another
 * column or currency (or the tables predate amounts in money) they are computed again.
 */
function weighedAsNow(tables: DisclosureTables, metadata: ReportMetadata): boolean {
  const now = moneyBasis(metadata.weightingColumn, metadata.valueCurrency);
  return (
    tables.audit.weightingColumn === metadata.weightingColumn &&
    JSON.stringify(tables.money ?? null) === JSON.stringify(now)
  );
}

/** Writes the disclosure export and records it in the user's reports; returns the file id. */
export async function exportDisclosure(
  userId: string,
  portfolioId: string,
  format: ReportFormat,
  slot: { scenario: ScenarioId; period: PeriodId },
  db?: Database,
  /** Template 5's sensitivity level and chronic / acute split; its scenario and horizon are the export's. */
  template5: Pick<Template5Options, "threshold" | "chronic" | "acute"> = TEMPLATE5_DEFAULTS,
): Promise<string> {
  const found = await disclosureFor(userId, portfolioId);
  const { metadata } = found;
  const options: Template5Options = {
    ...TEMPLATE5_DEFAULTS,
    ...template5,
    scenario: slot.scenario,
    period: slot.period,
  };
  const sameHazards = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((h, i) => h === b[i]);
  const same =
    options.scenario === TEMPLATE5_DEFAULTS.scenario &&
    options.period === TEMPLATE5_DEFAULTS.period &&
    options.threshold === TEMPLATE5_DEFAULTS.threshold &&
    sameHazards(options.chronic, TEMPLATE5_DEFAULTS.chronic) &&
    sameHazards(options.acute, TEMPLATE5_DEFAULTS.acute);
  // The kept tables hold Template 5 by its defaults: another choice computes it again from the report's rows.
  const tables =
    found.tables.template5 && !same
      ? {
          ...found.tables,
          template5: (await computeDisclosure(await loadUserPortfolio(userId, portfolioId), options)).template5,
        }
      : found.tables;
  const base = `disclosure-${metadata.inputFile.name.replace(/\.[^.]+$/, "")}`;
  const file = await storeReportFile(
    {
      userId,
      kind: format === "pdf" ? "corporate_pdf" : "corporate_xlsx",
      sourceId: portfolioId,
      title: `Physical climate risk disclosure: ${metadata.inputFile.name}`,
      baseName: base,
    },
    (target) =>
      format === "pdf"
        ? writeDisclosurePdf(metadata, tables, target, slot)
        : writeDisclosureXlsx({ metadata }, tables, target),
    db,
  );
  return file.id;
}
