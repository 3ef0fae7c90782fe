import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { StoredDocument, storedOnce } from "./stored-document.server";

const TEXT = JSON.stringify({
  paths: Array.from({ length: 2_000 }, (_, i) => ({ id: i, text: "a long and repeated description" })),
});

async function compressed(doc: StoredDocument) {
  // The copies are made off the main thread; the text goes out until they are ready.
  await vi.waitFor(
    () =>
      expect(
        doc.respond(new Request("http://x/", { headers: { "Accept-Encoding": "br" } })).headers.get("Content-Encoding"),
      ).toBe("br"),
    { timeout: 20_000, interval: 50 },
  );
}

describe("StoredDocument", () => {
  it("answers the encoding the client accepts, best first, with the same ETag and Vary", async () => {
    const doc = new StoredDocument(TEXT, { "Content-Type": "application/json" });
    await compressed(doc);
    const br = doc.respond(new Request("http://x/", { headers: { "Accept-Encoding": "gzip, deflate, br" } }));
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(TEXT);
    const gzip = doc.respond(new Request("http://x/", { headers: { "Accept-Encoding": "gzip, br;q=0" } }));
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(TEXT);
    const plain = doc.respond(new Request("http://x/"));
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(TEXT);
    for (const res of [br, gzip, plain]) {
      expect(res.headers.get("ETag")).toBe(doc.etag);
      expect(res.headers.get("Vary")).toBe("Accept-Encoding");
      expect(res.headers.get("Content-Type")).toBe("application/json");
    }
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const doc = new StoredDocument(TEXT, { "Content-Type": "application/json" });
    for (const tag of [doc.etag, `W/${doc.etag}`, `"other", ${doc.etag}`, "*"]) {
      const res = doc.respond(new Request("http://x/", { headers: { "If-None-Match": tag } }));
      expect(res.status, tag).toBe(304);
      expect(await res.text()).toBe("");
    }
    expect(doc.respond(new Request("http://x/", { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
  });
});

describe("storedOnce", () => {
  it("makes a value once per key, again when the key changes", () => {
    const make = vi.fn((key: string) => ({ key }));
    const get = storedOnce(make);
    expect(get("a")).toBe(get("a"));
    expect(make).toHaveBeenCalledTimes(1);
    expect(get("b").key).toBe("b");
    expect(make).toHaveBeenCalledTimes(2);
  });
});
