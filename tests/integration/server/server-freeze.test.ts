/**
 * The built production server (build/server.js) against one client trying to freeze it for everyone: large
 * documents asked for at once, pages with a random query string, connections that never read their answers, headers
 * sent a line at a time, more connections than one address may hold, and a database stall. Meanwhile another
 * client (another loopback address) asks /healthz: it must keep answering at once, and the server's own event-loop
 * watch (server/event-loop.ts) must not log a long turn. Bounded versions of the outside audit's probes.
 * Needs `npm run build`.
 */
import http from "node:http";
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerStore, startProdServer, type ProdServer, type ServerStore } from "../../support/prod-server";

const BUYER = { email: "discovery@example.com", password: "Demo-password-2026" };
/** The healthz client's own address: other probes come from 127.0.0.1. */
const OTHER_ADDRESS = "127.0.0.2";
const CONNECTION_CAP = 60;
const HEADERS_TIMEOUT_MS = 5_000;
const KEEP_ALIVE_TIMEOUT_MS = 1_000;
/** /healthz must answer within this while a probe runs (the audit saw 16-38 s). Generous: the machine is shared. */
const HEALTH_BOUND_MS = 5_000;
/**
 * No turn of the event loop may run this long while a probe runs. The aim is about 50 ms, and on a quiet machine no
 * turn over 100 ms is logged; the watch's figure is wall time the loop was busy, which a machine at load 10 on 2
 * cores stretches five-fold (a 1.3 s figure was seen there), so the bound is for steps of seconds, as before the fix.
 */
const LONGEST_TURN_BOUND_MS = 2_500;

let store: ServerStore;
let server: ProdServer;

beforeAll(async () => {
  store = await createServerStore("server-freeze");
  server = await startProdServer(store, {
    SEED_DEMO_ACCOUNTS: "true",
    HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
    MAX_CONNECTIONS_PER_ADDRESS: String(CONNECTION_CAP),
  });
  // What the first request of each kind loads (route modules, the engine) is not what is measured.
  for (const path of ["/api/openapi.json", "/api", "/pricing"])
    await (await fetch(`${server.base}${path}`)).arrayBuffer();
}, 180_000);

afterAll(async () => {
  await server?.kill("SIGTERM");
  await store?.drop();
});

/** One GET from OTHER_ADDRESS; resolves with its status and milliseconds (status 0 after 30 s). */
function timedGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(
      `${server.base}${path}`,
      { localAddress: OTHER_ADDRESS, agent: false, headers, timeout: 30_000 },
      (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body }));
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started, body: "" }));
  });
}

/** Asks /healthz every 100 ms until `done` settles; resolves with every answer's time. */
async function healthWhile(done: Promise<unknown>) {
  let finished = false;
  void done.finally(() => (finished = true));
  const answers: { status: number; ms: number }[] = [];
  while (!finished) {
    answers.push(await timedGet("/healthz"));
    await new Promise((r) => setTimeout(r, 100));
  }
  return answers;
}

/** The longest event-loop turn the server logged since log line `from`. */
function longestTurnSince(from: number) {
  return Math.max(
    0,
    ...server.logs
      .slice(from)
      .filter((line) => line.includes('"event loop held"'))
      .map((line) => (JSON.parse(line) as { longestTurnMs: number }).longestTurnMs),
  );
}

/** A probe in flight with /healthz asked meanwhile; what the server logged about its event loop. */
async function underProbe(probe: () => Promise<unknown>) {
  const from = server.logs.length;
  const running = probe();
  const health = await healthWhile(running);
  await running;
  // The watch reports once a second.
  await new Promise((r) => setTimeout(r, 1_200));
  return { health, longestTurnMs: longestTurnSince(from) };
}

function expectResponsive({
  health,
  longestTurnMs,
}: {
  health: { status: number; ms: number }[];
  longestTurnMs: number;
}) {
  const slowest = Math.max(...health.map((h) => h.ms));
  console.info(
    `healthz answers: ${health.length}, slowest ${Math.round(slowest)} ms; longest event-loop turn logged: ${longestTurnMs} ms`,
  );
  expect(health.length).toBeGreaterThan(0);
  expect(health.map((h) => h.status).filter((s) => s !== 200)).toEqual([]);
  expect(slowest).toBeLessThan(HEALTH_BOUND_MS);
  expect(longestTurnMs).toBeLessThan(LONGEST_TURN_BOUND_MS);
}

/** A raw connection from 127.0.0.1; resolves with everything received when it closes. */
function openSocket(localAddress = "127.0.0.1") {
  const socket = net.connect({ port: server.port, host: "127.0.0.1", localAddress });
  let received = "";
  socket.setEncoding("latin1").on("data", (chunk: string) => (received += chunk));
  socket.on("error", () => undefined);
  const closed = new Promise<string>((resolve) => socket.once("close", () => resolve(received)));
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, closed, connected, received: () => received };
}

describe("one client cannot freeze the server", () => {
  it(
    "30 concurrent GET /api/openapi.json: stored bytes, compressed, with an ETag; /healthz stays fast",
    { timeout: 120_000 },
    async () => {
      const first = await fetch(`${server.base}/api/openapi.json`, { headers: { "Accept-Encoding": "br" } });
      expect(first.headers.get("content-encoding")).toBe("br");
      expect(first.headers.get("vary")).toMatch(/Accept-Encoding/i);
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(((await first.json()) as { openapi: string }).openapi).toBe("3.1.0");
      const again = await fetch(`${server.base}/api/openapi.json`, { headers: { "If-None-Match": etag! } });
      expect(again.status).toBe(304);

      const measured = await underProbe(() =>
        Promise.all(
          Array.from({ length: 30 }, async () => {
            const res = await fetch(`${server.base}/api/openapi.json`, { headers: { "Accept-Encoding": "identity" } });
            expect(res.status).toBe(200);
            return res.arrayBuffer();
          }),
        ),
      );
      expectResponsive(measured);
    },
  );

  it("Remix's route-discovery requests keep their query: the routes asked for and the build's version", async () => {
    const page = await (await fetch(`${server.base}/api`)).text();
    // The page names the build's manifest file, whose name carries the version.
    const version = /\/manifest-([0-9A-F]+)\.js/.exec(page)?.[1]?.toLowerCase();
    expect(version).toBeTruthy();
    const manifest = await fetch(`${server.base}/__manifest?p=%2Fcookie-consent&version=${version}`);
    // 204 asks the browser to reload the whole document, as after a deploy: a consent click then left the page.
    expect(manifest.status).toBe(200);
    expect(Object.keys((await manifest.json()) as Record<string, unknown>).join(" ")).toMatch(/cookie-consent/);
  });

  it(
    "60 concurrent /api?z=<random>: one cached page, no render per query string; /healthz stays fast",
    { timeout: 120_000 },
    async () => {
      const measured = await underProbe(() =>
        Promise.all(
          Array.from({ length: 60 }, async () => {
            const res = await fetch(`${server.base}/api?z=${Math.random()}`);
            expect(res.status).toBe(200);
            return res.text();
          }),
        ),
      );
      expectResponsive(measured);
      // The page a random query string gets is the page itself, with the same validator.
      const plain = await fetch(`${server.base}/api`);
      const random = await fetch(`${server.base}/api?z=${Math.random()}`);
      expect(random.headers.get("etag")).toBe(plain.headers.get("etag"));
      expect(await random.text()).not.toMatch(/z=0\./);
    },
  );

  it(
    "connections that never read, each with 3 pipelined GET /api/openapi.json: /healthz stays fast",
    { timeout: 120_000 },
    async () => {
      const sockets: ReturnType<typeof openSocket>[] = [];
      const measured = await underProbe(async () => {
        for (let i = 0; i < CONNECTION_CAP - 10; i++) {
          const conn = openSocket();
          conn.socket.pause();
          const get = `GET /api/openapi.json HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`;
          conn.socket.write(get + get + get);
          sockets.push(conn);
        }
        // The server has the requests and answers into sockets nobody reads.
        await new Promise((r) => setTimeout(r, 3_000));
      });
      for (const { socket } of sockets) socket.destroy();
      expectResponsive(measured);
    },
  );
});

describe("connection limits", () => {
  it("a client sending one header line at a time gets 408 at the header deadline", { timeout: 30_000 }, async () => {
    const conn = openSocket();
    await conn.connected;
    const started = performance.now();
    conn.socket.write(`GET /pricing HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);
    const drip = setInterval(() => {
      if (!conn.socket.destroyed) conn.socket.write(`X-Slow-${Math.round(performance.now())}: 1\r\n`);
    }, 1_000);
    const answer = await Promise.race([
      conn.closed,
      new Promise<string>((r) => setTimeout(() => r(`(still open) ${conn.received()}`), 15_000)),
    ]);
    clearInterval(drip);
    conn.socket.destroy();
    const elapsed = performance.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(elapsed).toBeGreaterThan(HEADERS_TIMEOUT_MS - 200);
    expect(elapsed).toBeLessThan(HEADERS_TIMEOUT_MS + 3_000);
  });

  it("an idle kept-alive connection is closed after the idle limit", { timeout: 30_000 }, async () => {
    const conn = openSocket();
    await conn.connected;
    conn.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
    const until = Date.now() + 10_000;
    while (!conn.received().includes('"status"') && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    const answered = performance.now();
    const closedAfter = await Promise.race([
      conn.closed.then(() => performance.now() - answered),
      new Promise<number>((r) => setTimeout(() => r(Infinity), 10_000)),
    ]);
    conn.socket.destroy();
    expect(conn.received()).toMatch(/^HTTP\/1\.1 200[\s\S]*"status"/);
    expect(closedAfter).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + 2_500);
  });

  it(
    "one address may hold MAX_CONNECTIONS_PER_ADDRESS connections; the next is answered 429 and closed, others are served",
    { timeout: 30_000 },
    async () => {
      const held = Array.from({ length: CONNECTION_CAP }, () => openSocket());
      await Promise.all(held.map((c) => c.connected));
      // Counted by the server once it has accepted them.
      await new Promise((r) => setTimeout(r, 500));
      const extra = openSocket();
      await extra.connected;
      extra.socket.write(`GET /pricing HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
      const answer = await Promise.race([
        extra.closed,
        new Promise<string>((r) => setTimeout(() => r(`(still open) ${extra.received()}`), 5_000)),
      ]);
      expect(answer).toMatch(/^HTTP\/1\.1 429/);
      // Another address is not affected.
      expect((await timedGet("/healthz")).status).toBe(200);
      for (const { socket } of held) socket.destroy();
      extra.socket.destroy();
      // Once they are closed, the address may connect again.
      await new Promise((r) => setTimeout(r, 300));
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    },
  );
});

async function logIn(): Promise<string> {
  const res = await fetch(`${server.base}/dashboard/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
    body: new URLSearchParams({
      intent: "login",
      email: BUYER.email,
      password: BUYER.password,
      redirectTo: "/dashboard",
    }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes("weather_token="));
  if (res.status !== 302 || !cookie) throw new Error(`login failed: ${res.status}`);
  return cookie.split(";")[0]!;
}

// Another connection can hold a lock only on a server database: PGlite serves one process.
describe("sign-ins waiting for the password hash", () => {
  it(
    "hold no app turn: with 12 sign-ins queued for the one hashing slot, a page is answered before the third is done",
    { timeout: 60_000 },
    async () => {
      const login = new URLSearchParams({ intent: "login", email: BUYER.email, password: BUYER.password }).toString();
      const finished: string[] = [];
      const signIns = Array.from({ length: 12 }, async (_, i) => {
        const res = await fetch(`${server.base}/dashboard/login`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: login,
          redirect: "manual",
        });
        expect(res.status).toBe(302);
        finished.push(`sign-in ${i}`);
      });
      // Every sign-in has taken its turn (8 turns) or waits for one before the page is asked for.
      await new Promise((r) => setTimeout(r, 300));
      // A cookie the page cache does not know makes the visitor personal: the page takes a turn like a dashboard.
      const page = await fetch(`${server.base}/contact`, { headers: { Cookie: "visitor=1" } });
      expect(page.status).toBe(200);
      const doneBeforePage = finished.length;
      await Promise.all(signIns);
      console.info(`sign-ins done when the page was answered: ${doneBeforePage} of 12`);
      // Holding their turns through the hash, the 12 sign-ins kept the page waiting until at least 5 were done.
      expect(doneBeforePage).toBeLessThan(3);
    },
  );
});

describe.skipIf(!process.env.DATABASE_URL)("a database stall (LOCK TABLE sessions held by another connection)", () => {
  it(
    "/healthz and cached anonymous pages answer while the lock is held and 16 dashboard requests wait",
    { timeout: 90_000 },
    async () => {
      const cookie = await logIn();
      expect((await timedGet("/pricing")).status).toBe(200);
      const locker = new pg.Client({ connectionString: store.databaseUrl! });
      await locker.connect();
      await locker.query("begin");
      await locker.query("lock table sessions in access exclusive mode");
      let waiting: Promise<unknown> = Promise.resolve();
      try {
        waiting = Promise.all(
          Array.from({ length: 16 }, () =>
            fetch(`${server.base}/dashboard`, { headers: { Cookie: cookie }, signal: AbortSignal.timeout(60_000) })
              .then((r) => r.text())
              .catch(() => null),
          ),
        );
        await new Promise((r) => setTimeout(r, 3_000));
        const health = await timedGet("/healthz");
        // The lock is held until the finally below: an answer that waited for it would never come within the bound.
        expect(health.ms).toBeLessThan(HEALTH_BOUND_MS);
        expect(health.status).toBe(200);
        expect(JSON.parse(health.body)).toMatchObject({ status: "ok", database: "postgres" });
        const page = await timedGet("/pricing");
        expect(page.status).toBe(200);
        expect(page.ms).toBeLessThan(HEALTH_BOUND_MS);
      } finally {
        await locker.query("rollback").catch(() => undefined);
        await locker.end();
        await waiting;
      }
    },
  );
});
