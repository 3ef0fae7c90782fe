import { portfolioReports } from "#db/schema/index";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { PREVIEW_MIN_HEXAGONS } from "~/domain/portfolio/preview-rule";
import type { DisclosureTables } from "~/domain/reports/disclosure";
import { LENDER_SITES, lenderCsv } from "../../../../tests/support/lender-portfolio";
import { buildReport, reportOfUpload, type ReportOutputs } from "./report.server";
import { findUpload, ingestUpload } from "../upload/uploads.server";

const getDb = setupTestDatabase();

async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text, "utf8");
}

async function reportOf(uploadId: string, userId: string) {
  const upload = await findUpload(uploadId, { userId });
  const [row] = await getDb().insert(portfolioReports).values({ uploadId: upload.id, userId, total: 20 }).returning();
  await buildReport(row!.id);
  const done = await reportOfUpload(upload.id);
  expect(done!.status).toBe("done");
  return done!.result as unknown as ReportOutputs & { disclosure: DisclosureTables };
}

describe("the preview rule: the preview shows the paid report's figures, or none", () => {
  it("gives a free-plan uploader the report's share at High or above for every hazard, scenario and horizon", async () => {
    const user = await createUser(getDb(), { planCode: "DISCOVERY" });
    const preview = await ingestUpload({
      fileName: "book.csv",
      data: once(lenderCsv()),
      owner: { userId: user.id, plan: "DISCOVERY" },
    });
    expect(preview.valid_locations).toBe(LENDER_SITES.length);
    expect(preview.figures).toEqual({
      shown: true,
      distinct_hexagons: LENDER_SITES.length,
      min_hexagons: PREVIEW_MIN_HEXAGONS,
    });
    const report = await reportOf(preview.upload_id, user.id);

    let compared = 0;
    let atRisk = 0;
    for (const row of report.disclosure.hazards)
      for (const cell of row.cells) {
        const shown = preview.summary_table.find(
          (r) => r.hazard_id === row.hazardId && r.scenario === cell.scenario && r.period === cell.period,
        )!;
        expect(shown.at_risk_share, `${row.hazardId} ${cell.scenario} ${cell.period}`).toBeCloseTo(
          cell.shareAssets!,
          3,
        );
        expect(shown.counts.H + shown.counts.S + shown.counts.E).toBe(cell.assetsAtRisk);
        compared++;
        atRisk += cell.assetsAtRisk;
      }
    expect(compared).toBe(11 * 10);
    // The book has sites at High or above somewhere, so equal figures are not two empty tables.
    expect(atRisk).toBeGreaterThan(0);
    // The report's own summary table says the same.
    expect(report.summary_table.map((r) => [r.hazard_id, r.scenario, r.period, r.at_risk_share])).toEqual(
      preview.summary_table.map((r) => [r.hazard_id, r.scenario, r.period, r.at_risk_share]),
    );
    // A preview hides detail: no weighted mean, which over few cells would come close to one cell's value.
    expect(preview.summary_table.every((r) => r.weighted.value === null && r.weighted.score === null)).toBe(true);
  });

  it("withholds every figure over fewer distinct hexagons than the rule asks, rather than show others", async () => {
    const few = LENDER_SITES.slice(0, PREVIEW_MIN_HEXAGONS - 1);
    const preview = await ingestUpload({
      fileName: "few.csv",
      data: once(lenderCsv(few)),
      owner: { userId: null, plan: null },
    });
    expect(preview.valid_locations).toBe(few.length);
    expect(preview.figures).toEqual({
      shown: false,
      distinct_hexagons: few.length,
      min_hexagons: PREVIEW_MIN_HEXAGONS,
    });
    expect(preview.piecharts).toEqual([]);
    expect(preview.summary_table).toEqual([]);
  });
});
