/**
 * Report files as PostgreSQL large objects (locator: pg-large-object:<oid>), so every instance on the database reads
 * them and no other service is needed. Both directions stream in chunks through one transaction on a connection of
 * the app's pool: a 100 MB workbook never sits in memory. Each object is listed in report_file_objects with the
 * time it was stored, which the orphan sweep needs (PostgreSQL keeps none for a large object).
 */
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { LargeObjectManager } from "pg-large-object";
import { getDb } from "../infra/db.server";
import type { FileStore } from "./file-store.server";

const PREFIX = "pg-large-object:";
/** Bytes per lowrite/loread round trip: a multiple of PostgreSQL's 2 kB large-object page. */
const CHUNK_BYTES = 256 * 1024;

async function pool(): Promise<pg.Pool> {
  const client = ((await getDb()) as unknown as { $client: unknown }).$client as Partial<pg.Pool> & { exec?: unknown };
  if (typeof client.connect !== "function" || typeof client.exec === "function") {
    throw new Error("report files in large objects need PostgreSQL (DATABASE_URL)");
  }
  return client as pg.Pool;
}

function oidOf(locator: string): number {
  const oid = Number(locator.slice(PREFIX.length));
  if (!locator.startsWith(PREFIX) || !Number.isSafeInteger(oid) || oid <= 0)
    throw new Error(`not a large object locator: ${locator}`);
  return oid;
}

/** Runs `work` in a transaction on a connection of its own (large object descriptors live only inside one). */
async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await (await pool()).connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    client.release();
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    client.release(true);
    throw error;
  }
}

/**
 * The object's bytes in chunks, read in one transaction on a connection of its own. Nothing is taken before the
 * first read (a response whose body is never read holds no connection), and the connection goes back to the pool
 * when the reading ends, fails or is cut off (a download abandoned halfway).
 */
async function* chunksOf(oid: number): AsyncGenerator<Buffer> {
  const client = await (await pool()).connect();
  let failed = true;
  try {
    await client.query("BEGIN READ ONLY");
    const object = await new LargeObjectManager({ pg: client }).openAsync(oid, LargeObjectManager.READ);
    for (;;) {
      const chunk = await object.readAsync(CHUNK_BYTES);
      if (chunk.length) yield chunk;
      if (chunk.length < CHUNK_BYTES) break;
    }
    failed = false;
  } finally {
    await client.query(failed ? "ROLLBACK" : "COMMIT").then(
      () => client.release(),
      (error: Error) => client.release(error),
    );
  }
}

async function openStream(oid: number): Promise<Readable | null> {
  const { rowCount } = await (await pool()).query("SELECT 1 FROM pg_largeobject_metadata WHERE oid = $1", [oid]);
  return rowCount ? Readable.from(chunksOf(oid), { objectMode: false }) : null;
}

let store: FileStore | undefined;

export function largeObjectStore(): FileStore {
  store ??= {
    kind: "postgres",
    owns: (locator) => locator.startsWith(PREFIX),
    async save(localFile) {
      try {
        const oid = await inTransaction(async (client) => {
          const [created, stream] = await new LargeObjectManager({ pg: client }).createAndWritableStreamAsync(
            CHUNK_BYTES,
          );
          await pipeline(createReadStream(localFile, { highWaterMark: CHUNK_BYTES }), stream);
          await client.query("INSERT INTO report_file_objects (oid) VALUES ($1)", [created]);
          return created;
        });
        return `${PREFIX}${oid}`;
      } finally {
        await rm(localFile, { force: true });
      }
    },
    open: (locator) => openStream(oidOf(locator)),
    async remove(locator) {
      const oid = oidOf(locator);
      await inTransaction(async (client) => {
        // The row lock makes a second remover (another instance's sweep) wait and then find nothing to unlink.
        const { rowCount } = await client.query("DELETE FROM report_file_objects WHERE oid = $1", [oid]);
        if (rowCount) await client.query("SELECT lo_unlink(oid) FROM pg_largeobject_metadata WHERE oid = $1", [oid]);
      });
    },
    async *storedBefore(before) {
      const { rows } = await (
        await pool()
      ).query<{ oid: number }>("SELECT oid FROM report_file_objects WHERE created_at < $1 ORDER BY oid", [before]);
      for (const { oid } of rows) yield `${PREFIX}${oid}`;
    },
  };
  return store;
}
