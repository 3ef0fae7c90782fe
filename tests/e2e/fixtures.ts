/**
 * The browser tests' `test`: every journey that needs an account gets a fresh one of the plan and role it asks for,
 * in the state a seeded demo account of that plan has (db/seed.ts, seedDemoAccount), made through the test server's
 * harness port (server.ts). No two tests share an account's orders, credits, cart or intro tour, so every file runs
 * fully parallel.
 */
import fs from "node:fs";
import { test as base, expect } from "@playwright/test";
import { HARNESS_FILE, type HarnessInfo, type NewAccountRequest } from "./harness";
import { logInAs } from "./helpers";

export { expect };

type AccountOptions = Partial<NewAccountRequest>;

interface Account {
  email: string;
  password: string;
}

interface AccountFixtures {
  /** A fresh account (PREMIUM user unless told), not signed in. */
  newAccount: (options?: AccountOptions) => Promise<Account>;
  /** Signs the page in as a fresh account (PREMIUM user unless told), on the dashboard; returns its e-mail. */
  signIn: (options?: AccountOptions) => Promise<string>;
}

export type SignIn = AccountFixtures["signIn"];

async function harnessInfo(): Promise<HarnessInfo> {
  // The server writes the file as it starts, before it answers the readiness check Playwright waits for.
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (fs.existsSync(HARNESS_FILE)) return JSON.parse(fs.readFileSync(HARNESS_FILE, "utf8")) as HarnessInfo;
    if (Date.now() > deadline) throw new Error(`no ${HARNESS_FILE}: is the server started by start-server.mjs?`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const test = base.extend<AccountFixtures>({
  newAccount: async ({ playwright }, provide) => {
    const { port, secret } = await harnessInfo();
    const harness = await playwright.request.newContext({
      baseURL: `http://127.0.0.1:${port}`,
      extraHTTPHeaders: { authorization: `Bearer ${secret}` },
    });
    await provide(async ({ plan = "PREMIUM", role = "user" } = {}) => {
      const response = await harness.post("/accounts", { data: { plan, role } });
      if (response.status() !== 201) throw new Error(`the harness made no account: ${await response.text()}`);
      return (await response.json()) as Account;
    });
    await harness.dispose();
  },
  signIn: async ({ page, newAccount }, provide) => {
    await provide(async (options) => {
      const { email, password } = await newAccount(options);
      await logInAs(page, email, password);
      return email;
    });
  },
});
