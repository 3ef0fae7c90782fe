import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { assessedLocation, locationScores, portfolioReport } from "../../../tests/support/report-fixtures";
import { HISTORICAL_LABEL } from "~/domain/hazards/scenarios";
import type { DisclosureTables } from "~/domain/reports/disclosure";
import { disclosureFor, exportDisclosure } from "./corporate.server";
import { getOwnedReportFile, listReportFiles, reportFileResponse, safeFileName, storeReportFile } from "./files.server";
import { listUserPortfolios, loadUserPortfolio, setPortfolioReportStore } from "./portfolios.server";

const dataDir = mkdtempSync(path.join(tmpdir(), "report-files-"));
process.env.DATA_DIR = dataDir;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const getDb = setupTestDatabase();

describe("report files", () => {
  it("stores a file, lists it for its owner only and streams it back; anyone else gets 404", async () => {
    const owner = (await createUser(getDb()))!;
    const other = (await createUser(getDb()))!;
    const file = await storeReportFile(
      {
        userId: owner.id,
        kind: "portfolio_pdf",
        sourceId: "r1",
        title: "Portfolio report",
        baseName: 'sites: Q3/"final"',
      },
      async (target) => writeFileSync(target, "%PDF-1.3 test"),
      getDb(),
    );
    expect(file.fileName).toBe("sites-Q3final.pdf");
    expect(file.bytes).toBe(13);
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await listReportFiles(owner.id, ["pdf"], getDb())).map((f) => f.id)).toEqual([file.id]);
    expect(await listReportFiles(owner.id, ["xlsx"], getDb())).toEqual([]);
    expect(await listReportFiles(other.id, undefined, getDb())).toEqual([]);

    const res = await reportFileResponse(await getOwnedReportFile(owner.id, file.id, "pdf", getDb()));
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="sites-Q3final.pdf"');
    expect(await res.text()).toBe("%PDF-1.3 test");

    await expect(getOwnedReportFile(other.id, file.id, "pdf", getDb())).rejects.toMatchObject({ status: 404 });
    await expect(getOwnedReportFile(owner.id, file.id, "xlsx", getDb())).rejects.toMatchObject({ status: 404 });
    await expect(getOwnedReportFile(owner.id, "not-a-uuid", "pdf", getDb())).rejects.toMatchObject({ status: 404 });
  });

  it("leaves nothing behind when writing fails", async () => {
    const owner = (await createUser(getDb()))!;
    await expect(
      storeReportFile(
        { userId: owner.id, kind: "portfolio_xlsx", title: "x", baseName: "x" },
        async (target) => {
          writeFileSync(target, "half");
          throw new Error("disk full");
        },
        getDb(),
      ),
    ).rejects.toThrow("disk full");
    expect(await listReportFiles(owner.id, undefined, getDb())).toEqual([]);
  });

  it("safeFileName keeps names readable", () => {
    expect(safeFileName("../../etc/passwd")).toBe("etcpasswd");
    expect(safeFileName("")).toBe("report");
    expect(safeFileName("Café list 2026")).toBe("Cafe-list-2026");
  });
});

describe("corporate export", () => {
  afterEach(() => setPortfolioReportStore(null));

  it("exports the chosen portfolio's disclosure for its owner and refuses others", async () => {
    const owner = (await createUser(getDb()))!;
    const other = (await createUser(getDb()))!;
    const report = portfolioReport(
      [assessedLocation({ rowNumber: 2, countryCode: "FR", weight: 10, scores: locationScores(0.1, { FD: 0.5 }) })],
      { reportId: "p-1", inputFile: { name: "book.xlsx", sha256: "d".repeat(64) } },
    );
    const kept = new Map<string, DisclosureTables>();
    let computed = 0;
    setPortfolioReportStore({
      list: async (userId) =>
        userId === owner.id
          ? [{ id: "p-1", fileName: "book.xlsx", createdAt: report.metadata.createdAt, assets: 1 }]
          : [],
      load: async (userId, id) => (userId === owner.id && id === "p-1" ? report : null),
      storedDisclosure: async (userId, id) => kept.get(`${userId}/${id}`) ?? null,
      storeDisclosure: async (userId, id, tables) => {
        computed++;
        kept.set(`${userId}/${id}`, tables);
      },
    });
    expect(await listUserPortfolios(owner.id)).toHaveLength(1);
    await expect(loadUserPortfolio(other.id, "p-1")).rejects.toMatchObject({ status: 404 });
    await expect(
      exportDisclosure(other.id, "p-1", "xlsx", { scenario: "rcp45", period: "2050" }, getDb()),
    ).rejects.toMatchObject({ status: 404 });

    const id = await exportDisclosure(owner.id, "p-1", "xlsx", { scenario: "rcp45", period: "2050" }, getDb());
    const file = await getOwnedReportFile(owner.id, id, "xlsx", getDb());
    expect(file.kind).toBe("corporate_xlsx");
    expect(file.fileName).toBe("disclosure-book.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await (await reportFileResponse(file)).arrayBuffer());
    const fd = (wb.getWorksheet("Exposure by hazard")!.getSheetValues() as unknown[][]).find(
      (r) => r && r[1] === "FD River flood" && r[2] === HISTORICAL_LABEL,
    )!;
    expect(fd.slice(3, 6)).toEqual([1, 1, 100]);

    // The tables are computed from the locations once, then read back from the report.
    const again = await disclosureFor(owner.id, "p-1");
    expect(computed).toBe(1);
    expect(again.tables).toEqual(kept.get(`${owner.id}/p-1`));
  });
});
