/**
 * The S3 store against s3rver, a local S3 look-alike: proves the calls, the streaming and the multipart upload
 * the store makes, not the behaviour of AWS itself or of any particular S3-compatible service.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { resetEnvCacheForTesting } from "~/env.server";
import { parseS3Url, s3Store } from "./s3.server";
import { fileStoreOf } from "./store.server";
import { bytesOf, localFileIn } from "../../../tests/support/stored-files";

const dir = mkdtempSync(path.join(tmpdir(), "s3-store-"));
let server: S3rver;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: path.join(dir, "bucket"),
    configureBuckets: [{ name: "reports", configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  Object.assign(process.env, {
    S3_URL: "s3://reports/app-files",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
  });
  resetEnvCacheForTesting();
});

afterAll(async () => {
  await server.close();
  for (const key of ["S3_URL", "S3_ENDPOINT", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"]) delete process.env[key];
  resetEnvCacheForTesting();
  rmSync(dir, { recursive: true, force: true });
});

const localFile = (content: Buffer) => localFileIn(dir, content);

describe("the S3 file store", () => {
  it("reads the bucket and key prefix from S3_URL", () => {
    expect(parseS3Url("s3://reports")).toEqual({ bucket: "reports", prefix: "" });
    expect(parseS3Url("s3://reports/a/b/")).toEqual({ bucket: "reports", prefix: "a/b/" });
  });

  it("stores a small file in one request and a large one in parts, and streams both back", async () => {
    const store = s3Store();
    for (const size of [1000, 9 * 1024 * 1024 + 17]) {
      const content = randomBytes(size);
      const input = localFile(content);
      const locator = await store.save(input, `user-1/${size}.xlsx`);
      expect(locator).toBe(`s3://reports/app-files/user-1/${size}.xlsx`);
      expect(existsSync(input)).toBe(false);
      expect(fileStoreOf(locator)).toBe(store);
      expect((await bytesOf(await store.open(locator))).equals(content)).toBe(true);
    }
  });

  it("lists what was stored before a time, and forgets what it removes", async () => {
    const store = s3Store();
    const locator = await store.save(localFile(Buffer.from("orphan")), "user-2/orphan.pdf");
    const listed = async (before: Date) => {
      const all: string[] = [];
      for await (const l of store.storedBefore(before)) all.push(l);
      return all;
    };
    expect(await listed(new Date(Date.now() + 60_000))).toContain(locator);
    expect(await listed(new Date(Date.now() - 3_600_000))).not.toContain(locator);
    await store.remove(locator);
    expect(await store.open(locator)).toBeNull();
    expect(await listed(new Date(Date.now() + 60_000))).not.toContain(locator);
  });
});
