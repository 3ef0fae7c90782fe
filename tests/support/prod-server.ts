/**
 * The built production server (build/server.js) as a real process that tests can kill and start again on the same
 * database: a data folder of its own on PGlite, a fresh database of its own on PostgreSQL (when DATABASE_URL is set).
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const ROOT = path.resolve(__dirname, "../..");
const SERVER = path.join(ROOT, "build/server.js");

/** Where one test's server keeps its state; survives kills and restarts until `drop`. */
export interface ServerStore {
  /** Environment that points a server at this store. */
  env: Record<string, string>;
  /** A direct connection to the same database, for assertions (PostgreSQL only; PGlite allows one process). */
  databaseUrl: string | null;
  dataDir: string;
  drop: () => Promise<void>;
}

function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function createServerStore(prefix = "prod-server"): Promise<ServerStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const base = process.env.DATABASE_URL;
  if (!base) {
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: "" },
      databaseUrl: null,
      dataDir,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  // Named after the database DATABASE_URL names, so runs sharing a server can tell theirs apart.
  const baseName = new URL(base).pathname.slice(1).replace(/[^a-z0-9_]/gi, "_") || "postgres";
  const name =
    `${baseName.slice(0, 30)}_${prefix.replace(/[^a-z0-9_]/gi, "_").slice(0, 16)}_${process.pid}_${crypto.randomBytes(3).toString("hex")}`.toLowerCase();
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const databaseUrl = withDatabase(base, name);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    databaseUrl,
    dataDir,
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ProdServer {
  child: ChildProcess;
  base: string;
  port: number;
  /** Every stdout line (JSON logs) so far. */
  logs: string[];
  /** Sends the signal and resolves when the process has exited. */
  kill: (signal: "SIGKILL" | "SIGTERM") => Promise<void>;
}

export async function startProdServer(
  store: ServerStore,
  env: Record<string, string> = {},
  port?: number,
): Promise<ProdServer> {
  if (!fs.existsSync(SERVER)) throw new Error("build/server.js is missing: run `npm run build` first");
  const listenPort = port ?? (await freePort());
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith("VITEST") && k !== "NODE_ENV") childEnv[k] = v;
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      ...childEnv,
      NODE_ENV: "production",
      PAYMENTS: "test",
      PORT: String(listenPort),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${listenPort}`,
      DISABLE_RATE_LIMIT: "true",
      LOG_LEVEL: "info",
      ...store.env,
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const logs: string[] = [];
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => logs.push(...chunk.split("\n").filter(Boolean)));
  const exited = new Promise<void>((resolve) =>
    child.exitCode !== null ? resolve() : child.once("exit", () => resolve()),
  );
  const kill = async (signal: "SIGKILL" | "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const base = `http://127.0.0.1:${listenPort}`;
  const until = Date.now() + 110_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base, port: listenPort, logs, kill };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await kill("SIGKILL");
  throw new Error("server did not become healthy");
}
