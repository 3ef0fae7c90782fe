import path from "node:path";
import type { PlanCode } from "../../app/domain/commerce/plans";

/** Where the browser tests' server (server.ts) writes its harness port and this run's secret for the fixtures. */
export const HARNESS_FILE = path.resolve("tests/.tmp/e2e-harness.json");

export interface HarnessInfo {
  port: number;
  secret: string;
}

/** A fresh account in the state the seeded demo account of this plan and role has (db/seed.ts, seedDemoAccount). */
export interface NewAccountRequest {
  plan: PlanCode;
  role: "user" | "admin";
}
