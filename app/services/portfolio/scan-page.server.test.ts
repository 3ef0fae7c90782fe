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
  it("says none when the file has no column of the default's name, and marks that option as absent", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const preview = await ingestUpload({ fileName: "e.csv", data: once(Buffer.from(semicolonCsv().text)), owner: { userId: user.id, plan: "PREMIUM" } });
    const page = await loadScanPage(user.id, preview.upload_id);
    expect(page.upload!.weighting).toEqual({ column: null, text: WEIGHTING_TEXT.none });
    expect(page.upload!.weightedBy).toEqual([
      { column: DEFAULT_WEIGHTING_COLUMN, label: WEIGHTING_TEXT.absentOption(DEFAULT_WEIGHTING_COLUMN) },
      { column: "Insured value (EUR)", label: "Insured value (EUR)" },
    ]);
  });

  it("names the default column when the file has it", async () => {
    const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
    const preview = await ingestUpload({ fileName: "p.xlsx", data: once(await mergedHeaderXlsx()), owner: { userId: user.id, plan: "PREMIUM" } });
    const page = await loadScanPage(user.id, preview.upload_id);
    expect(page.upload!.weighting).toEqual({ column: DEFAULT_WEIGHTING_COLUMN, text: DEFAULT_WEIGHTING_COLUMN });
  });
});
