/**
 * The browser tests' server (bundled and started by start-server.mjs): the unchanged production server entry,
 * build/server.js, run in this process, and beside it a harness-only port where a test asks for a fresh account of a
 * plan and role (`POST /accounts`, fixtures.ts) made by the seed's own function with the app's own database. The
 * production server gains no route: the port, and the secret a request must carry, exist only in this run and are
 * written to HARNESS_FILE for the tests.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { ServerRuntime } from "~/entry.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccount } from "#db/seed";
import { HARNESS_FILE, type HarnessInfo, type NewAccountRequest } from "./harness";

const SERVER_ENTRY = path.resolve("build/server.js");
const BUILD_PATH = path.resolve("build/index.js");

const secret = crypto.randomBytes(32).toString("hex");
let accountCount = 0;

async function createAccount(database: ServerRuntime["getDb"], request: NewAccountRequest) {
  // The demo account of that plan (and role, where there is one) gives the first name.
  const demo =
    DEMO_ACCOUNTS.find((a) => a.planCode === request.plan && a.role === request.role) ??
    DEMO_ACCOUNTS.find((a) => a.planCode === request.plan);
  if (!demo || (request.role !== "user" && request.role !== "admin"))
    throw new Error(`no demo account of plan ${String(request.plan)} and role ${String(request.role)}`);
  accountCount += 1;
  const plan = request.plan.replace("+", "plus").toLowerCase();
  const email = `e2e-${plan}-${request.role}-${accountCount}-${crypto.randomBytes(4).toString("hex")}@example.com`;
  await seedDemoAccount(await database(), { ...demo, role: request.role, email });
  return email;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function answer(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function authorised(req: http.IncomingMessage) {
  const given = Buffer.from(req.headers.authorization ?? "");
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The app's own database, once build/server.js has loaded the build. */
let appLoaded: (getDb: ServerRuntime["getDb"]) => void = () => {};
const appDb = new Promise<ServerRuntime["getDb"]>((resolve) => (appLoaded = resolve));

const harness = http.createServer((req, res) => {
  void (async () => {
    if (!authorised(req)) return answer(res, 401, { error: "unauthorised" });
    if (req.method !== "POST" || req.url !== "/accounts") return answer(res, 404, { error: "not found" });
    let request: NewAccountRequest;
    try {
      request = JSON.parse(await readBody(req)) as NewAccountRequest;
    } catch {
      return answer(res, 400, { error: "the body is not JSON" });
    }
    const email = await createAccount(await appDb, request);
    answer(res, 201, { email, password: DEMO_PASSWORD });
  })().catch((error: unknown) => answer(res, 500, { error: String(error) }));
});
harness.unref();
await new Promise<void>((resolve) => harness.listen(0, "127.0.0.1", resolve));
const { port } = harness.address() as { port: number };

// A new embedded database is prepared by build/server.js in a child process that runs process.argv[1] again: that
// must be the production entry, not this file.
process.argv[1] = SERVER_ENTRY;
await import(pathToFileURL(SERVER_ENTRY).href);
// build/server.js loaded the build by this URL: the same module instance, so the same database.
const build = (await import(pathToFileURL(BUILD_PATH).href)) as ServerBuild & {
  entry: { module: { serverRuntime: ServerRuntime } };
};
appLoaded(build.entry.module.serverRuntime.getDb);

const info: HarnessInfo = { port, secret };
fs.mkdirSync(path.dirname(HARNESS_FILE), { recursive: true });
fs.writeFileSync(HARNESS_FILE, JSON.stringify(info), { mode: 0o600 });
