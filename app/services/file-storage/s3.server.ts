/**
 * Report files in an S3-compatible bucket (locator: s3://bucket/key), for deployments that keep files out of the
 * database. The upload streams in parts (lib-storage), the download streams the object body. Credentials and
 * region come from the usual AWS variables; S3_ENDPOINT points at a compatible service instead of AWS. The SDK is
 * loaded on first use: a server that keeps its files elsewhere does not carry it in memory.
 */
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import type * as S3Sdk from "@aws-sdk/client-s3";
import type * as S3Storage from "@aws-sdk/lib-storage";
import { getEnv } from "~/env.server";
import type { FileStore } from "./file-store.server";

/** Parts of 8 MB, two in flight: at most ~16 MB of a file in memory while it uploads. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export interface S3Location {
  bucket: string;
  /** Prepended to every key: "" or ends with "/". */
  prefix: string;
}

/** s3://bucket/some/prefix → bucket and "some/prefix/". */
export function parseS3Url(url: string): S3Location {
  const { host, pathname } = new URL(url);
  const prefix = pathname.replace(/^\/+|\/+$/g, "");
  return { bucket: host, prefix: prefix ? `${prefix}/` : "" };
}

function parseLocator(locator: string): { bucket: string; key: string } {
  const m = /^s3:\/\/([^/]+)\/(.+)$/.exec(locator);
  if (!m) throw new Error(`not an S3 locator: ${locator}`);
  return { bucket: m[1]!, key: m[2]! };
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}

let store: FileStore | undefined;

export function s3Store(): FileStore {
  if (store) return store;
  const env = getEnv();
  if (!env.S3_URL) throw new Error("report files in S3 need S3_URL");
  const { bucket, prefix } = parseS3Url(env.S3_URL);
  let sdk: Promise<{ s3: typeof S3Sdk; Upload: typeof S3Storage.Upload; client: S3Sdk.S3Client }> | undefined;
  const load = () =>
    (sdk ??= Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]).then(([s3, storage]) => ({
      s3,
      Upload: storage.Upload,
      client: new s3.S3Client({
        region: env.S3_REGION,
        ...(env.S3_ENDPOINT
          ? {
              endpoint: env.S3_ENDPOINT,
              forcePathStyle: true,
              // Many compatible services refuse the checksums newer SDKs add to every request by default.
              requestChecksumCalculation: "WHEN_REQUIRED" as const,
              responseChecksumValidation: "WHEN_REQUIRED" as const,
            }
          : {}),
      }),
    })));
  store = {
    kind: "s3",
    owns: (locator) => locator.startsWith("s3://"),
    async save(localFile, key) {
      const objectKey = `${prefix}${key}`;
      try {
        const { client, Upload } = await load();
        const upload = new Upload({
          client,
          params: { Bucket: bucket, Key: objectKey, Body: createReadStream(localFile) },
          partSize: PART_BYTES,
          queueSize: PARTS_IN_FLIGHT,
        });
        await upload.done();
      } finally {
        await rm(localFile, { force: true });
      }
      return `s3://${bucket}/${objectKey}`;
    },
    async open(locator) {
      const { bucket: b, key } = parseLocator(locator);
      const { client, s3 } = await load();
      try {
        const { Body } = await client.send(new s3.GetObjectCommand({ Bucket: b, Key: key }));
        return (Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(locator) {
      const { bucket: b, key } = parseLocator(locator);
      const { client, s3 } = await load();
      await client.send(new s3.DeleteObjectCommand({ Bucket: b, Key: key }));
    },
    async *storedBefore(before) {
      const { client, s3 } = await load();
      for await (const page of s3.paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified && object.LastModified < before) yield `s3://${bucket}/${object.Key}`;
        }
      }
    },
  };
  return store;
}
