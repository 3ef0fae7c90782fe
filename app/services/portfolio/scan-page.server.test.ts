import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { DEFAULT_WEIGHTING_COLUMN } from "~/domain/portfolio/limits";
import { WEIGHTING_TEXT } from "~/domain/portfolio/weighting";
import { mergedHeaderXlsx, semicolonCsv } from "../../../tests/support/portfolio-files";
import { loadScanPage } from "./scan-page.server";
import { ingestUpload } from "./upload/uploads.server";

const getDb = setupTestDatabase();

async function* once(b: Buffer): AsyncGenerator<Uint8Array> {
  yield b;
}

describe("the scan page's weighting", () => {
  it("weighs by the value column its header names, with the currency the name states, and marks the absent default", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const preview = await ingestUpload({
      fileName: "e.csv",
      data: once(Buffer.from(semicolonCsv().text)),
      owner: { userId: user.id, plan: "PREMIUM" },
    });
    const page = await loadScanPage(user.id, preview.upload_id);
    expect(page.upload!.weighting).toEqual({ column: "Insured value (EUR)", text: "Insured value (EUR)" });
    expect(page.upload!.weightColumn).toBe("Insured value (EUR)");
    expect(page.upload!.money).toEqual({ column: "Insured value (EUR)", currency: "EUR" });
    expect(page.upload!.weightedBy).toEqual([
      { column: DEFAULT_WEIGHTING_COLUMN, label: WEIGHTING_TEXT.absentOption(DEFAULT_WEIGHTING_COLUMN) },
      { column: "Insured value (EUR)", label: "Insured value (EUR)" },
    ]);
  });

  it("says none when the file has neither the default's column nor a value column", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const csv = "Name;Latitude;Longitude;PLZ\nA;51,5074;-0,1278;10115\nB;48,8566;2,3522;75001\n";
    const preview = await ingestUpload({
      fileName: "n.csv",
      data: once(Buffer.from(csv)),
      owner: { userId: user.id, plan: "PREMIUM" },
    });
    const page = await loadScanPage(user.id, preview.upload_id);
    expect(page.upload!.weighting).toEqual({ column: null, text: WEIGHTING_TEXT.none });
    // a postcode is a number that weighs nothing: never offered as a weighting
    expect(page.upload!.weightedBy.map((w) => w.column)).toEqual([DEFAULT_WEIGHTING_COLUMN]);
  });

  it("names the default column when the file has it", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const preview = await ingestUpload({
      fileName: "p.xlsx",
      data: once(await mergedHeaderXlsx()),
      owner: { userId: user.id, plan: "PREMIUM" },
    });
    const page = await loadScanPage(user.id, preview.upload_id);
    expect(page.upload!.weighting).toEqual({ column: DEFAULT_WEIGHTING_COLUMN, text: DEFAULT_WEIGHTING_COLUMN });
  });
});
