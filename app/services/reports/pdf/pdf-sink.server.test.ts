import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ReportFileTotals } from "~/domain/reports/file-totals";
import { assessedLocation, locationScores, portfolioReport } from "../../../../tests/support/report-fixtures";
import { SLOT_COUNT } from "~/domain/hazards/scenarios";
import { pdfPageSizes, pdfPages, pdfText } from "../../../../tests/support/pdf-text";
import { appendixCells, portfolioPdfFront } from "./portfolio-pdf.server";
import { writePortfolioPdf } from "../../../../tests/support/portfolio-pdf";
import { portfolioPdfSink } from "./pdf-sink.server";

const dir = mkdtempSync(path.join(tmpdir(), "pdf-sink-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Enough rows for an appendix of many pages. */
const locations = Array.from({ length: 2_600 }, (_, i) =>
  assessedLocation({
    rowNumber: i + 2,
    assetId: `SITE-${i}`,
    name: i % 7 === 0 ? `Depot ${i} with a rather long name that the appendix has to cut` : `Depot ${i}`,
    lat: 40 + (i % 50) / 10,
    lon: 2 + (i % 30) / 10,
    scores: locationScores((i % 10) / 10, { FD: [0.1, ...Array(SLOT_COUNT - 1).fill(0.45 + (i % 5) / 10)], SS: "na" }),
  }),
);
const report = portfolioReport(locations, { inputFile: { name: "depots.csv", sha256: "d".repeat(64) } });
const reasons = () => "a reason";

/** Writes the report through the job's sink: rows first, the first pages' data after them. */
async function writeThroughSink(file: string) {
  const sink = portfolioPdfSink();
  const written = sink.writeTo(file);
  const totals = new ReportFileTotals();
  for (const loc of locations) {
    totals.add(loc);
    const wait = sink.row(appendixCells(loc));
    if (wait) await wait;
  }
  sink.finish(portfolioPdfFront(report, totals, reasons));
  await written;
}

describe("the portfolio PDF written from the report job's pass", () => {
  it("writes the same document as this thread does, first pages in front, every page numbered in order", async () => {
    const here = path.join(dir, "here.pdf");
    const there = path.join(dir, "there.pdf");
    await writePortfolioPdf(report, here, undefined, reasons);
    await writeThroughSink(there);
    const pages = await pdfPages(readFileSync(there));
    expect(pages.join("\n")).toBe(await pdfText(readFileSync(here)));
    expect(pages.length).toBeGreaterThan(40);
    expect(pages[0]).toContain("Portfolio climate risk report");
    expect(pages[0]).toContain("depots.csv");
    const firstAppendix = pages.findIndex((p) => p.includes("Appendix: every row of the input file"));
    expect(firstAppendix).toBeGreaterThan(pages.findIndex((p) => p.includes("Methodology and dataset")));
    expect(pages[firstAppendix]).toMatch(/\b2\s+SITE-0\s+Depot 0/);
    expect(pages.at(-1)).toContain(`SITE-${locations.length - 1}`);
    pages.forEach((text, i) => expect(text).toContain(`Portfolio climate risk report - page ${i + 1}`));
    // Every page is A4, the landscape appendix pages and the pages a table runs onto included.
    const sizes = await pdfPageSizes(readFileSync(there));
    expect(new Set(sizes.map(([w, h]) => [w, h].sort((a, b) => a - b).join("x")))).toEqual(new Set(["595x842"]));
    expect(sizes.filter(([w, h]) => w > h).length).toBeGreaterThan(30);
    // Two documents drawn and one read back page by page: about 20 s on a loaded 2-core machine.
  }, 120_000);

  it("fails the file, and the rows handed over after, when it cannot be written", async () => {
    const sink = portfolioPdfSink();
    const written = sink.writeTo(path.join(dir, "no-such-folder", "x.pdf"));
    written.catch(() => undefined);
    let stopped: unknown = null;
    for (const loc of locations) {
      try {
        const wait = sink.row(appendixCells(loc));
        if (wait) await wait;
      } catch (error) {
        stopped = error;
        break;
      }
    }
    if (!stopped) sink.finish(portfolioPdfFront(report, await ReportFileTotals.of(locations), reasons));
    await expect(written).rejects.toThrow(/ENOENT|no such file/);
    await sink.abort();
  });

  it("stops on abort: the file is closed unfinished and the file's promise rejects", async () => {
    const file = path.join(dir, "aborted.pdf");
    const sink = portfolioPdfSink();
    const written = sink.writeTo(file);
    written.catch(() => undefined);
    for (const loc of locations.slice(0, 1_500)) await sink.row(appendixCells(loc));
    await sink.abort();
    await expect(written).rejects.toThrow("stopped before it was complete");
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file).toString("latin1")).not.toContain("%%EOF");
    await expect(sink.row(appendixCells(locations[0]!)) ?? Promise.resolve()).rejects.toThrow();
  });
});
