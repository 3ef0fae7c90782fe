/**
 * GET /api/v1/reports/{id}/file: a bought report's stored file through the API, with a key, for the key's own
 * account only, streamed from the file store.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createUpload, createUser } from "#db/factories";
import { portfolioReports } from "#db/schema/index";
import { setupTestDatabase } from "#db/testing";
import { API_PATHS, apiUrl } from "~/domain/api/api-paths";
import { TERMS_VERSION } from "~/domain/commerce/orders";
import { rotateApiKey } from "~/services/api/keys/api-keys.server";
import { saveBillingInfo } from "~/services/commerce/billing.server";
import { confirmReportPurchase, orderReport } from "~/services/portfolio/report/purchase.server";
import { storeReportFile } from "~/services/reports/files.server";
import * as reportFile from "../../../app/routes/api+/v1+/reports+/$id.file";
import * as generateReport from "../../../app/routes/api+/upload.generate_report";
import * as reportsList from "../../../app/routes/api+/v1+/reports+/get_reports_list";

const dataDir = mkdtempSync(path.join(tmpdir(), "report-file-api-"));
process.env.DATA_DIR = dataDir;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const getDb = setupTestDatabase();

type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response> | Response;

function get(
  route: { loader: unknown },
  apiPath: string,
  headers: Record<string, string>,
  params: Record<string, string> = {},
) {
  return (route.loader as Loader)({
    request: new Request(`http://localhost${apiUrl(apiPath)}`, { headers }),
    params,
    context: {},
  });
}

/** A PREMIUM account with an API key that bought a portfolio report whose run stored its PDF and XLSX. */
async function buyerWithReport() {
  const db = getDb();
  const user = (await createUser(db, { planCode: "PREMIUM" }))!;
  await saveBillingInfo(user.id, {
    appeal: "",
    email: "ada@example.org",
    first_name: "Ada",
    last_name: "Lovelace",
    phone: "+33 1 23 45 67 89",
    company: { name: "Engines SA", country: "FR", zip: "", city: "Paris", street: "1 rue A", vat_number: "" },
  });
  const upload = await createUpload(db, { total_locations: 3, valid_locations: 3 }, user.id);
  const order = await orderReport(upload, user.id);
  expect((await confirmReportPurchase(upload, user.id, order.order_id, TERMS_VERSION)).status).toBe("paid");
  const [report] = await db
    .insert(portfolioReports)
    .values({
      uploadId: upload.id,
      userId: user.id,
      total: 3,
      processed: 3,
      status: "done",
      files: [{ kind: "pdf", path: "/dashboard/pdf?id=1", name: "portfolio-report.pdf", bytes: 18 }],
    })
    .returning();
  for (const [kind, bytes] of [
    ["portfolio_pdf", "%PDF-1.7 portfolio"],
    ["portfolio_xlsx", "PK\u0003\u0004 workbook"],
  ] as const) {
    await storeReportFile(
      { userId: user.id, kind, sourceId: report!.id, title: "Portfolio report", baseName: "portfolio-report" },
      async (target) => writeFileSync(target, bytes),
      db,
    );
  }
  const { key } = await rotateApiKey(user);
  return { orderId: order.order_id, uploadId: upload.id, auth: { Authorization: `Bearer ${key!}` } };
}

describe("GET /api/v1/reports/{id}/file", () => {
  it("generate_report names the report's id and API paths a key can follow to its files", async () => {
    const { orderId, uploadId, auth } = await buyerWithReport();
    const answer = await (await get(generateReport, `${API_PATHS.generateReport}?upload_id=${uploadId}`, auth)).json();
    expect(answer).toMatchObject({ status: "ok", report_id: orderId });
    expect(answer.downloads.map((d: { format: string }) => d.format)).toEqual(["pdf", "xlsx"]);
    for (const { path: filePath } of answer.downloads as { path: string }[]) {
      expect(filePath.startsWith(apiUrl(API_PATHS.reportFile(orderId)))).toBe(true);
      const res = await (reportFile.loader as Loader)({
        request: new Request(`http://localhost${filePath}`, { headers: auth }),
        params: { id: String(orderId) },
        context: {},
      });
      expect(res.status).toBe(200);
    }
  });

  it("streams the file of the key's own report, named by the reports list, in the format asked for", async () => {
    const { orderId, auth } = await buyerWithReport();
    const list = await (await get(reportsList, API_PATHS.reportsList, auth)).json();
    expect(list.results.map((r: { id: number }) => r.id)).toEqual([orderId]);

    const pdf = await get(reportFile, `${API_PATHS.reportFile(orderId)}?format=pdf`, auth, { id: String(orderId) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe('attachment; filename="portfolio-report.pdf"');
    expect(pdf.headers.get("RateLimit-Limit")).toBe("600");
    expect(pdf.headers.get("X-Request-Id")).toBeTruthy();
    expect(await pdf.text()).toBe("%PDF-1.7 portfolio");

    const xlsx = await get(reportFile, `${API_PATHS.reportFile(orderId)}?format=xlsx`, auth, { id: String(orderId) });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(await xlsx.text()).toBe("PK\u0003\u0004 workbook");
  });

  it("answers 404 for another account's report and an unknown id, 400 without a format, 401 without credentials", async () => {
    const { orderId } = await buyerWithReport();
    const other = await buyerWithReport();
    const foreign = await get(reportFile, `${API_PATHS.reportFile(orderId)}?format=pdf`, other.auth, {
      id: String(orderId),
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ success: false, code: "not_found", request_id: expect.any(String) });
    expect(
      (await get(reportFile, `${API_PATHS.reportFile(999_999)}?format=pdf`, other.auth, { id: "999999" })).status,
    ).toBe(404);
    expect((await get(reportFile, `${API_PATHS.reportFile("abc")}?format=pdf`, other.auth, { id: "abc" })).status).toBe(
      404,
    );
    const noFormat = await get(reportFile, API_PATHS.reportFile(other.orderId), other.auth, {
      id: String(other.orderId),
    });
    expect(noFormat.status).toBe(400);
    expect(await noFormat.json()).toMatchObject({ code: "invalid_request", field: "format" });
    expect(
      (await get(reportFile, `${API_PATHS.reportFile(orderId)}?format=pdf`, {}, { id: String(orderId) })).status,
    ).toBe(401);
  });
});
