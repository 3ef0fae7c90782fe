/**
 * The API contract recorder (on when API_CONTRACT_DIR is set, as CI sets it) in the production server: answers under
 * /api/ that the compression middleware compresses, pages included, reach the client whole and are recorded as
 * the client reads them; the OpenAPI document is sent whole and not recorded. Needs `npm run build`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRecordedApiPath } from "~/services/api/answer-recorder.server";
import { createServerStore, startProdServer, type ProdServer, type ServerStore } from "../../support/prod-server";

let store: ServerStore;
let server: ProdServer;
let recordDir: string;

beforeAll(async () => {
  recordDir = fs.mkdtempSync(path.join(os.tmpdir(), "api-recorder-"));
  store = await createServerStore("api-recorder");
  server = await startProdServer(store, { API_CONTRACT_DIR: recordDir });
}, 120_000);

afterAll(async () => {
  await server?.kill("SIGTERM");
  await store?.drop();
  fs.rmSync(recordDir, { recursive: true, force: true });
});

function recorded(): { path: string; status: number; body: string | null }[] {
  return fs
    .readdirSync(recordDir)
    .flatMap((name) => fs.readFileSync(path.join(recordDir, name), "utf8").split("\n").filter(Boolean))
    .map((line) => JSON.parse(line) as { path: string; status: number; body: string | null });
}

describe("the API contract recorder", () => {
  it("leaves compressed answers whole: the changelog page, a JSON answer and the OpenAPI document, which it does not record", async () => {
    for (const [url, encoding] of [
      ["/api/changelog", "gzip"],
      ["/api/changelog", "br"],
      ["/api/v1/get_email", "gzip"],
      ["/api/openapi.json", "br"],
    ] as const) {
      const response = await fetch(`${server.base}${url}`, { headers: { "Accept-Encoding": encoding } });
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-encoding"), url).toBe(encoding);
      const text = await response.text();
      expect(text.length, url).toBeGreaterThan(100);
      const record = recorded()
        .filter((r) => r.path === url)
        .at(-1);
      // The document is what the recorded answers are checked against: recording its megabyte adds nothing.
      if (isRecordedApiPath(url)) expect(record?.body, url).toBe(text);
      else expect(record, url).toBeUndefined();
    }
    expect(isRecordedApiPath("/api/openapi.json")).toBe(false);
    expect(isRecordedApiPath("/api/changelog")).toBe(true);
  });
});
