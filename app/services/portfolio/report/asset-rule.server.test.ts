import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { portfolioReports, reportFiles } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { createUser } from "#db/factories";
import { PER_HAZARD_IDS, type PerHazardId } from "~/domain/hazards/hazards";
import { SLOTS } from "~/domain/hazards/scenarios";
import { DISCLOSURE_TABLES, type DisclosureTables } from "~/domain/reports/disclosure";
import ExcelJS from "exceljs";
import {
  TEMPLATE5_COLUMNS,
  TEMPLATE5_DEFAULTS,
  TEMPLATE5_ROWS,
  TEMPLATE5_TEXT,
  template5Definition,
  template5Kinds,
  type Template5Options,
} from "~/domain/reports/eba/template5";
import { getOwnedReportFile, reportFileResponse } from "../../reports/files.server";
import { formatAmount } from "~/domain/commerce/invoicing/money";
import { pdfPageImages } from "../../../../tests/support/pdf-images";
import { pdfText } from "../../../../tests/support/pdf-text";
import { cellValue } from "../../../../tests/support/template5-cells";
import { fileStoreOf } from "../../file-storage/store.server";
import { disclosureFor, exportDisclosure } from "../../reports/corporate.server";
import { writeDisclosurePdf } from "../../reports/pdf/disclosure-pdf.server";
import type { AssessedLocation } from "~/domain/reports/types";
import { stopJobs } from "../../infra/jobs.server";
import { findUpload, ingestUpload, setWeightColumn } from "../upload/uploads.server";
import { assessedLocations } from "./report-model.server";
import { buildReport, reportOfUpload, type ReportOutputs } from "./report.server";

const getDb = setupTestDatabase();

async function* once(b: Buffer): AsyncGenerator<Uint8Array> {
  yield b;
}

afterEach(async () => {
  await stopJobs();
});

/**
 * A German loan book: two loans at one city centroid (two ids, one place), one id twice with different values, an
 * exact duplicate row, two rows either side of the Rhine border, a wind farm at sea, and enough places for the
 * preview to show its figures.
 */
const HEADER =
  "Objekt-ID;Bezeichnung;Breitengrad;Längengrad;Marktwert EUR;NACE;Sicherheitenart;Bruttobuchwert EUR;Restlaufzeit;Stufe;Risikovorsorge";
const ROWS = [
  "K-1;Köln Büro;50,9375;6,9603;1.000.000,00;L68.2;Gewerbeimmobilie;900.000,00;4;1;1.000,00",
  "K-2;Köln Wohnung;50,9375;6,9603;2.000.000,00;;Wohnimmobilie;1.800.000,00;25;2;20.000,00",
  "B-1;Berlin Werk;52,52;13,405;500.000,00;C25;;450.000,00;12;1;500,00",
  "B-1;Berlin Werk;52,52;13,405;600.000,00;C25;;540.000,00;12;1;500,00",
  "M-1;München Lager;48,137;11,575;300.000,00;H52;Gewerbeimmobilie;250.000,00;7;3;60.000,00",
  "M-1;München Lager;48,137;11,575;300.000,00;H52;Gewerbeimmobilie;250.000,00;7;3;60.000,00",
  "S-1;Strasbourg agence;48,5734;7,7521;400.000,00;G47;Gewerbeimmobilie;380.000,00;2;1;0,00",
  "KE-1;Kehl Filiale;48,5729;7,8155;350.000,00;G47;;300.000,00;9;2;3.000,00",
  "SEA-1;Windpark Nordsee;54,0;3,0;900.000,00;D35;;850.000,00;15;1;0,00",
  "P-1;Paris bureau;48,8566;2,3522;700.000,00;M70;Gewerbeimmobilie;650.000,00;6;1;0,00",
  "MA-1;Madrid oficina;40,4168;-3,7038;250.000,00;F41;;200.000,00;3;1;0,00",
  "R-1;Roma ufficio;41,9028;12,4964;280.000,00;A01;;260.000,00;18;2;2.000,00",
  "W-1;Warszawa biuro;52,2297;21,0122;150.000,00;C10;Wohnimmobilie;140.000,00;22;1;0,00",
  "V-1;Wien Büro;48,2082;16,3738;220.000,00;K64;;200.000,00;1;1;0,00",
  "A-1;Amsterdam kantoor;52,3676;4,9041;330.000,00;L68;Wohnimmobilie;300.000,00;30;1;0,00",
  "LI-1;Lisboa escritório;38,7223;-9,1393;190.000,00;E36;;170.000,00;11;3;9.000,00",
  "PR-1;Praha kancelář;50,0755;14,4378;210.000,00;B08;;190.000,00;8;1;0,00",
];
const FILE = Buffer.from(`\uFEFF${[HEADER, ...ROWS].join("\r\n")}\r\n`);
/** Each distinct asset's market value, as its first row gives it. */
const ASSET_VALUES: Record<string, number> = {
  "K-1": 1e6,
  "K-2": 2e6,
  "B-1": 5e5,
  "M-1": 3e5,
  "S-1": 4e5,
  "KE-1": 3.5e5,
  "P-1": 7e5,
  "MA-1": 2.5e5,
  "R-1": 2.8e5,
  "W-1": 1.5e5,
  "V-1": 2.2e5,
  "A-1": 3.3e5,
  "LI-1": 1.9e5,
  "PR-1": 2.1e5,
};

describe("one figure per asset, from the preview to the report's disclosure tables", () => {
  it("bills each place once, counts each asset once, flags the conflicting id, and the preview equals the report", async () => {
    const db = getDb();
    const user = await createUser(db, {});
    const preview = await ingestUpload({
      fileName: "kreditbuch.csv",
      data: once(FILE),
      owner: { userId: user.id, plan: "PREMIUM" },
    });

    // counts: 17 rows = 14 assets + 2 repeats + 1 at sea; 13 places billed (two loans share the Köln point)
    expect(preview.total_locations).toBe(17);
    expect(preview.valid_locations).toBe(14);
    expect(preview.duplicate_locations).toBe(2);
    expect(preview.out_of_range_locations).toBe(1);
    expect(preview.billed_locations).toBe(13);
    expect(preview.duplicates).toEqual([
      { row: 5, duplicate_of: 4 },
      { row: 7, duplicate_of: 6 },
    ]);
    expect(preview.conflicts).toEqual([{ row: 5, duplicate_of: 4, id: "B-1" }]);
    expect(preview.shared_places).toEqual([{ row: 3, same_place_as: 2 }]);
    expect(preview.figures.shown).toBe(true);

    let upload = await findUpload(preview.upload_id, { userId: user.id });
    expect(upload.columnRoles).toMatchObject({
      value: 4,
      sector: 5,
      collateral: 6,
      carrying: 7,
      maturity: 8,
      stage: 9,
      impairment: 10,
    });
    await setWeightColumn(upload, "Marktwert EUR");
    upload = await findUpload(preview.upload_id, { userId: user.id });
    const [row] = await db
      .insert(portfolioReports)
      .values({ uploadId: upload.id, userId: user.id, total: preview.billed_locations })
      .returning();
    await buildReport(row!.id);
    const done = await reportOfUpload(upload.id);
    expect(done!.status).toBe("done");
    // billing: the job's progress counts the billed places; the assets are counted once each
    expect(done!.processed).toBe(preview.billed_locations);
    const r = done!.result as unknown as ReportOutputs & { disclosure: DisclosureTables };
    expect(r.output_request_stats.asset_number).toBe(14);

    // preview = report, level by level and share by share
    expect(r.piecharts).toEqual(preview.piecharts);
    expect(r.summary_table.map((x) => [x.hazard_id, x.scenario, x.period, x.counts, x.at_risk_share])).toEqual(
      preview.summary_table.map((x) => [x.hazard_id, x.scenario, x.period, x.counts, x.at_risk_share]),
    );

    // every row back, each repeat left out with its reason, and the assets' rows as the preview placed them
    const locations: AssessedLocation[] = [];
    for await (const l of assessedLocations(upload)) locations.push(l);
    const valid = locations.filter((l) => l.status === "valid");
    expect(valid.map((l) => l.assetId)).toEqual(Object.keys(ASSET_VALUES));
    expect(locations.find((l) => l.rowNumber === 5)!.reason).toMatch(/same asset id as row 4 with different values/);
    expect(locations.find((l) => l.rowNumber === 7)!.reason).toMatch(/same asset as row 6/);
    expect(valid.map((l) => l.rowNumber)).toEqual(
      preview.data.filter((d) => ![5, 7].includes(d.row)).map((d) => d.row),
    );
    // near the border each point keeps its own country
    expect(valid.find((l) => l.assetId === "S-1")!.countryCode).toBe("FR");
    expect(valid.find((l) => l.assetId === "KE-1")!.countryCode).toBe("DE");

    // EUR: the total is each asset's value once (the repeated id's second value not added)
    const t = r.disclosure;
    const total = Object.values(ASSET_VALUES).reduce((a, b) => a + b, 0);
    expect(t.money).toEqual({ column: "Marktwert EUR", currency: "EUR" });
    expect(t.totals.validAssets).toBe(14);
    expect(t.totals.weight).toBe(total);
    // EUR per hazard, recomputed from the assets' own levels
    for (const h of t.hazards)
      for (const c of h.cells) {
        const slot = SLOTS.find((s) => s.scenario === c.scenario && s.period === c.period)!.index;
        const atRisk = valid.filter((l) => (l.scores![h.hazardId][slot]!.level ?? 0) >= 3);
        expect(c.weightAtRisk, `${h.hazardId} ${c.scenario} ${c.period}`).toBe(
          atRisk.reduce((s, l) => s + ASSET_VALUES[l.assetId]!, 0),
        );
        expect(c.assetsAtRisk).toBe(atRisk.length);
      }
    // and over all hazards at each material level (ESRS E1-9 66(a)'s headline), each asset once
    expect(t.headline!.map((h) => h.level)).toEqual([3, 4, 5]);
    for (const h of t.headline!)
      for (const c of h.cells) {
        const slot = SLOTS.find((s) => s.scenario === c.scenario && s.period === c.period)!.index;
        const atRisk = valid.filter((l) => PER_HAZARD_IDS.some((id) => (l.scores![id][slot]!.level ?? 0) >= h.level));
        expect(c.weightAtRisk).toBe(atRisk.reduce((s, l) => s + ASSET_VALUES[l.assetId]!, 0));
        expect(c.shareWeight).toBeCloseTo(c.weightAtRisk / total, 12);
      }

    // Template 5 from the loan columns: the gross carrying amount of each row, the repeated id counted once
    const t5 = t.template5!;
    const gross = (key: string) => t5.rows.find((x) => x.key === key)!.cells.gross;
    expect(gross("C")).toEqual({ value: 450_000 + 140_000 });
    expect(gross("L")).toEqual({ value: 900_000 + 300_000 });
    expect(gross("residential")).toEqual({ value: 1_800_000 + 140_000 + 300_000 });
    expect(gross("commercial")).toEqual({ value: 900_000 + 250_000 + 380_000 + 650_000 });
    expect(t5.amounts).toEqual({ column: "Bruttobuchwert EUR", currency: "EUR" });

    // every cell of Template 5, recomputed from the file's own loan figures and each asset's levels
    const expected = expectedTemplate5(valid);
    for (const tr of t5.rows)
      for (const col of TEMPLATE5_COLUMNS) {
        const cell = tr.cells[col.key];
        const want = expected(tr.key, col.key);
        if (want === null) expect(cell, `${tr.key} ${col.letter}`).toHaveProperty("missing");
        else expect("value" in cell ? cell.value : cell.missing, `${tr.key} ${col.letter}`).toBeCloseTo(want, 6);
      }
    // the cells that must carry money do, so the comparison above is not all zeros
    expect(
      expected("commercial", "sensitive")! + expected("residential", "sensitive")! + expected("C", "sensitive")!,
    ).toBeGreaterThan(0);

    // the report's PDF and the disclosure PDF carry the headline and Template 5, and never the report's price
    const [pdfRow] = await db
      .select()
      .from(reportFiles)
      .where(and(eq(reportFiles.userId, user.id), eq(reportFiles.contentType, "application/pdf")));
    const reportPdf = (
      await pdfText(await readAll((await fileStoreOf(pdfRow!.storagePath).open(pdfRow!.storagePath))!))
    ).replace(/\s+/g, " ");
    const { metadata, tables } = await disclosureFor(user.id, row!.id);
    const dir = mkdtempSync(path.join(tmpdir(), "t5-"));
    try {
      await writeDisclosurePdf(metadata, tables, path.join(dir, "d.pdf"));
      const disclosurePdf = (await pdfText(readFileSync(path.join(dir, "d.pdf")))).replace(/\s+/g, " ");
      for (const text of [reportPdf, disclosurePdf]) {
        expect(text).toContain(DISCLOSURE_TABLES.headline.title);
        expect(text).toContain(TEMPLATE5_TEXT.title);
        expect(text).toContain(t5.definition);
        expect(text).toContain(formatAmount(cellValue(t5.rows.find((x) => x.key === "commercial")!.cells.gross)!));
        expect(text).toContain(formatAmount(expected("commercial", "sensitive")!));
        expect(text).not.toMatch(/report cost|price/i);
      }
      // The disclosure's new pages as images, at a desktop's and a phone's width (docs/screenshots).
      const pdf = readFileSync(path.join(dir, "d.pdf"));
      for (const [marker, name] of [
        [DISCLOSURE_TABLES.headline.title, "disclosure-headline"],
        [TEMPLATE5_TEXT.title, "disclosure-eba-template5"],
      ] as const)
        for (const width of [1366, 390]) {
          const [image] = await pdfPageImages(pdf, marker, width);
          expect(image, `${name} at ${width} px`).toBeDefined();
          writeFileSync(`docs/screenshots/${name}-${width}.png`, image!);
        }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // Template 5 as the user chooses it: Severe or above under RCP8.5 in 2030, river flood counted as chronic beside
    // the Taxonomy's chronic hazards, stated and computed so (Köln, Warszawa, Wien and Praha read river flood Severe)
    const chosen = {
      ...TEMPLATE5_DEFAULTS,
      scenario: "rcp85",
      period: "2030",
      threshold: 4,
      ...template5Kinds([...TEMPLATE5_DEFAULTS.chronic, "FD"]),
    } as const;
    expect(chosen.acute).not.toContain("FD");
    const fileId = await exportDisclosure(
      user.id,
      row!.id,
      "xlsx",
      { scenario: chosen.scenario, period: chosen.period },
      undefined,
      chosen,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(
      await (await reportFileResponse(await getOwnedReportFile(user.id, fileId, "xlsx"))).arrayBuffer(),
    );
    const sheet = (wb.getWorksheet("EBA Template 5")!.getSheetValues() as unknown[][])
      .filter(Boolean)
      .map((r) => r.slice(1));
    expect(sheet.flat()).toContain(template5Definition(chosen));
    const byChoice = expectedTemplate5(valid, chosen);
    for (const [i, rowDef] of TEMPLATE5_ROWS.entries()) {
      const cells = sheet.find((r) => r[0] === i + 1)!;
      TEMPLATE5_COLUMNS.forEach((col, j) => {
        const want = byChoice(rowDef.key, col.key);
        if (want !== null) expect(cells[2 + j], `${rowDef.key} ${col.letter} by choice`).toBeCloseTo(want, 6);
      });
    }
    // the choice is applied, not the defaults: some cell of the table moves
    const cellsOf = (by: typeof byChoice) =>
      TEMPLATE5_ROWS.flatMap((r) => TEMPLATE5_COLUMNS.map((c) => by(r.key, c.key)));
    expect(cellsOf(byChoice)).not.toEqual(cellsOf(expected));
    const taxonomySplit = expectedTemplate5(valid, { ...chosen, ...template5Kinds(TEMPLATE5_DEFAULTS.chronic) });
    const split = (by: typeof byChoice) =>
      TEMPLATE5_ROWS.map((r) => (["chronic", "acute", "both"] as const).map((k) => by(r.key, k)));
    expect(split(byChoice)).not.toEqual(split(taxonomySplit));
    // it writes and reads back a report, a disclosure PDF with page images and an XLSX: a minute on a loaded machine
  }, 120_000);
});

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
}

/**
 * The file's loan figures, read from ROWS by hand (German numbers; NACE code to section; collateral by its word); an
 * asset's first row gives its figures (reversed, so the Map keeps the first).
 */
const LOANS = new Map(
  [...ROWS].reverse().map((line) => {
    const f = line.split(";");
    const num = (v: string) => (v ? Number(v.replace(/\./g, "").replace(",", ".")) : null);
    return [
      f[0]!,
      {
        section: f[5] ? f[5]![0]! : null,
        collateral: f[6] === "Wohnimmobilie" ? "residential" : f[6] === "Gewerbeimmobilie" ? "commercial" : null,
        carrying: num(f[7]!)!,
        maturity: num(f[8]!)!,
        stage: Number(f[9]),
        impairment: num(f[10]!)!,
      },
    ] as const;
  }),
);

/**
 * Template 5 by its definition, one cell at a time: a loan is in its NACE section's row (M and K fall in "other") and
 * in its collateral's row; it is sensitive when a chronic or an acute hazard (the default split) is at High or above
 * under SSP2-4.5 in 2050. null: the cell the file cannot give (repossessed collateral; no sensitive loan's maturity).
 */
function expectedTemplate5(valid: AssessedLocation[], o: Template5Options = TEMPLATE5_DEFAULTS) {
  const slot = SLOTS.find((x) => x.scenario === o.scenario && x.period === o.period)!.index;
  const reaches = (l: AssessedLocation, ids: readonly PerHazardId[]) =>
    ids.some((id) => (l.scores![id][slot]!.level ?? 0) >= o.threshold);
  const sectorRows = new Set(["A", "B", "C", "D", "E", "F", "G", "H", "L"]);
  return (rowKey: string, column: string): number | null => {
    if (rowKey === "repossessed") return null;
    const inRow = valid.filter((l) => {
      const loan = LOANS.get(l.assetId!)!;
      return (
        loan.collateral === rowKey ||
        (loan.section !== null && (sectorRows.has(loan.section) ? loan.section : "other") === rowKey)
      );
    });
    const sensitive = inRow
      .map((l) => ({ loan: LOANS.get(l.assetId!)!, chronic: reaches(l, o.chronic), acute: reaches(l, o.acute) }))
      .filter((x) => x.chronic || x.acute);
    const sum = (xs: typeof sensitive, f: (x: (typeof sensitive)[number]) => number) =>
      xs.reduce((a, x) => a + f(x), 0);
    const bucket = (lo: number, hi: number) =>
      sum(
        sensitive.filter((x) => x.loan.maturity > lo && x.loan.maturity <= hi),
        (x) => x.loan.carrying,
      );
    const amount = sum(sensitive, (x) => x.loan.carrying);
    switch (column) {
      case "gross":
        return inRow.reduce((a, l) => a + LOANS.get(l.assetId!)!.carrying, 0);
      case "sensitive":
        return amount;
      case "m5":
        return bucket(-Infinity, 5);
      case "m10":
        return bucket(5, 10);
      case "m20":
        return bucket(10, 20);
      case "m20plus":
        return bucket(20, Infinity);
      case "awm":
        return amount > 0 ? sum(sensitive, (x) => x.loan.carrying * x.loan.maturity) / amount : null;
      case "chronic":
        return sum(
          sensitive.filter((x) => x.chronic && !x.acute),
          (x) => x.loan.carrying,
        );
      case "acute":
        return sum(
          sensitive.filter((x) => x.acute && !x.chronic),
          (x) => x.loan.carrying,
        );
      case "both":
        return sum(
          sensitive.filter((x) => x.chronic && x.acute),
          (x) => x.loan.carrying,
        );
      case "stage2":
        return sum(
          sensitive.filter((x) => x.loan.stage === 2),
          (x) => x.loan.carrying,
        );
      case "npe":
        return sum(
          sensitive.filter((x) => x.loan.stage === 3),
          (x) => x.loan.carrying,
        );
      case "impairment":
        return sum(sensitive, (x) => x.loan.impairment);
      case "impairmentStage2":
        return sum(
          sensitive.filter((x) => x.loan.stage === 2),
          (x) => x.loan.impairment,
        );
      case "impairmentNpe":
        return sum(
          sensitive.filter((x) => x.loan.stage === 3),
          (x) => x.loan.impairment,
        );
      default:
        throw new Error(`unknown column ${column}`);
    }
  };
}
