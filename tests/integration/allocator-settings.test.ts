/**
 * The production server runs with fixed glibc malloc thresholds (docs/decisions/005-server-entry.md): the Docker
 * image, `npm start` and the benches that measure the server must set the same ones.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALLOCATOR_ENV } from "../../bench/support/servers";

const ROOT = path.resolve(__dirname, "../..");

function mallocSettings(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/\b(MALLOC_[A-Z_]+_)=(\d+)/g)].map((m) => [m[1]!, m[2]!]));
}

describe("allocator settings", () => {
  it("are the same in the Dockerfile, the start script and the benches", () => {
    const docker = mallocSettings(fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8"));
    const start = mallocSettings((JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start);
    expect(Object.keys(ALLOCATOR_ENV).length).toBeGreaterThan(0);
    expect(docker).toEqual(ALLOCATOR_ENV);
    expect(start).toEqual(ALLOCATOR_ENV);
  });
});
