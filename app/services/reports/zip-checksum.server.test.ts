import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { javascriptCrc32, zipCrc32 } from "./zip-checksum.server";

describe("zip checksums", () => {
  it("match the zip library's own CRC-32, chained from any seed, for buffers of every size", () => {
    expect(zipCrc32).not.toBe(javascriptCrc32);
    let native = zipCrc32(Buffer.alloc(0), Buffer.alloc(4) as unknown as number);
    let javascript = javascriptCrc32(Buffer.alloc(0), Buffer.alloc(4) as unknown as number);
    expect(native).toBe(javascript);
    for (const size of [1, 7, 64, 1000, 65_536, 300_001]) {
      const data = randomBytes(size);
      native = zipCrc32(data, native >>> 0);
      javascript = javascriptCrc32(data, javascript >>> 0);
      expect(native).toBe(javascript);
    }
    expect(zipCrc32(Buffer.from("123456789"))).toBe(javascriptCrc32(Buffer.from("123456789")));
    expect(zipCrc32(Buffer.from("123456789")) >>> 0).toBe(0xcbf43926);
  });
});
