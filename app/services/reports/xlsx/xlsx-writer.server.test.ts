import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, describe, expect, it } from "vitest";
import { XlsxWorkbookWriter, columnLetters } from "./xlsx-writer.server";

const dir = mkdtempSync(path.join(tmpdir(), "xlsx-writer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A workbook of two sheets, the second written first and shown as the first tab. */
async function sample(file: string) {
  const wb = new XlsxWorkbookWriter(createWriteStream(file), {
    creator: "Tests & Co",
    created: new Date("2026-03-04T05:06:07.890Z"),
  });
  const data = await wb.addSheet("Data", { widths: [8, 30], frozen: { columns: 1, rows: 1 } });
  data.row(["Id", "Text", "Value"]);
  data.row([1, "  padded  ", 0.25]);
  data.row([2, "<a & 'b' \"c\">", null, "after a gap"]);
  data.row([3, "=SUM(A1:A2)", -7]);
  const shared = data.tailCells(["lvl", 4], 2);
  for (let i = 0; i < 12; i++) data.row([10 + i, `row ${i}`], shared);
  const summary = await wb.addSheet("Summary");
  summary.row(["Title"]);
  await wb.finish(["Summary"]);
}

describe("the XLSX writer", () => {
  it("writes column letters past Z", () => {
    expect([1, 26, 27, 52, 53, 702, 703, 16384].map(columnLetters)).toEqual([
      "A",
      "Z",
      "AA",
      "AZ",
      "BA",
      "ZZ",
      "AAA",
      "XFD",
    ]);
  });

  it("writes a workbook exceljs reads back: tabs in the given order, values, escaped and guarded text, widths, frozen pane, creator", async () => {
    const file = path.join(dir, "sample.xlsx");
    await sample(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Summary", "Data"]);
    expect(wb.creator).toBe("Tests & Co");
    expect(wb.created.toISOString()).toBe("2026-03-04T05:06:07.000Z");
    const ws = wb.getWorksheet("Data")!;
    const values = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(["Id", "Text", "Value"]);
    expect(values(2)).toEqual([1, "  padded  ", 0.25]);
    expect(values(3)).toEqual([2, "<a & 'b' \"c\">", undefined, "after a gap"]);
    // formula guard: text that would start a formula is written as text behind an apostrophe
    expect(values(4)).toEqual([3, "'=SUM(A1:A2)", -7]);
    expect(ws.getCell("C4").type).toBe(ExcelJS.ValueType.Number);
    // shared cells carry each row's own number
    for (let i = 0; i < 12; i++) expect(values(5 + i)).toEqual([10 + i, `row ${i}`, "lvl", 4]);
    expect(ws.getCell(`D${16}`).value).toBe(4);
    expect(ws.rowCount).toBe(16);
    expect(ws.getColumn(1).width).toBe(8);
    expect(ws.getColumn(2).width).toBe(30);
    expect(ws.views[0]).toMatchObject({ state: "frozen", xSplit: 1, ySplit: 1 });
    expect((wb.getWorksheet("Summary")!.getRow(1).values as unknown[])[1]).toBe("Title");
  });

  it("writes a file LibreOffice converts, with the same cells (when LibreOffice is installed)", async (ctx) => {
    const office = ["libreoffice", "soffice"].find((bin) => spawnSync("sh", ["-c", `command -v ${bin}`]).status === 0);
    if (!office) return ctx.skip("LibreOffice is not installed here");
    const file = path.join(dir, "office.xlsx");
    await sample(file);
    // Every sheet to its own UTF-8 CSV file (the filter's last token, -1), named after the sheet.
    const filter = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1";
    const run = spawnSync(office, ["--headless", "--convert-to", filter, "--outdir", dir, file], {
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(path.join(dir, "office-Summary.csv"), "utf8").trim()).toBe("Title");
    const data = readFileSync(path.join(dir, "office-Data.csv"), "utf8").trim().split("\n");
    expect(data.slice(0, 4)).toEqual([
      "Id,Text,Value,",
      "1,  padded  ,0.25,",
      `2,"<a & 'b' ""c"">",,after a gap`,
      "3,'=SUM(A1:A2),-7,",
    ]);
    expect(data.at(-1)).toBe("21,row 11,lvl,4");
  }, 150_000);
});
