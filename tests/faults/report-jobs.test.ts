/**
 * A paid portfolio report survives its server dying mid-job: the production server is killed (SIGKILL, or SIGTERM
 * and its graceful shutdown) while the report job runs, started again on the same database, and the report must be
 * delivered (done, both files downloadable, none listed twice) within two minutes of the restart.
 */
import pg from "pg";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#db/seed";
import { createServerStore, startProdServer, type ProdServer, type ServerStore } from "../support/prod-server";
import { Client, downloadable, orderPaidReport, waitForDelivery, waitUntilRunning } from "../support/report-client";

/** Enough rows that the job runs for several seconds: long enough to be killed in the middle of it. */
const PORTFOLIO_ROWS = 20_000;
const DELIVERY_LIMIT_MS = 120_000;
const SERVER_ENV = { SEED_DEMO_ACCOUNTS: "true" };

const premium = DEMO_ACCOUNTS.find((a) => a.planCode === "PREMIUM" && a.role === "user")!;

describe.each(["SIGKILL", "SIGTERM"] as const)("a report job whose server gets %s", (signal) => {
  let store: ServerStore | null = null;
  let server: ProdServer | null = null;

  afterEach(async () => {
    await server?.kill("SIGKILL");
    await store?.drop();
    server = null;
    store = null;
  });

  it("is picked up again after the restart and delivered, files and all", { timeout: 240_000 }, async () => {
    store = await createServerStore(`report-jobs-${signal.toLowerCase()}`);
    server = await startProdServer(store, SERVER_ENV);
    const client = new Client(server);
    await client.logIn(premium.email, DEMO_PASSWORD);
    const { uploadId, billed } = await orderPaidReport(client, PORTFOLIO_ROWS);
    expect(billed).toBeGreaterThan(0);
    // Killed while reading rows or writing the files: either way the report is not done yet.
    await waitUntilRunning(client, uploadId);

    await server.kill(signal);
    server = await startProdServer(store, SERVER_ENV, server.port);
    client.at(server);
    const restarted = Date.now();

    const state = await waitForDelivery(client, uploadId, restarted, DELIVERY_LIMIT_MS);
    expect(
      state.report,
      `not delivered ${Math.round((Date.now() - restarted) / 1000)} s after the restart`,
    ).toMatchObject({
      status: "done",
      percent: 100,
      // the job's progress counts the billed locations, each place once (the file repeats its places)
      processed: billed,
      total: billed,
    });
    const files = state.report_files ?? [];
    expect(files.map((f) => f.kind).sort()).toEqual(["pdf", "xlsx"]);
    await downloadable(client, files.find((f) => f.kind === "pdf")!.path, "%PDF");
    await downloadable(client, files.find((f) => f.kind === "xlsx")!.path, "PK");

    // The interrupted run listed nothing: each of the user's file lists holds just the delivered file.
    for (const [list, kind] of [
      ["/dashboard/pdf", "pdf"],
      ["/dashboard/xls", "xlsx"],
    ] as const) {
      const page = await (await client.request(list)).text();
      const listed = new Set(
        [...page.matchAll(/(?:report-files\/|[?&](?:amp;)?id=)([0-9a-f]{8}-[0-9a-f-]{27})/g)].map((m) => m[1]),
      );
      const delivered = new URL(files.find((f) => f.kind === kind)!.path, server.base).searchParams.get("id");
      expect([...listed], list).toEqual([delivered]);
    }
    if (store.databaseUrl) {
      const db = new pg.Client({ connectionString: store.databaseUrl });
      await db.connect();
      try {
        const { rows } = await db.query(
          "select f.kind from report_files f join portfolio_reports r on r.id::text = f.source_id::text join portfolio_uploads u on u.id = r.upload_id where u.id = $1",
          [uploadId],
        );
        expect(rows.map((r: { kind: string }) => r.kind).sort()).toEqual(["portfolio_pdf", "portfolio_xlsx"]);
      } finally {
        await db.end();
      }
    }
  });
});
