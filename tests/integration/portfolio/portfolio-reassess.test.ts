/**
 * A paid portfolio assessed again when the hazard dataset changes: within 12 months of payment a new report of the
 * same stored file at no cost (no order, no invoice) that names the new dataset; after them, the order flow.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { createUser } from "#db/factories";
import { invoices, orders, portfolioReports, reportFiles } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { SESSION_COOKIE_NAME } from "~/domain/auth/auth";
import { TERMS_VERSION } from "~/domain/commerce/orders";
import { REASSESS_TEXT } from "~/domain/portfolio/reassessment";
import { RiskEngine } from "~/risk/engine/risk-engine";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { createSession } from "~/services/auth/session.server";
import { saveBillingInfo } from "~/services/commerce/billing.server";
import { fileStoreOf } from "~/services/file-storage/store.server";
import { stopJobs } from "~/services/infra/jobs.server";
import { confirmReportPurchase, orderReport } from "~/services/portfolio/report/purchase.server";
import {
  buildReport,
  reportOfUpload,
  requestReport,
  type ReportOutputs,
} from "~/services/portfolio/report/report.server";
import { loadScanPage } from "~/services/portfolio/scan-page.server";
import { findUpload, ingestUpload } from "~/services/portfolio/upload/uploads.server";
import * as scan from "../../../app/routes/dashboard+/scan";
import { LENDER_SITES, lenderCsv } from "../../support/lender-portfolio";
import { pdfText } from "../../support/pdf-text";

const getDb = setupTestDatabase();

async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text, "utf8");
}

afterEach(async () => {
  vi.restoreAllMocks();
  await stopJobs();
});

async function post(cookie: string, fields: Record<string, string>) {
  const request = new Request("http://localhost/dashboard/scan", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return (await scan.action({ request, params: {}, context: {} })) as Response;
}

/** A buyer's paid portfolio and its finished report, made with the dataset the engine serves now. */
async function paidReport() {
  const user = (await createUser(getDb(), { planCode: "PREMIUM" }))!;
  await saveBillingInfo(user.id, {
    appeal: "Ms",
    email: "risk@bank.example",
    first_name: "Eva",
    last_name: "Kern",
    phone: "+49 30 1234 5678",
    company: {
      name: "Kern Bank AG",
      country: "DE",
      zip: "10115",
      city: "Berlin",
      street: "Invalidenstrasse 1",
      vat_number: "",
    },
  });
  const cookie = `${SESSION_COOKIE_NAME}=${await createSession(user.id)}`;
  const preview = await ingestUpload({
    fileName: "book.csv",
    data: once(lenderCsv()),
    owner: { userId: user.id, plan: "PREMIUM" },
  });
  const upload = await findUpload(preview.upload_id, { userId: user.id });
  const order = await orderReport(upload, user.id);
  expect((await confirmReportPurchase(upload, user.id, order.order_id, TERMS_VERSION)).status).toBe("paid");
  const first = await requestReport(upload, user.id);
  await buildReport(first.id);
  return {
    user,
    cookie,
    upload: await findUpload(upload.id, { userId: user.id }),
    first: (await reportOfUpload(upload.id))!,
  };
}

/** The dataset the server serves from here on: the same cells under a new build version. */
function newDataset(): string {
  const next = `${getRiskEngine().datasetVersion}-next`;
  vi.spyOn(RiskEngine.prototype, "datasetVersion", "get").mockReturnValue(next);
  return next;
}

async function counts(userId: string, uploadId: string) {
  const db = getDb();
  const [inv] = await db.select({ n: count() }).from(invoices).where(eq(invoices.userId, userId));
  const [ord] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  const [rep] = await db.select({ n: count() }).from(portfolioReports).where(eq(portfolioReports.uploadId, uploadId));
  return { invoices: inv!.n, orders: ord!.n, reports: rep!.n };
}

async function pdfOf(reportId: string): Promise<string> {
  const [file] = await getDb()
    .select()
    .from(reportFiles)
    .where(and(eq(reportFiles.sourceId, reportId), eq(reportFiles.kind, "portfolio_pdf")));
  const stream = (await fileStoreOf(file!.storagePath).open(file!.storagePath))!;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return (await pdfText(Buffer.concat(chunks))).replace(/\s+/g, " ");
}

describe("assessing a paid portfolio again", () => {
  it("within 12 months: a new report of the same file with the new dataset, at no cost, made once", async () => {
    const { user, cookie, upload, first } = await paidReport();
    const versionA = getRiskEngine().datasetVersion;
    expect(first).toMatchObject({ status: "done", datasetVersion: versionA, reassessedFrom: null });
    expect((await loadScanPage(user.id, upload.id)).reassess).toMatchObject({ kind: "unchanged", from: versionA });
    const before = await counts(user.id, upload.id);
    expect(before).toEqual({ invoices: 1, orders: 1, reports: 1 });

    const versionB = newDataset();
    const page = await loadScanPage(user.id, upload.id);
    expect(page.reassess).toMatchObject({ kind: "free", from: versionA, to: versionB });
    expect(page.reassess!.message).toContain(`the current dataset is ${versionB}`);

    const res = await post(cookie, { intent: "reassess", upload_id: upload.id });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/dashboard/scan?upload=${upload.id}`);
    const second = (await reportOfUpload(upload.id))!;
    expect(second.id).not.toBe(first.id);
    // the audit record: who, when, from which report, with which dataset
    expect(second).toMatchObject({
      userId: user.id,
      uploadId: upload.id,
      reassessedFrom: first.id,
      datasetVersion: versionB,
      total: LENDER_SITES.length,
    });
    await buildReport(second.id);
    const done = (await reportOfUpload(upload.id))!;
    expect(done.status).toBe("done");
    const r = done.result as unknown as ReportOutputs & { dataset: { version: string } };
    expect(r.dataset.version).toBe(versionB);
    expect(r.output_request_stats).toMatchObject({ asset_number: LENDER_SITES.length, report_cost: "0.00" });
    expect(await pdfOf(done.id)).toContain(`Risk dataset version ${versionB}`);
    expect(await pdfOf(first.id)).toContain(`Risk dataset version ${versionA}`);
    // no new order, no new invoice; the billed count is the order's, unchanged
    expect(await counts(user.id, upload.id)).toEqual({ ...before, reports: 2 });
    const [paid] = await getDb().select().from(orders).where(eq(orders.userId, user.id));
    expect(paid!.validLocations).toBe(LENDER_SITES.length);

    // submitted again: the same new report, nothing more
    expect((await post(cookie, { intent: "reassess", upload_id: upload.id })).status).toBe(302);
    expect(await counts(user.id, upload.id)).toEqual({ ...before, reports: 2 });
    expect((await loadScanPage(user.id, upload.id)).reassess).toMatchObject({ kind: "unchanged", from: versionB });
  }, 120_000);

  it("after 12 months: refused with the message, and the order flow makes the new report once paid", async () => {
    const { user, cookie, upload, first } = await paidReport();
    await getDb()
      .update(orders)
      .set({ paidAt: sql`now() - interval '12 months' - interval '1 day'` })
      .where(eq(orders.userId, user.id));
    const versionB = newDataset();
    const before = await counts(user.id, upload.id);

    const refused = await post(cookie, { intent: "reassess", upload_id: upload.id });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({ uploadError: REASSESS_TEXT.expired(versionB) });
    expect(await counts(user.id, upload.id)).toEqual(before);
    expect((await loadScanPage(user.id, upload.id)).reassess).toMatchObject({
      kind: "expired",
      message: REASSESS_TEXT.expired(versionB),
      reorder: false,
    });

    // the normal order flow: a new order for the same locations, paid, then the new report
    const reorder = await post(cookie, { intent: "reorder", upload_id: upload.id });
    expect(reorder.headers.get("Location")).toBe(`/dashboard/scan?upload=${upload.id}&step=reorder`);
    const page = await loadScanPage(user.id, upload.id, "reorder");
    expect(page.reassess).toMatchObject({ kind: "expired", reorder: true });
    expect(page.order).toMatchObject({ valid_locations: LENDER_SITES.length });
    const confirmed = await post(cookie, {
      intent: "confirm",
      upload_id: upload.id,
      order_id: String(page.order!.order_id),
      terms: "on",
      terms_version: TERMS_VERSION,
      reassess: "1",
    });
    expect(confirmed.status).toBe(302);
    expect(await counts(user.id, upload.id)).toEqual({
      invoices: before.invoices + 1,
      orders: before.orders + 1,
      reports: 2,
    });
    const second = (await reportOfUpload(upload.id))!;
    expect(second).toMatchObject({ reassessedFrom: first.id, datasetVersion: versionB });
  }, 120_000);
});
