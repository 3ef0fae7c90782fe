/**
 * A signed-in client of a production server (tests/support/prod-server.ts) and the steps of a paid portfolio report:
 * upload, buy with the built-in test payments, ask for the report, watch it and download its files.
 */
import crypto from "node:crypto";
import { expect } from "vitest";
import { PORTFOLIO_REPORT_PRODUCT } from "~/services/portfolio/report/purchase.server";
import { LAND_SITES } from "./portfolio-files";
import type { ProdServer } from "./prod-server";

/** Points scattered a few kilometres around real land sites, each row its own asset. */
export function largePortfolioCsv(rows: number): string {
  const lines = ["asset_id,name,lat,lon,value"];
  for (let i = 0; i < rows; i++) {
    const site = LAND_SITES[i % LAND_SITES.length]!;
    const dLat = ((i * 7919) % 1000) / 1000 - 0.5;
    const dLon = ((i * 104729) % 1000) / 1000 - 0.5;
    lines.push(
      `A-${i},${site.name} ${i},${(site.lat + dLat * 0.1).toFixed(5)},${(site.lon + dLon * 0.1).toFixed(5)},${1000 + (i % 97)}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

export interface ReportState {
  status: string;
  processed: number;
  total: number;
  percent: number;
}

export class Client {
  constructor(
    private server: ProdServer,
    private cookie = "",
  ) {}

  at(server: ProdServer) {
    this.server = server;
  }

  async logIn(email: string, password: string) {
    const body = new URLSearchParams({ intent: "login", email, password, redirectTo: "/dashboard" });
    const res = await fetch(`${this.server.base}/dashboard/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: this.server.base },
      body,
      redirect: "manual",
    });
    const session = res.headers.getSetCookie().find((c) => c.includes("weather_token"));
    if (!session) throw new Error(`login failed with ${res.status}`);
    this.cookie = session.split(";")[0]!;
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${this.server.base}${path}`, {
      ...init,
      headers: { Cookie: this.cookie, Origin: this.server.base, ...(init.headers as Record<string, string>) },
      redirect: "manual",
    });
  }

  async json<T = Record<string, unknown>>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await this.request(path, init);
    const body = (await res.json()) as T;
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
    return body;
  }

  post<T = Record<string, unknown>>(path: string, values: Record<string, unknown>) {
    // Purchases want an idempotency key; one per call, since each call here is a new request.
    const headers = { "Content-Type": "application/json", "Idempotency-Key": `fault-${crypto.randomUUID()}` };
    return this.json<T>(path, { method: "POST", headers, body: JSON.stringify(values) });
  }
}

/** Uploads the portfolio, buys its report with the built-in test payments and asks for the report. */
/** Uploads, orders and pays a report of `rows` rows; `billed` is the locations the order charges (each place once). */
export async function orderPaidReport(client: Client, rows: number): Promise<{ uploadId: string; billed: number }> {
  const form = new FormData();
  form.append("file", new Blob([largePortfolioCsv(rows)], { type: "text/csv" }), "portfolio.csv");
  const preview = await client.json<{
    upload_id: string;
    access_token: string;
    total_locations: number;
    valid_locations: number;
    billed_locations: number;
  }>("/api/upload/upload_preview", { method: "POST", body: form });
  const upload = { upload_id: preview.upload_id, access_token: preview.access_token };
  const { lead_id } = await client.post<{ lead_id: number }>("/api/v1/lead/file_transfer", upload);
  const order = await client.post<{ order_id: number }>("/api/v1/products/self-service-create-order", {
    products: [PORTFOLIO_REPORT_PRODUCT],
    lead_id,
    total_locations: preview.total_locations,
    valid_locations: preview.valid_locations,
  });
  await client.json("/api/v1/terms_conditions", {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ terms_conditions: true }),
  });
  await client.post("/api/v1/lead/confirm_purchase", { lead_id, order_id: order.order_id });
  const started = await client.json<{ report: ReportState }>(
    `/api/upload/generate_report?upload_id=${preview.upload_id}`,
  );
  expect(started.report.status).toMatch(/queued|running/);
  return { uploadId: preview.upload_id, billed: preview.billed_locations };
}

/** The report's state as request_preview answers it: reading it never queues anything. */
export async function reportState(client: Client, uploadId: string) {
  return client.post<{ report: ReportState; report_files?: { kind: string; path: string }[] }>(
    "/api/upload/request_preview",
    { upload_id: uploadId },
  );
}

/** Waits until the job is under way: rows counted, not yet done. */
export async function waitUntilRunning(client: Client, uploadId: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const { report } = await reportState(client, uploadId);
    if (report.status === "done")
      throw new Error("the report finished before the server could be killed: use a larger portfolio");
    if (report.status === "running" && report.processed > 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the report job did not start");
}

export async function downloadable(client: Client, path: string, magic: string) {
  const redirect = await client.request(path);
  expect(redirect.status).toBe(302);
  const file = await client.request(redirect.headers.get("Location")!);
  expect(file.status).toBe(200);
  const bytes = Buffer.from(await file.arrayBuffer());
  expect(bytes.length).toBe(Number(file.headers.get("Content-Length")));
  expect(bytes.subarray(0, magic.length).toString("latin1")).toBe(magic);
}

/** Polls the report until it is done or `limitMs` has passed since `since`; returns the last state seen. */
export async function waitForDelivery(client: Client, uploadId: string, since: number, limitMs: number) {
  let state = await reportState(client, uploadId);
  while (state.report.status !== "done" && Date.now() - since < limitMs) {
    await new Promise((r) => setTimeout(r, 500));
    state = await reportState(client, uploadId);
  }
  return state;
}
