import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { afterAll, describe, expect, it } from "vitest";
import { computeDisclosure } from "~/domain/reports/disclosure";
import { assessedLocation, locationScores, portfolioReport } from "../../../tests/support/report-fixtures";
import { PER_HAZARD_IDS } from "~/domain/hazards/hazards";
import { SLOT_COUNT } from "~/domain/hazards/scenarios";
import { bandSentence } from "~/risk/explain/band-meanings";
import { pdfPages, pdfText } from "../../../tests/support/pdf-text";
import { engineHazardReasons } from "./hazard-reasons.server";
import { ReportFileTotals } from "~/domain/reports/file-totals";
import { openLocations } from "~/domain/reports/types";
import { PDF_APPENDIX_MAX_ROWS, appendixCapNote, appendixCells } from "./pdf/portfolio-pdf.server";
import { writePortfolioPdf } from "../../../tests/support/portfolio-pdf";
import { writeDisclosurePdf } from "./pdf/disclosure-pdf.server";
import { openDoc, t } from "./pdf/pdf-toolkit.server";
import { writeDisclosureXlsx, writePortfolioXlsx } from "./xlsx/xlsx.server";

const dir = mkdtempSync(path.join(tmpdir(), "report-gen-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const columns = ["Site ref", "Site", "lat", "lon", "Insured value", "Comment"];
const locations = [
  assessedLocation({
    rowNumber: 2,
    assetId: '=HYPERLINK("http://evil")',
    name: "Lyon depot",
    countryCode: "FR",
    weight: 250,
    userColumns: {
      "Site ref": '=HYPERLINK("http://evil")',
      Site: "Lyon depot",
      lat: "45.76",
      lon: "4.84",
      "Insured value": "250",
      Comment: "+cmd|calc",
    },
    scores: locationScores(0.1, { FD: [0.1, ...Array(SLOT_COUNT - 1).fill(0.45)], SS: "na", SL: null }),
  }),
  assessedLocation({
    rowNumber: 3,
    assetId: "WH-2",
    name: "Hamburg port",
    countryCode: "DE",
    weight: 750,
    duplicateOf: 2,
    userColumns: {
      "Site ref": "WH-2",
      Site: "Hamburg port",
      lat: "53.55",
      lon: "9.99",
      "Insured value": "750",
      Comment: "-0.5",
    },
    scores: locationScores(0.1, { SS: 0.85 }),
  }),
  assessedLocation({
    rowNumber: 4,
    assetId: "SEA-1",
    name: "Offshore",
    status: "excluded",
    reason: "The point is at sea (outside every country outline)",
    scores: null,
    countryCode: null,
    hexagon: null,
    userColumns: { "Site ref": "SEA-1", Site: "Offshore", lat: "0", lon: "0", "Insured value": "", Comment: "" },
  }),
];
const report = portfolioReport(locations, {
  columns,
  weightingColumn: "Insured value",
  inputFile: { name: "sites;semicolon.csv", sha256: "c".repeat(64) },
});

async function readXlsx(file: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return wb;
}

function rowValues(ws: ExcelJS.Worksheet, n: number): unknown[] {
  return (ws.getRow(n).values as unknown[]).slice(1);
}

describe("portfolio XLSX", () => {
  it("writes one row per input row with the user's id and columns, every hazard × slot, neutralised text", async () => {
    const file = path.join(dir, "p.xlsx");
    const { rows, disclosure } = await writePortfolioXlsx(report, file);
    expect(rows).toBe(3);
    // The tables it wrote, from the same pass: what the corporate view computes from the same rows.
    expect(disclosure).toEqual(await computeDisclosure(report));
    const wb = await readXlsx(file);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      "Summary",
      "Locations",
      "Exposure by hazard",
      "Exposure by country",
      "EU Taxonomy",
      "Legend",
    ]);
    const ws = wb.getWorksheet("Locations")!;
    const header = rowValues(ws, 1) as string[];
    expect(header.slice(0, 3)).toEqual(["Row", "Asset id", "Name"]);
    for (const c of columns) expect(header).toContain(c);
    // 12 hazards × 10 slots × (level, value)
    expect(header.filter((h) => / \| level( \(screening index\))?$/.test(h))).toHaveLength(120);
    expect(header.filter((h) => / \| level \(screening index\)$/.test(h))).toHaveLength(20);
    expect(header).toContain("FD River flood | RCP4.5 2030 | level (screening index)");
    const lyon = rowValues(ws, 2);
    expect(lyon[0]).toBe(2);
    expect(lyon[1]).toBe('\'=HYPERLINK("http://evil")');
    expect(lyon[header.indexOf("Site ref")]).toBe('\'=HYPERLINK("http://evil")');
    expect(lyon[header.indexOf("Comment")]).toBe("'+cmd|calc");
    expect(lyon[header.indexOf("FD River flood | Historical (1950-1999) | level (screening index)")]).toBe(1);
    expect(lyon[header.indexOf("FD River flood | RCP8.5 2050 | level (screening index)")]).toBe(3);
    expect(lyon[header.indexOf("FD River flood | RCP8.5 2050 | value (screening index)")]).toBe(0.45);
    expect(lyon[header.indexOf("SS Storm surge | Historical (1950-1999) | level (screening index)")]).toBe("n/a");
    expect(lyon[header.indexOf("SL Sea-level rise | Historical (1950-1999) | level")]).toBe("no data");
    const hamburg = rowValues(ws, 3);
    // the user's numbers come back as numbers
    expect(hamburg[header.indexOf("Comment")]).toBe(-0.5);
    expect(hamburg[header.indexOf("Insured value")]).toBe(750);
    expect(lyon[header.indexOf("lat")]).toBe(45.76);
    expect(hamburg[header.indexOf("SS Storm surge | RCP2.6 2040 | level (screening index)")]).toBe(5);
    expect(hamburg[header.indexOf("Duplicate of row")]).toBe(2);
    expect(lyon[header.indexOf("Duplicate of row")] ?? null).toBeNull();
    const sea = rowValues(ws, 4);
    expect(sea[3]).toBe("excluded");
    expect(sea[4]).toMatch(/at sea/);
    expect(ws.rowCount).toBe(4);

    const summary = wb.getWorksheet("Summary")!;
    const summaryText = JSON.stringify(summary.getSheetValues());
    expect(summaryText).toContain("c".repeat(64));
    expect(summaryText).toContain("Insured value");

    const hz = wb.getWorksheet("Exposure by hazard")!;
    const fdRows = (hz.getSheetValues() as unknown[][]).filter((r) => r && r[1] === "FD River flood");
    expect(fdRows).toHaveLength(SLOT_COUNT);
    // RCP8.5 2050: Lyon (250 of 1000) at High or above → 50 % of assets, 25 % of value
    const rcp85 = fdRows.find((r) => r[2] === "RCP8.5 2050")!;
    expect(rcp85.slice(3, 9)).toEqual([2, 1, 50, 1000, 250, 25]);
  });

  it("reads as a spreadsheet: one column per name, widths, a frozen header row, no column without values", async () => {
    const own = ["Country", "Asset code", "Value (EUR)"];
    const book = portfolioReport(
      [
        assessedLocation({
          rowNumber: 2,
          countryCode: "FR",
          userColumns: { Country: "France", "Asset code": "007", "Value (EUR)": "1 200 000,5" },
        }),
        assessedLocation({
          rowNumber: 3,
          countryCode: "DE",
          userColumns: { Country: "Germany", "Asset code": "0815", "Value (EUR)": "830000" },
        }),
      ],
      { columns: own },
    );
    const file = path.join(dir, "s.xlsx");
    await writePortfolioXlsx(book, file);
    const wb = await readXlsx(file);
    const ws = wb.getWorksheet("Locations")!;
    const header = rowValues(ws, 1) as string[];
    expect(header.filter((h) => h === "Country")).toHaveLength(1);
    expect(header).toContain("Country (your file)");
    expect(new Set(header).size).toBe(header.length);
    const paris = rowValues(ws, 2);
    expect(paris[header.indexOf("Country")]).toBe("FR");
    expect(paris[header.indexOf("Country (your file)")]).toBe("France");
    expect(paris[header.indexOf("Value (EUR)")]).toBe(1200000.5);
    expect(paris[header.indexOf("Asset code")]).toBe("007");
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(ws.getColumn(header.indexOf("Name") + 1).width).toBeGreaterThanOrEqual(20);
    expect(ws.getColumn(header.indexOf("Value (EUR)") + 1).width).toBeGreaterThanOrEqual(10);
    const missing = header.filter((_, i) => !(Number(ws.getColumn(i + 1).width) > 0));
    expect(missing).toEqual([]);
    // electricity and farmland at risk have no values anywhere: they are not in the workbook
    const summaryText = JSON.stringify(wb.getWorksheet("Summary")!.getSheetValues());
    expect(summaryText).not.toMatch(/Electricity|Agricultural|not available/);
    expect(summaryText).toContain("Population at risk");
  });

  it("writes a readable workbook when the user's cells hold characters XML forbids", async () => {
    const bad = assessedLocation({
      rowNumber: 2,
      assetId: "A\uFFFF1",
      name: "Depot\u0001",
      userColumns: {
        "Site ref": "A\uFFFF1",
        Site: "Depot\u0001",
        lat: "45.76",
        lon: "4.84",
        "Insured value": "1",
        Comment: "\uFFFE\u0008note",
      },
    });
    const file = path.join(dir, "forbidden.xlsx");
    await writePortfolioXlsx(portfolioReport([bad], { columns: [...columns, "Bad\uFFFFcolumn"] }), file);
    const ws = (await readXlsx(file)).getWorksheet("Locations")!;
    const header = rowValues(ws, 1) as string[];
    expect(header).toContain("Badcolumn");
    const row = rowValues(ws, 2);
    expect(row[1]).toBe("A1");
    expect(row[2]).toBe("Depot");
    expect(row[header.indexOf("Comment")]).toBe("note");
  });

  it("writes every row's own number into cells it shares with other rows, across row numbers of every width", async () => {
    // Two hexagons' scores alternate: their cells are kept once each and written into rows 2 … 1,501 (over 10 MB, more
    // than the writer lets wait for the zip), with a user cell larger than a chunk of rows in one of them.
    const shared = [locationScores(0.1, { FD: 0.9 }), locationScores(0.5, { HW: 0.05 })];
    const long = "x".repeat(300_000);
    const many = Array.from({ length: 1500 }, (_, i) =>
      assessedLocation({
        rowNumber: i + 2,
        scores: shared[i % 2]!,
        userColumns: { Note: i === 500 ? long : `n${i + 2}` },
      }),
    );
    const file = path.join(dir, "widths.xlsx");
    await writePortfolioXlsx(portfolioReport(many, { columns: ["Note"] }), file);
    const ws = (await readXlsx(file)).getWorksheet("Locations")!;
    const header = rowValues(ws, 1) as string[];
    const fdLevel = header.indexOf("FD River flood | RCP8.5 2050 | level (screening index)");
    const hwValue = header.indexOf("HW Heat wave | Historical (1950-1999) | value");
    expect(ws.rowCount).toBe(1501);
    for (const n of [2, 3, 9, 10, 11, 99, 100, 101, 502, 999, 1000, 1001, 1501]) {
      const row = rowValues(ws, n);
      expect(row[0]).toBe(n);
      expect(row[header.indexOf("Note")]).toBe(n === 502 ? long : `n${n}`);
      expect(row[fdLevel]).toBe(n % 2 === 0 ? 5 : 3);
      expect(row[hwValue]).toBe(n % 2 === 0 ? 0.1 : 0.05);
      expect(row.length).toBe(header.length);
    }
  });

  it("writes the disclosure workbook", async () => {
    const file = path.join(dir, "d.xlsx");
    await writeDisclosureXlsx(report, await computeDisclosure(report), file);
    const wb = await readXlsx(file);
    const tx = JSON.stringify(wb.getWorksheet("EU Taxonomy")!.getSheetValues());
    expect(tx).toContain("Regulation (EU) 2021/2139");
    expect(tx).toContain("Water-related");
    expect(tx).toContain("Sea level rise");
    const ct = JSON.stringify(wb.getWorksheet("Exposure by country")!.getSheetValues());
    expect(ct).toContain("ESRS E1-9 para 66(c)");
    expect(ct).toContain("DE DE");
  });
});

describe("portfolio PDF", () => {
  it("has the cover, summary, per-hazard tables, methodology and a row per location in the appendix", async () => {
    const file = path.join(dir, "p.pdf");
    await writePortfolioPdf(report, file);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(4);
    const text = pages.join("\n");
    expect(pages[0]).toContain("Portfolio climate risk report");
    expect(pages[0]).toContain("sites;semicolon.csv");
    expect(pages[0]).toContain("c".repeat(64));
    expect(text).toContain("Locations by aggregate risk level, historical (1950-1999)");
    // every hazard's bands in physical units, and the years of the historical slot
    const squeezedText = text.replace(/\s+/g, "");
    for (const h of PER_HAZARD_IDS) expect(squeezedText, h).toContain(t(bandSentence(h)).replace(/\s+/g, ""));
    expect(text).toContain("FD River flood");
    expect(text).toContain("Methodology and dataset");
    expect(text).toContain("dataset version 1.0.0");
    const appendix = pages.at(-1)!;
    expect(appendix).toContain("Lyon depot");
    expect(appendix).toContain("WH-2");
    expect(appendix).toContain("at sea");
    expect(appendix).toContain("1/3");
    expect(appendix).toContain("Dup. of");
    expect(appendix).toMatch(/WH-2\s+Hamburg port\s+row 2\b/);
    expect(text).toContain("ESRS E1-9 para 66(a)");
  });

  it("explains its most exposed locations: their highest hazards, today and in RCP8.5 2050", async () => {
    const file = path.join(dir, "p-reasons.pdf");
    await writePortfolioPdf(
      report,
      file,
      undefined,
      (loc, h, slot) => `[${h} ${slot.scenario} ${slot.period} at ${loc.hexagon}]`,
    );
    const text = (await pdfText(readFileSync(file))).replace(/\s+/g, " ");
    expect(text).toContain("Why the most exposed locations score as they do");
    // Hamburg's storm surge is 5 Extreme in every slot: its highest hazard
    const hamburg = locations.find((l) => l.name === "Hamburg port")!;
    expect(text).toContain(`Row 3 Hamburg port`);
    expect(text).toContain(`Storm surge, Historical (1950-1999): [SS hist hist at ${hamburg.hexagon}]`);
    expect(text).toContain(`Storm surge, RCP8.5 2050: [SS rcp85 2050 at ${hamburg.hexagon}]`);
    // Lyon's river flood rises to High in the future slots: it is among Lyon's highest
    expect(text).toContain(
      `River flood, RCP8.5 2050: [FD rcp85 2050 at ${locations.find((l) => l.name === "Lyon depot")!.hexagon}]`,
    );
    // rows left out are not explained
    expect(text).not.toMatch(/Row 4 Offshore/);
  });

  it("prints the engine's own sentences for them, word for word", async () => {
    const file = path.join(dir, "p-engine.pdf");
    await writePortfolioPdf(report, file);
    const squeezed = (await pdfText(readFileSync(file))).replace(/\s+/g, "");
    const hamburg = locations.find((l) => l.name === "Hamburg port")!;
    const sentence = engineHazardReasons()(hamburg, "SS", { scenario: "hist", period: "hist" });
    expect(sentence).toMatch(/; that is (Low|Moderate|High|Severe|Extreme)\.$|does not apply/);
    expect(squeezed).toContain(t(`Storm surge, Historical (1950-1999): ${sentence}`).replace(/\s+/g, ""));
  });

  it("lists the first rows in the appendix and says where every row is when the file has more", async () => {
    const many = Array.from({ length: PDF_APPENDIX_MAX_ROWS + 3 }, (_, i) =>
      assessedLocation({
        rowNumber: i + 2,
        assetId: `A-${i}`,
        name: `Site ${i}`,
        countryCode: "DE",
        lat: 50 + (i % 40) / 10,
        lon: 8,
      }),
    );
    const file = path.join(dir, "p-capped.pdf");
    await writePortfolioPdf(portfolioReport(many, { columns: [] }), file, undefined, () => "a reason");
    const pages = await pdfPages(readFileSync(file));
    const text = pages.join("\n");
    expect(text.replace(/\s+/g, " ")).toContain(
      appendixCapNote(PDF_APPENDIX_MAX_ROWS, PDF_APPENDIX_MAX_ROWS + 3).replace(/\s+/g, " "),
    );
    expect(text).toContain(`A-${PDF_APPENDIX_MAX_ROWS - 1}`);
    expect(text).not.toContain(`A-${PDF_APPENDIX_MAX_ROWS}`);
    pages.forEach((page, i) => expect(page).toContain(`Portfolio climate risk report - page ${i + 1}`));
    // a report of more rows than the appendix holds, written and read back whole: minutes on a loaded machine
  }, 120_000);

  it("draws the same report from totals the job gathered as from its own first pass", async () => {
    const totals = await ReportFileTotals.of(openLocations(report));
    const own = path.join(dir, "p-own.pdf");
    const gathered = path.join(dir, "p-gathered.pdf");
    await writePortfolioPdf(report, own);
    await writePortfolioPdf(
      { ...report, locations: () => openLocations(report) },
      gathered,
      undefined,
      undefined,
      totals,
    );
    expect(await pdfText(readFileSync(gathered))).toBe(await pdfText(readFileSync(own)));
  });

  it("writes the disclosure PDF with the audit trail", async () => {
    const file = path.join(dir, "d.pdf");
    await writeDisclosurePdf(report.metadata, await computeDisclosure(report), file);
    const text = await pdfText(readFileSync(file));
    expect(text).toContain("Physical climate risk disclosure");
    expect(text).toContain("Risk Team <risk@example.com>");
    expect(text).toContain("EU Taxonomy climate-related hazard classification");
    expect(text).toContain("IFRS S2 para 29(b)");
  });
});

describe("PDF output waiting for its target", () => {
  /** A target that takes one write and holds it until the test lets it go (or fails it). */
  function stuckTarget() {
    let release: ((error?: Error) => void) | null = null;
    let flowing = false;
    const target = new Writable({
      highWaterMark: 1,
      write(_chunk, _encoding, callback) {
        if (flowing) callback();
        else release = callback;
      },
    });
    return { target, release: (error?: Error) => release?.(error), flow: () => (flowing = true) };
  }

  /** Three pages of text, then a turn of the event loop: the first write reaches the target and holds it up. */
  async function fillPages(doc: ReturnType<typeof openDoc>["doc"]) {
    for (let i = 0; i < 3; i++) doc.text(`page ${i} `.repeat(200)).addPage();
    await new Promise((r) => setImmediate(r));
  }

  it("waits while more than the backlog is pending, and goes on once the target drains", async () => {
    const { target, release, flow } = stuckTarget();
    const opened = openDoc(target, "Backlog", 1);
    await fillPages(opened.doc);
    const waiting = opened.caughtUp();
    expect(waiting).not.toBeNull();
    let settled = false;
    void waiting!.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);
    // Let every write through from now on: the doc's backlog empties into the target and the wait ends.
    flow();
    release();
    await waiting;
    expect(opened.caughtUp()).toBeNull();
    opened.end();
    await opened.done;
  });

  it("stops waiting with the target's error, and the document's promise rejects with it too", async () => {
    const { target, release } = stuckTarget();
    const opened = openDoc(target, "Backlog", 1);
    await fillPages(opened.doc);
    const waiting = opened.caughtUp();
    expect(waiting).not.toBeNull();
    release(new Error("disk full"));
    await expect(waiting).rejects.toThrow("disk full");
    await expect(opened.done).rejects.toThrow("disk full");
  });

  it("stops waiting when the target closes without draining", async () => {
    const { target } = stuckTarget();
    const opened = openDoc(target, "Backlog", 1);
    await fillPages(opened.doc);
    const waiting = opened.caughtUp();
    expect(waiting).not.toBeNull();
    target.destroy();
    await expect(waiting).resolves.toBeUndefined();
  });
});

describe("a row's point precision in the files", () => {
  const placed = [
    assessedLocation({
      rowNumber: 2,
      assetId: "DE-010",
      name: "Filiale München",
      countryCode: "DE",
      precision: "city centroid",
      lat: 48.1374,
      lon: 11.5755,
    }),
    assessedLocation({
      rowNumber: 3,
      assetId: "FR-002",
      name: "Entrepôt Marseille",
      countryCode: "FR",
      precision: "coordinates swapped, corrected",
      lat: 43.297,
      lon: 5.3811,
    }),
    assessedLocation({
      rowNumber: 4,
      assetId: "DE-001",
      name: "Bürogebäude Köln",
      countryCode: "DE",
      precision: null,
      lat: 50.9375,
      lon: 6.9603,
    }),
  ];
  it("XLSX: a Precision column says which points are city centroids or corrected swaps", async () => {
    const file = path.join(dir, "precision.xlsx");
    await writePortfolioXlsx(portfolioReport(placed, { columns: [] }), file);
    const ws = (await readXlsx(file)).getWorksheet("Locations")!;
    const header = rowValues(ws, 1) as string[];
    const at = header.indexOf("Precision");
    expect([2, 3, 4].map((n) => [rowValues(ws, n)[1], rowValues(ws, n)[at]])).toEqual([
      ["DE-010", "city centroid"],
      ["FR-002", "coordinates swapped, corrected"],
      ["DE-001", "coordinates as given"],
    ]);
  });
  it("PDF appendix: the name cell carries the precision of a point that is not the file's own", () => {
    expect(placed.map((l) => appendixCells(l).slice(1, 3))).toEqual([
      ["DE-010", "Filiale München [city centroid]"],
      ["FR-002", "Entrepôt Marseille [coordinates swapped, corrected]"],
      ["DE-001", "Bürogebäude Köln"],
    ]);
  });
});
