/**
 * Purchases survive a crash: 60 concurrent buy_products with distinct Idempotency-Keys, the server killed while they
 * run, restarted on the same database, then the same 60 keys sent again. Every key must answer the order it answered
 * first, and every paid order must have been granted exactly once (one invoice, one receipt, one ledger row).
 *
 * Between the crash and the restart the rows are aged past the pending-order timeout, as if the retry came hours
 * later: a key left half-done by the crash must still answer its first result, never run the purchase again.
 */
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { PENDING_ORDER_TIMEOUT_MS } from "~/domain/commerce/orders";
import {
  DEMO_BUYER,
  buyCredits,
  buyCreditsHonouringRetryAfter,
  logInAsBuyer,
  type PurchaseAnswer,
} from "../support/buyer-session";
import { createServerStore, startProdServer, type ProdServer, type ServerStore } from "../support/prod-server";

const CONCURRENT = 60;
const AMOUNT = 10;
const SERVER_ENV = { SEED_DEMO_ACCOUNTS: "true", PAYMENTS: "test" };

type Query = <R = Record<string, unknown>>(sql: string) => Promise<R[]>;

/** Runs `fn` against the store's database: PostgreSQL directly; PGlite only while no server holds its folder. */
async function withStoreDb<T>(store: ServerStore, fn: (query: Query) => Promise<T>): Promise<T> {
  if (store.databaseUrl) {
    const client = new pg.Client({ connectionString: store.databaseUrl });
    await client.connect();
    try {
      return await fn(async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
    }
  }
  const db = new PGlite(path.join(store.dataDir, "pglite"));
  await db.waitReady;
  try {
    return await fn(async <R>(sql: string) => (await db.query<R>(sql)).rows);
  } finally {
    await db.close();
  }
}

/** Fires every key at once and kills the server with `signal` once a third of the answers are back. */
async function buyAndCrash(server: ProdServer, cookie: string, keys: string[], signal: "SIGKILL" | "SIGTERM") {
  const first = new Map<string, PurchaseAnswer>();
  let killing: Promise<void> | null = null;
  await Promise.all(
    keys.map(async (key) => {
      try {
        const answer = await buyCredits(server.base, cookie, key, AMOUNT);
        first.set(key, answer);
        if (first.size >= CONCURRENT / 3) killing ??= server.kill(signal);
      } catch {
        // the connection died with the server: no answer for this key
      }
    }),
  );
  await (killing ?? server.kill(signal));
  return first;
}

async function ageEverything(store: ServerStore) {
  const interval = `${PENDING_ORDER_TIMEOUT_MS + 60_000} milliseconds`;
  await withStoreDb(store, async (query) => {
    await query(`update idempotency_keys set created_at = created_at - interval '${interval}'`);
    await query(`update orders set created_at = created_at - interval '${interval}'`);
  });
}

let store: ServerStore | null = null;
let server: ProdServer | null = null;

afterEach(async () => {
  await server?.kill("SIGKILL");
  await store?.drop();
  server = null;
  store = null;
});

describe.each(["SIGKILL", "SIGTERM"] as const)("purchases interrupted by %s", (signal) => {
  it(
    "grant each paid order exactly once and answer every retried key with its first order",
    { timeout: 120_000 },
    async () => {
      store = await createServerStore(`faults-purchases-${signal.toLowerCase()}`);
      server = await startProdServer(store, SERVER_ENV);
      const keys = Array.from({ length: CONCURRENT }, (_, i) => `fault-${signal}-${i}-${Date.now().toString(36)}`);
      const first = await buyAndCrash(server, await logInAsBuyer(server.base), keys, signal);
      expect(first.size).toBeGreaterThan(0);
      // SIGKILL must have cut purchases off mid-way (SIGTERM lets the server finish what it has started).
      if (signal === "SIGKILL") expect(first.size).toBeLessThan(CONCURRENT);

      await ageEverything(store);
      server = await startProdServer(store, SERVER_ENV);
      const cookie = await logInAsBuyer(server.base);
      const retried = new Map<string, PurchaseAnswer>();
      await Promise.all(
        keys.map(async (key) =>
          retried.set(key, await buyCreditsHonouringRetryAfter(server!.base, cookie, key, AMOUNT)),
        ),
      );
      await server.kill("SIGTERM");
      server = null;

      for (const key of keys) {
        const again = retried.get(key)!;
        expect(again.status, `retry of ${key}`).toBe(200);
        const before = first.get(key);
        if (before?.status === 200) expect(again.orderId, `order of ${key}`).toBe(before.orderId);
      }
      const answeredOrders = new Set([...retried.values()].map((a) => a.orderId));
      expect(answeredOrders.size).toBe(CONCURRENT);

      await withStoreDb(store, async (query) => {
        const [buyer] = await query<{ id: string }>(`select id from users where email = '${DEMO_BUYER.email}'`);
        const paid = await query<{
          id: number;
          total_minor: number;
          locations: number;
          invoices: number;
          receipts: number;
          ledger: number;
          credited: number;
        }>(`
        select o.id, o.total_minor,
          (select coalesce(sum((i->>'locations')::int * (i->>'quantity')::int), 0) from jsonb_array_elements(o.items) i)::int as locations,
          (select count(*) from invoices v where v.order_id = o.id)::int as invoices,
          (select count(*) from receipts r where r.order_id = o.id)::int as receipts,
          (select count(*) from credit_ledger l where l.order_id = o.id)::int as ledger,
          (select coalesce(sum(l.amount), 0) from credit_ledger l where l.order_id = o.id)::int as credited
        from orders o where o.user_id = '${buyer!.id}' and o.status = 'paid' order by o.id`);
        expect(new Set(paid.map((o) => o.id))).toEqual(answeredOrders);
        for (const o of paid) {
          expect({
            order: o.id,
            invoices: o.invoices,
            receipts: o.receipts,
            ledger: o.ledger,
            credited: o.credited,
          }).toEqual({
            order: o.id,
            invoices: 1,
            receipts: 1,
            ledger: 1,
            credited: o.locations,
          });
        }
        const [ledger] = await query<{ total: number }>(
          `select coalesce(sum(amount), 0)::int as total from credit_ledger where user_id = '${buyer!.id}'`,
        );
        expect(ledger!.total).toBe(paid.reduce((s, o) => s + o.locations, 0));
        expect(ledger!.total).toBe(CONCURRENT * AMOUNT);
        // One purchase e-mail per paid order (written with the payment): none lost to the crash, none doubled by a retry.
        const mails = await query<{ number: number; mails: number }>(`
        select v.number, (select count(*) from mail_outbox m
          where m.kind = 'purchase' and m.subject like 'Your purchase: invoice INV-' || lpad(v.number::text, 6, '0') || ' %')::int as mails
        from invoices v join orders o on o.id = v.order_id where o.user_id = '${buyer!.id}'`);
        expect(mails).toHaveLength(paid.length);
        for (const m of mails) expect(m, `mail of invoice ${m.number}`).toEqual({ number: m.number, mails: 1 });
        const [allMails] = await query<{ n: number }>(
          `select count(*)::int as n from mail_outbox where kind = 'purchase'`,
        );
        expect(allMails!.n).toBe(paid.length);
        const stale = await query(
          `select id from orders where status = 'pending' and created_at < now() - interval '${PENDING_ORDER_TIMEOUT_MS} milliseconds'`,
        );
        expect(stale).toEqual([]);
      });
    },
  );
});
