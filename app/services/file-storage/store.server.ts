/**
 * Where the bytes of report files live. One interface, three places: a folder under DATA_DIR (one container), large
 * objects in the app's PostgreSQL database, or an S3-compatible bucket (several containers). New files go to the
 * place the configuration names (reportStorageKind); a stored file is read back from the place its locator names,
 * so files written before a switch keep downloading. docs/decisions/013-several-instances.md says why.
 */
import type { Readable } from "node:stream";
import { getEnv, reportStorageKind } from "~/env.server";
import { diskStore } from "./disk.server";
import { largeObjectStore } from "./large-objects.server";
import { s3Store } from "./s3.server";

export interface FileStore {
  readonly kind: "disk" | "postgres" | "s3";
  /** Whether a locator (report_files.storage_path) names a file of this store. */
  owns(locator: string): boolean;
  /**
   * Moves a complete local file into the store under `key` (user/id.ext), streaming it, and returns its locator.
   * The local file is gone afterwards, whether the move succeeded or not.
   */
  save(localFile: string, key: string): Promise<string>;
  /** The stored bytes as a stream, or null when the file is missing. */
  open(locator: string): Promise<Readable | null>;
  /** Deletes the file; a missing one is not an error (two instances may sweep the same orphan). */
  remove(locator: string): Promise<void>;
  /** Locators of every file stored before `before`: the candidates of the orphan sweep. */
  storedBefore(before: Date): AsyncIterable<string>;
}

const STORES: Record<FileStore["kind"], () => FileStore> = { disk: diskStore, postgres: largeObjectStore, s3: s3Store };

/** The store new report files go to, chosen from the validated environment. */
export function configuredFileStore(): FileStore {
  return STORES[reportStorageKind()]();
}

/** The store that holds the file a locator names. */
export function fileStoreOf(locator: string): FileStore {
  const large = largeObjectStore();
  if (large.owns(locator)) return large;
  if (locator.startsWith("s3://")) return s3Store();
  return diskStore();
}

/**
 * Every store that may hold report files here: the data folder always (the default, and where files went before
 * another store was configured), large objects with a PostgreSQL database, the bucket when S3_URL is set.
 */
export function fileStoresInUse(): FileStore[] {
  const env = getEnv();
  return [diskStore(), ...(env.DATABASE_URL ? [largeObjectStore()] : []), ...(env.S3_URL ? [s3Store()] : [])];
}

