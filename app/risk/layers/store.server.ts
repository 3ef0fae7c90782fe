/**
 * Where depth layers live: DATA_DIR/layers on disk, or <S3_URL>/layers in the bucket when S3_URL is set (several
 * containers then read the same layers). The report-file store does not fit here: layers are read by byte ranges,
 * not streamed whole. A file enters the store only complete and verified (disk: rename of a verified temporary
 * file; bucket: upload of it), and the manifest is replaced in one step after it, so a reader never sees a half
 * file or a manifest naming a missing one.
 */
import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { BaseClient, BaseResponse, fromCustomClient, fromFile, type GeoTIFF } from "geotiff";
import type * as S3Sdk from "@aws-sdk/client-s3";
import { EMPTY_MANIFEST, LayerManifestSchema, type LayerManifest } from "./manifest";

export interface LayerStore {
  /** Where, for messages: a folder or an s3:// URL. */
  readonly where: string;
  readManifest(): Promise<LayerManifest>;
  /** Replaces the manifest in one step. */
  writeManifest(manifest: LayerManifest): Promise<void>;
  /** Something that changes whenever the manifest does (mtime or ETag), or null when there is none. */
  manifestStamp(): Promise<string | null>;
  /** Moves a complete, verified local file into the store under its name. */
  putFile(localFile: string, file: string): Promise<void>;
  /** Opens a stored layer for range reads. */
  openTiff(file: string): Promise<GeoTIFF>;
  removeFile(file: string): Promise<void>;
}

const MANIFEST = "manifest.json";

export function diskLayerStore(dir: string): LayerStore {
  const manifestPath = path.join(dir, MANIFEST);
  return {
    where: dir,
    async readManifest() {
      let text: string;
      try {
        text = await readFile(manifestPath, "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return EMPTY_MANIFEST;
        throw error;
      }
      return LayerManifestSchema.parse(JSON.parse(text));
    },
    async writeManifest(manifest) {
      await mkdir(dir, { recursive: true });
      const tmp = `${manifestPath}.${process.pid}.tmp`;
      await writeFile(tmp, `${JSON.stringify(LayerManifestSchema.parse(manifest), null, 2)}\n`);
      await rename(tmp, manifestPath);
    },
    async manifestStamp() {
      try {
        const s = await stat(manifestPath);
        return `${s.mtimeMs}:${s.size}:${s.ino}`;
      } catch {
        return null;
      }
    },
    async putFile(localFile, file) {
      await mkdir(dir, { recursive: true });
      await rename(localFile, path.join(dir, file));
    },
    openTiff: (file) => fromFile(path.join(dir, file)),
    removeFile: (file) => rm(path.join(dir, file), { force: true }),
  };
}

class BytesResponse extends BaseResponse {
  constructor(
    private readonly statusCode: number,
    private readonly headers: Record<string, string>,
    private readonly body: Uint8Array,
  ) {
    super();
  }
  override get ok() {
    return this.statusCode >= 200 && this.statusCode < 300;
  }
  override get status() {
    return this.statusCode;
  }
  override getHeader(name: string) {
    return this.headers[name.toLowerCase()];
  }
  override async getData() {
    return this.body.slice().buffer as ArrayBuffer;
  }
}

/** geotiff.js's remote source over S3 GetObject with a Range header (the object is not public). */
class S3RangeClient extends BaseClient {
  constructor(
    private readonly get: (
      range: string | undefined,
    ) => Promise<{ status: number; contentRange?: string; body: Uint8Array }>,
    key: string,
  ) {
    super(key);
  }
  override async request(options: RequestInit = {}) {
    const headers = (options.headers ?? {}) as Record<string, string>;
    const range = headers.Range ?? headers.range;
    const r = await this.get(range);
    const h: Record<string, string> = { "content-type": "application/octet-stream" };
    if (r.contentRange) h["content-range"] = r.contentRange;
    return new BytesResponse(r.status, h, r.body);
  }
}

export interface S3LayerLocation {
  bucket: string;
  /** "" or ends with "/"; layers go under `${prefix}layers/`. */
  prefix: string;
  endpoint?: string;
  region: string;
}

export function s3LayerStore(loc: S3LayerLocation): LayerStore {
  const base = `${loc.prefix}layers/`;
  let sdk: Promise<{ s3: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;
  const load = () =>
    (sdk ??= import("@aws-sdk/client-s3").then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: loc.region,
        ...(loc.endpoint
          ? {
              endpoint: loc.endpoint,
              forcePathStyle: true,
              requestChecksumCalculation: "WHEN_REQUIRED" as const,
              responseChecksumValidation: "WHEN_REQUIRED" as const,
            }
          : {}),
      }),
    })));
  const getBytes = async (key: string, range?: string) => {
    const { s3, client } = await load();
    const out = await client.send(new s3.GetObjectCommand({ Bucket: loc.bucket, Key: key, Range: range }));
    const body = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
    return { status: range ? 206 : 200, contentRange: out.ContentRange, body, etag: out.ETag };
  };
  const missing = (e: unknown) => {
    const x = e as { name?: string; $metadata?: { httpStatusCode?: number } };
    return x.name === "NoSuchKey" || x.name === "NotFound" || x.$metadata?.httpStatusCode === 404;
  };
  return {
    where: `s3://${loc.bucket}/${base}`,
    async readManifest() {
      try {
        const { body } = await getBytes(`${base}${MANIFEST}`);
        return LayerManifestSchema.parse(JSON.parse(Buffer.from(body).toString("utf8")));
      } catch (e) {
        if (missing(e)) return EMPTY_MANIFEST;
        throw e;
      }
    },
    async writeManifest(manifest) {
      const { s3, client } = await load();
      const Body = `${JSON.stringify(LayerManifestSchema.parse(manifest), null, 2)}\n`;
      await client.send(
        new s3.PutObjectCommand({
          Bucket: loc.bucket,
          Key: `${base}${MANIFEST}`,
          Body,
          ContentType: "application/json",
        }),
      );
    },
    async manifestStamp() {
      const { s3, client } = await load();
      try {
        const head = await client.send(new s3.HeadObjectCommand({ Bucket: loc.bucket, Key: `${base}${MANIFEST}` }));
        return head.ETag ?? null;
      } catch (e) {
        if (missing(e)) return null;
        throw e;
      }
    },
    async putFile(localFile, file) {
      const { s3, client } = await load();
      const { size } = await stat(localFile);
      await client.send(
        new s3.PutObjectCommand({
          Bucket: loc.bucket,
          Key: `${base}${file}`,
          Body: createReadStream(localFile),
          ContentLength: size,
        }),
      );
      await rm(localFile, { force: true });
    },
    openTiff: (file) =>
      fromCustomClient(new S3RangeClient((range) => getBytes(`${base}${file}`, range), `${base}${file}`)),
    async removeFile(file) {
      const { s3, client } = await load();
      await client.send(new s3.DeleteObjectCommand({ Bucket: loc.bucket, Key: `${base}${file}` }));
    },
  };
}

/** The store the environment names: the bucket when S3_URL is set, else DATA_DIR/layers (LAYERS_DIR overrides). */
export function configuredLayerStore(env: NodeJS.ProcessEnv = process.env): LayerStore {
  if (env.S3_URL && !env.LAYERS_DIR) {
    const u = new URL(env.S3_URL);
    const prefix = u.pathname.replace(/^\/+|\/+$/g, "");
    return s3LayerStore({
      bucket: u.host,
      prefix: prefix ? `${prefix}/` : "",
      endpoint: env.S3_ENDPOINT || undefined,
      region: env.S3_REGION || "us-east-1",
    });
  }
  return diskLayerStore(path.resolve(env.LAYERS_DIR ?? path.join(env.DATA_DIR ?? "./.data", "layers")));
}
