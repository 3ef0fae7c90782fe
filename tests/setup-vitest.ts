import { afterAll } from "vitest";
import { dropTemplate } from "#db/testing";

process.env.DISABLE_RATE_LIMIT ??= "";
afterAll(async () => {
  await dropTemplate();
});
