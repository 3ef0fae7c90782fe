/** Report files as plain files under DATA_DIR/reports (locator: the path relative to that folder). */
import { createReadStream } from "node:fs";
import { copyFile, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/env.server";
import type { FileStore } from "./file-store.server";

export function reportsDir(): string {
  return path.resolve(getEnv().DATA_DIR, "reports");
}

/** A locator must stay inside the folder: a row can never name another file of the server. */
function absolute(locator: string): string {
  const root = reportsDir();
  const file = path.resolve(root, locator);
  if (!file.startsWith(root + path.sep)) throw new Error("report file outside the reports folder");
  return file;
}

async function* filesUnder(dir: string, root: string): AsyncGenerator<{ relative: string; mtime: Date }> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full, root);
    else if (entry.isFile()) {
      const { mtime } = await stat(full).catch(() => ({ mtime: new Date() }));
      yield { relative: path.relative(root, full), mtime };
    }
  }
}

let store: FileStore | undefined;

export function diskStore(): FileStore {
  store ??= {
    kind: "disk",
    owns: (locator) => !locator.includes(":"),
    async save(localFile, key) {
      const target = absolute(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        // The local file sits under DATA_DIR too, so this is usually a rename on one file system: never a half file.
        await rename(localFile, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") {
          await rm(localFile, { force: true });
          throw error;
        }
        // DATA_DIR/reports is a mount of its own: copy beside the target, then rename there.
        try {
          await copyFile(localFile, `${target}.part`);
          await rename(`${target}.part`, target);
        } catch (copyError) {
          await rm(`${target}.part`, { force: true });
          throw copyError;
        } finally {
          await rm(localFile, { force: true });
        }
      }
      return key;
    },
    async open(locator) {
      const file = absolute(locator);
      try {
        await stat(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async remove(locator) {
      await rm(absolute(locator), { force: true });
    },
    async *storedBefore(before) {
      const root = reportsDir();
      for await (const file of filesUnder(root, root)) if (file.mtime < before) yield file.relative;
    },
  };
  return store;
}
