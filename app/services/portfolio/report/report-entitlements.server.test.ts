import { portfolioReports } from "#db/schema/index";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { LENDER_SITES, lenderCsv } from "../../../../tests/support/lender-portfolio";
import { finestAccessibleLevel, getUserEntitlements } from "../../commerce/entitlements.server";
import { buildReport } from "./report.server";
import { findUpload, ingestUpload } from "../upload/uploads.server";

const getDb = setupTestDatabase();

async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text, "utf8");
}

describe("a paid portfolio report's places follow the one entitlement rule", () => {
  it("shows the buyer each place of the report at its hexagon on the dashboard, without using the plan's allowance", async () => {
    const user = await createUser(getDb(), { planCode: "DISCOVERY" });
    const caller = { user: { id: user.id, planCode: "DISCOVERY" }, viaApiKey: false };
    const frankfurt = LENDER_SITES.find((s) => s.name === "Zentrale Frankfurt")!;
    const place = getRiskEngine().locate(frankfurt.lat, frankfurt.lon);
    if (place.status !== "ok") throw new Error("Frankfurt is on land");
    expect(await finestAccessibleLevel(caller, place)).toEqual({ kind: "country", code: "DE" });
    const before = (await getUserEntitlements(caller.user)).remaining;

    const preview = await ingestUpload({
      fileName: "book.csv",
      data: once(lenderCsv()),
      owner: { userId: user.id, plan: "DISCOVERY" },
    });
    const upload = await findUpload(preview.upload_id, { userId: user.id });
    const [row] = await getDb()
      .insert(portfolioReports)
      .values({ uploadId: upload.id, userId: user.id, total: LENDER_SITES.length })
      .returning();
    await buildReport(row!.id);

    expect(await finestAccessibleLevel(caller, place)).toEqual({ kind: "hexagon", code: place.hexagon_code });
    const after = await getUserEntitlements(caller.user);
    expect(after.ordered.hexagon).toHaveLength(LENDER_SITES.length);
    expect(after.remaining).toEqual(before);
  });
});
