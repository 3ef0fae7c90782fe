/** The portfolio report's PDF written in one call, for tests and benches. */
import type { Writable } from "node:stream";
import { ReportFileTotals } from "~/domain/reports/file-totals";
import { openLocations, type PortfolioReportSource } from "~/domain/reports/types";
import { engineHazardReasons, type HazardReasons } from "~/services/reports/hazard-reasons.server";
import {
  PORTFOLIO_PDF_TITLE,
  PortfolioPdfWriter,
  appendixCells,
  portfolioPdfFront,
} from "~/services/reports/pdf/portfolio-pdf.server";

/**
 * The portfolio report on this thread, from one pass over the locations (gathering the totals too unless the
 * caller already has them). The report job writes the same file from its own pass (pdf-sink.server.ts).
 */
export async function writePortfolioPdf(
  report: PortfolioReportSource,
  target: string | Writable,
  title = PORTFOLIO_PDF_TITLE,
  reasons: HazardReasons = engineHazardReasons(),
  totals?: ReportFileTotals,
): Promise<void> {
  const writer = new PortfolioPdfWriter(target, title);
  const gathered = totals ?? new ReportFileTotals();
  try {
    let n = 0;
    for await (const loc of openLocations(report)) {
      if (!totals) gathered.add(loc);
      writer.row(appendixCells(loc));
      if (++n % 500 === 0) await new Promise((r) => setImmediate(r));
    }
    await writer.finish(portfolioPdfFront(report, gathered, reasons, title));
  } catch (error) {
    await writer.abort();
    throw error;
  }
}
