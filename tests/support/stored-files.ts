import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";

/** The whole of a file a store opened; a missing one fails the test. */
export async function bytesOf(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error("the file is missing");
  return buffer(stream);
}

/** A file on disk in `dir` holding `content`, as a report writer leaves one for a store to take. */
export function localFileIn(dir: string, content: Buffer): string {
  const file = path.join(dir, `in-${randomBytes(4).toString("hex")}`);
  writeFileSync(file, content);
  return file;
}
