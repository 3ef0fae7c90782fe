/**
 * Two production servers started together on one PostgreSQL database with a dataset version no instance has
 * announced: each endpoint gets exactly one signed dataset.published delivery. PGlite allows one process, so this runs
 * on PostgreSQL only (webhooks.test.ts races the announcement in one process on both). Needs `npm run build`.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#db/seed";
import { WEBHOOK_SIGNATURE_HEADER } from "~/domain/api/webhooks/webhooks";
import { createServerStore, startProdServer, type ProdServer, type ServerStore } from "../../support/prod-server";
import { Client } from "../../support/report-client";

const SERVER_ENV = { SEED_DEMO_ACCOUNTS: "true", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" };

describe.skipIf(!process.env.DATABASE_URL)("two instances starting with a new dataset version", () => {
  let store: ServerStore | null = null;
  const servers: ProdServer[] = [];
  let receiver: http.Server | null = null;

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill("SIGKILL")));
    receiver?.close();
    fs.rmSync(`${store?.dataDir}-b`, { recursive: true, force: true });
    await store?.drop();
  });

  it("announce it once: one delivery per endpoint", { timeout: 600_000 }, async () => {
    const received: { signature: string; body: string }[] = [];
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({
          signature: String(req.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]),
          body: Buffer.concat(chunks).toString("utf8"),
        });
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, "127.0.0.1", resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    store = await createServerStore("webhook-instances");
    const first = await startProdServer(store, SERVER_ENV);
    const premium = DEMO_ACCOUNTS.find((a) => a.planCode === "PREMIUM" && a.role === "user")!;
    const user = new Client(first);
    await user.logIn(premium.email, DEMO_PASSWORD);
    const secrets: string[] = [];
    for (const description of ["one", "two"]) {
      const created = await user.json<{ secret: string }>("/api/v1/webhooks", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ url: hookUrl, description }),
      });
      secrets.push(created.secret);
    }
    await first.kill("SIGTERM");
    // The served version was announced when the first server started (no endpoint then): forget it, as if the data
    // folder now held a version no instance has served.
    const db = new pg.Client({ connectionString: store.databaseUrl! });
    await db.connect();
    await db.query("delete from dataset_announcements");

    servers.push(
      ...(await Promise.all([
        startProdServer(store, SERVER_ENV),
        startProdServer({ ...store, env: { ...store.env, DATA_DIR: `${store.dataDir}-b` } }, SERVER_ENV),
      ])),
    );
    const until = Date.now() + 120_000;
    while (received.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    // Time for a second announcement's deliveries to show up, if there were one.
    await new Promise((r) => setTimeout(r, 20_000));

    expect(received).toHaveLength(2);
    const signedBy = received.map((r) =>
      secrets.findIndex((secret) => {
        const { t, v1 } = Object.fromEntries(r.signature.split(",").map((p) => p.split("=", 2))) as Record<
          string,
          string
        >;
        return crypto.createHmac("sha256", secret).update(`${t}.${r.body}`).digest("hex") === v1;
      }),
    );
    expect(signedBy.sort()).toEqual([0, 1]);
    const { rows } = await db.query<{ status: string; attempts: number }>(
      "select status, attempts from webhook_deliveries",
    );
    expect(rows).toEqual([
      { status: "delivered", attempts: 1 },
      { status: "delivered", attempts: 1 },
    ]);
    const announced = await db.query("select version from dataset_announcements");
    expect(announced.rows).toHaveLength(1);
    await db.end();
  });
});
