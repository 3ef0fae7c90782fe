/**
 * PostgreSQL drops every connection of the server's database (pg_terminate_backend) while 20 buy_products calls
 * are in flight. The process must live on: each call answers, either with its order or a 5xx with a message, the
 * server goes on serving, and every paid order has exactly one invoice, one receipt and one ledger row.
 */
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_BUYER, buyCredits, logInAsBuyer } from "../support/buyer-session";
import { createServerStore, startProdServer, type ProdServer, type ServerStore } from "../support/prod-server";

const CONCURRENT = 20;
const AMOUNT = 10;
const SERVER_ENV = { SEED_DEMO_ACCOUNTS: "true", PAYMENTS: "test" };

/** Ends every connection to the database but the caller's own; returns how many were ended. */
async function terminateBackends(databaseUrl: string): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return rows.filter((r) => r.ended).length;
  } finally {
    await admin.end();
  }
}

let store: ServerStore | null = null;
let server: ProdServer | null = null;

afterEach(async () => {
  await server?.kill("SIGKILL");
  await store?.drop();
  server = null;
  store = null;
});

describe.skipIf(!process.env.DATABASE_URL)("database connections dropped during purchases (PostgreSQL)", () => {
  it(
    "keeps the process serving, answers every call and grants each paid order exactly once",
    { timeout: 120_000 },
    async () => {
      store = await createServerStore("faults-dropped-db");
      server = await startProdServer(store, SERVER_ENV);
      const cookie = await logInAsBuyer(server.base);
      const keys = Array.from({ length: CONCURRENT }, (_, i) => `dropped-${i}-${Date.now().toString(36)}`);

      const calls = keys.map((key) => buyCredits(server!.base, cookie, key, AMOUNT));
      // Once the calls have reached the database: the server holds several connections, some mid-transaction.
      await new Promise((r) => setTimeout(r, 60));
      const ended = await terminateBackends(store.databaseUrl!);
      const answers = await Promise.all(calls);

      expect(ended).toBeGreaterThan(0);
      expect(server.child.exitCode).toBeNull();
      expect(server.logs.join("\n")).not.toMatch(
        /Unhandled 'error' event|Connection terminated unexpectedly[\s\S]*process exit/,
      );
      for (const answer of answers) {
        if (answer.status === 200) expect(answer.orderId).toBeGreaterThan(0);
        // Not admitted (too many bodies from one address still arriving on a busy server): nothing of it ran.
        else if (answer.status === 429) expect(answer.retryAfterSeconds).toBeGreaterThan(0);
        else {
          expect(answer.status).toBeGreaterThanOrEqual(500);
          expect(answer.error).toMatch(/\w+/);
        }
      }

      // Still serving, on fresh connections: pages, and a purchase that was never tried.
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.base}/pricing`)).status).toBe(200);
      const fresh = await buyCredits(server.base, cookie, `dropped-fresh-${Date.now().toString(36)}`, AMOUNT);
      expect(fresh.status).toBe(200);
      expect(server.child.exitCode).toBeNull();

      const db = new pg.Client({ connectionString: store.databaseUrl! });
      await db.connect();
      try {
        const { rows: paid } = await db.query<{ id: number; invoices: number; receipts: number; ledger: number }>(
          `
        select o.id,
          (select count(*) from invoices v where v.order_id = o.id)::int as invoices,
          (select count(*) from receipts r where r.order_id = o.id)::int as receipts,
          (select count(*) from credit_ledger l where l.order_id = o.id)::int as ledger
        from orders o join users u on u.id = o.user_id where u.email = $1 and o.status = 'paid' order by o.id`,
          [DEMO_BUYER.email],
        );
        for (const o of paid) expect(o).toEqual({ id: o.id, invoices: 1, receipts: 1, ledger: 1 });
        // Every order a caller was told about is paid; nothing was charged twice for one key.
        const told = answers.filter((a) => a.status === 200).map((a) => a.orderId!);
        const paidIds = new Set(paid.map((o) => o.id));
        for (const id of [...told, fresh.orderId!]) expect(paidIds.has(id), `order ${id}`).toBe(true);
        const {
          rows: [ledger],
        } = await db.query<{ total: number }>(
          "select coalesce(sum(l.amount), 0)::int as total from credit_ledger l join users u on u.id = l.user_id where u.email = $1",
          [DEMO_BUYER.email],
        );
        expect(ledger!.total).toBe(paid.length * AMOUNT);
      } finally {
        await db.end();
      }
    },
  );
});
