import { expect, test } from "@playwright/test";
import { RETRY_ON_RESET } from "../helpers";

test("health check and security headers", async ({ request }) => {
  const health = await request.get("/healthz", RETRY_ON_RESET);
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok" });
  const home = await request.get("/", RETRY_ON_RESET);
  const headers = home.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
});
