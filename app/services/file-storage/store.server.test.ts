import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createUser } from "#db/factories";
import { setupTestDatabase } from "#db/testing";
import { resetEnvCacheForTesting } from "~/env.server";
import { recordReportFile, sweepOrphanReportFiles, writeReportFile } from "../reports/files.server";
import { configuredFileStore, fileStoreOf } from "./store.server";
import { bytesOf, localFileIn } from "../../../tests/support/stored-files";

const dataDir = mkdtempSync(path.join(tmpdir(), "file-store-"));
process.env.DATA_DIR = dataDir;
resetEnvCacheForTesting();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const getDb = setupTestDatabase();

const localFile = (content: Buffer) => localFileIn(dataDir, content);

const expectedKind = process.env.DATABASE_URL ? "postgres" : "disk";

describe(`the configured file store (${expectedKind})`, () => {
  it("is large objects with a database URL and the data folder without", () => {
    expect(configuredFileStore().kind).toBe(expectedKind);
  });

  it("takes a file larger than one chunk and gives the same bytes back, then forgets it", async () => {
    getDb();
    const store = configuredFileStore();
    const content = randomBytes(1024 * 1024 + 123);
    const input = localFile(content);
    const locator = await store.save(input, "user-1/a.pdf");
    expect(existsSync(input)).toBe(false);
    expect(fileStoreOf(locator)).toBe(store);
    expect((await bytesOf(await store.open(locator))).equals(content)).toBe(true);

    await store.remove(locator);
    expect(await store.open(locator)).toBeNull();
    await store.remove(locator);
  });

  it("lets a download stop halfway, or never start, without holding anything (the next reads still work)", async () => {
    getDb();
    const store = configuredFileStore();
    const content = randomBytes(2 * 1024 * 1024);
    const locator = await store.save(localFile(content), "user-1/b.xlsx");
    // More cut-off downloads than the test pool has connections: each must give its connection back.
    for (let i = 0; i < 6; i++) {
      const stream = (await store.open(locator))!;
      await new Promise<void>((resolve) => stream.once("data", () => resolve()));
      stream.destroy();
    }
    // Nor does a stream nobody reads (a response whose body is dropped).
    const unread = await Promise.all(Array.from({ length: 6 }, () => store.open(locator)));
    expect(unread.every(Boolean)).toBe(true);
    expect((await bytesOf(await store.open(locator))).equals(content)).toBe(true);
  });

  it("sweeps unlisted files older than the grace period and keeps listed ones", async () => {
    const owner = (await createUser(getDb()))!;
    const write = (text: string) => async (target: string) => writeFileSync(target, text);
    const listed = await writeReportFile(
      { userId: owner.id, kind: "portfolio_pdf", title: "kept", baseName: "kept" },
      write("%PDF kept"),
    );
    await recordReportFile(listed, getDb());
    const orphan = await writeReportFile(
      { userId: owner.id, kind: "portfolio_xlsx", title: "orphan", baseName: "orphan" },
      write("orphan"),
    );
    const leftover = path.join(dataDir, "tmp", "reports", "killed-run.pdf.part");
    writeFileSync(leftover, "half");

    // Within the grace period nothing goes: a run may still be about to list its files.
    expect(await sweepOrphanReportFiles({ db: getDb() })).toEqual([]);
    expect(existsSync(leftover)).toBe(true);

    const old = new Date(Date.now() - 7 * 3_600_000);
    utimesSync(leftover, old, old);
    const removed = await sweepOrphanReportFiles({ olderThanHours: 0, db: getDb() });
    expect(removed).toContain(orphan.storagePath);
    expect(removed).not.toContain(listed.storagePath);
    expect(await fileStoreOf(orphan.storagePath).open(orphan.storagePath)).toBeNull();
    expect((await bytesOf(await fileStoreOf(listed.storagePath).open(listed.storagePath))).toString()).toBe(
      "%PDF kept",
    );
    expect(readdirSync(path.join(dataDir, "tmp", "reports"))).toEqual([]);
  });
});
