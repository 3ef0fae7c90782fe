import type { Readable } from "node:stream";

/** A place report files are stored (store.server.ts picks one): a folder, PostgreSQL large objects or an S3 bucket. */
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
