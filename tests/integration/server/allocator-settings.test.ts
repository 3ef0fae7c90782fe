/**
 * The production server runs with the allocator settings of scripts/allocator-env.sh (docs/decisions/005-server-entry.md):
 * the Docker image and `npm start` start it through scripts/start.sh, which sources them, and the benches read them.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALLOCATOR_ENV } from "../../../bench/support/servers";

const ROOT = path.resolve(__dirname, "../../..");
const jemalloc = execFileSync(
  "sh",
  ["-c", "ldconfig -p 2>/dev/null | awk '/libjemalloc\\.so\\.2 /{ print $NF; exit }'"],
  { encoding: "utf8" },
).trim();

describe("allocator settings", () => {
  it("are started the same way by the Dockerfile, npm start and the benches", () => {
    expect(fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8")).toMatch(/^CMD \["sh", "scripts\/start\.sh"\]$/m);
    expect(fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8")).toMatch(
      /apt-get install -y --no-install-recommends libjemalloc2/,
    );
    expect(
      (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }).scripts
        .start,
    ).toBe("sh scripts/start.sh");
    expect(fs.readFileSync(path.join(ROOT, "scripts/start.sh"), "utf8")).toContain(
      '. "$(dirname "$0")/allocator-env.sh"',
    );
    expect(ALLOCATOR_ENV).toMatchObject({ MALLOC_MMAP_THRESHOLD_: "65536", MALLOC_TRIM_THRESHOLD_: "131072" });
  });

  it.runIf(jemalloc !== "")("preload jemalloc with background purging where the host has it", () => {
    expect(ALLOCATOR_ENV).toMatchObject({
      LD_PRELOAD: jemalloc,
      MALLOC_CONF: "background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0",
    });
  });

  it("run the server on jemalloc when started through scripts/start.sh", () => {
    // the environment scripts/start.sh hands to node
    const out = execFileSync("sh", ["-c", `. "${path.join(ROOT, "scripts/allocator-env.sh")}" && env`], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "" } as unknown as NodeJS.ProcessEnv,
    });
    expect(out).toContain("MALLOC_MMAP_THRESHOLD_=65536");
    if (jemalloc) expect(out).toContain(`LD_PRELOAD=${jemalloc}`);
    else expect(out).not.toContain("LD_PRELOAD=");
  });
});
