/**
 * Where the bytes of report files live. One interface, three places: a folder under DATA_DIR (one container), large
 * objects in the app's PostgreSQL database, or an S3-compatible bucket (several containers). New files go to the
 * place the configuration names (reportStorageKind); a stored file is read back from the place its locator names,
 * so files written before a switch keep downloading. docs/decisions/013-several-instances.md says why.
 */
import { getEnv, reportStorageKind } from "~/env.server";
import { diskStore } from "./disk.server";
import { largeObjectStore } from "./large-objects.server";
import { s3Store } from "./s3.server";
import type { FileStore } from "./file-store.server";

export type { FileStore };

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
