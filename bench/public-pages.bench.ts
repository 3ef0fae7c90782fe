/**
 * Public page weight and speed on a slow connection (400 kbit/s, 400 ms RTT), measured in Chromium.
 *
 *   npx remix build && npx tsx bench/public-pages.bench.ts            # starts the built server itself
 *   BENCH_URL=http://127.0.0.1:3000 npx tsx bench/public-pages.bench.ts   # or measures a running one
 *
 * Prints, per page, the compressed bytes on the wire per resource type (HTML, CSS, JS, other), the first
 * contentful paint (text visible) and the largest contentful paint, each a median of BENCH_RUNS cold loads.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

const PAGES = (process.env.BENCH_PAGES ?? "/,/blog/item/1,/faq").split(",");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const THROUGHPUT_BYTES_PER_S = (400 * 1000) / 8;
const RTT_MS = 400;
const BUDGET_BYTES = 60 * 1024;

async function startServer(): Promise<{ url: string; child: ChildProcess | null }> {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL.replace(/\/$/, ""), child: null };
  if (!fs.existsSync("build/index.js")) throw new Error("build/index.js is missing: run `npx remix build` first");
  const port = Number(process.env.BENCH_PORT ?? 3399);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  const child = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PAYMENTS: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error("the server did not start within 60 s");
}

type Kind = "html" | "css" | "js" | "other";
interface Run {
  bytes: Record<Kind, number>;
  fcp: number;
  lcp: number;
}

function kindOf(type: string | undefined, mime: string): Kind {
  if (type === "Document") return "html";
  if (type === "Stylesheet" || mime.includes("css")) return "css";
  if (type === "Script" || mime.includes("javascript")) return "js";
  return "other";
}

async function measure(browser: Awaited<ReturnType<typeof chromium.launch>>, url: string): Promise<Run> {
  const context = await browser.newContext();
  // A returning reader: the consent choice is made, so the page itself is what we measure.
  await context.addCookies([{ name: "cookie_consent", value: "v1:necessary", url }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: RTT_MS,
    downloadThroughput: THROUGHPUT_BYTES_PER_S,
    uploadThroughput: THROUGHPUT_BYTES_PER_S,
  });
  const types = new Map<string, { type?: string; mime: string }>();
  const bytes: Record<Kind, number> = { html: 0, css: 0, js: 0, other: 0 };
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, { type: e.type, mime: e.response.mimeType }));
  cdp.on("Network.loadingFinished", (e) => {
    const info = types.get(e.requestId);
    bytes[kindOf(info?.type, info?.mime ?? "")] += e.encodedDataLength;
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  await page.waitForTimeout(500);
  const { fcp, lcp } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
    lcp: (window as unknown as { __lcp: number }).__lcp,
  }));
  await context.close();
  return { bytes, fcp, lcp };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const { url, child } = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const rows: string[][] = [];
  let worst = 0;
  try {
    for (const pagePath of PAGES) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, `${url}${pagePath}`));
      const b = runs[0]!.bytes;
      const total = b.html + b.css + b.js;
      if (pagePath !== "/") worst = Math.max(worst, total);
      rows.push([
        pagePath,
        kb(b.html),
        kb(b.css),
        kb(b.js),
        kb(total),
        kb(b.other),
        `${Math.round(median(runs.map((r) => r.fcp)))} ms`,
        `${Math.round(median(runs.map((r) => r.lcp)))} ms`,
      ]);
    }
  } finally {
    await browser.close();
    child?.kill("SIGTERM");
  }
  const header = ["page", "HTML", "CSS", "JS", "HTML+CSS+JS", "other", "text visible (FCP)", "LCP"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(
    `Public pages at 400 kbit/s, ${RTT_MS} ms RTT, cold cache; compressed bytes on the wire; median of ${RUNS} loads`,
  );
  console.log(line(header));
  for (const r of rows) console.log(line(r));
  console.log(
    `Budget: blog post / FAQ under ${kb(BUDGET_BYTES)} (HTML+CSS+JS): ${worst <= BUDGET_BYTES ? "met" : "NOT met"} (largest ${kb(worst)})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
