import fs from "node:fs";
import { releaseMemory } from "./native-memory.server";
import { collectGarbage } from "./memory.server";

const MB = 1024 * 1024;

/** Anonymous resident memory of this process (Linux): what the allocator holds, not the mapped files. */
function residentAnonymousMb(): number {
  const kb = Number(/RssAnon:\s+(\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))?.[1]);
  return kb / 1024;
}

const glibc = Boolean((process.report?.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);

describe.runIf(process.platform === "linux" && glibc)("releaseMemory", () => {
  it("gives the pages of freed buffers in the middle of the heap back to the system", async () => {
    // 96 MB of 16 KiB buffers (below malloc's mmap threshold, so they come from its heap), every 16th kept: the
    // freed ones lie between live chunks, where freeing alone returns nothing.
    const buffers: Buffer[] = [];
    for (let i = 0; i < (96 * MB) / (16 * 1024); i++) buffers.push(Buffer.allocUnsafeSlow(16 * 1024).fill(i & 0xff));
    const kept = buffers.filter((_, i) => i % 16 === 15);
    buffers.length = 0;
    collectGarbage();
    const collected = residentAnonymousMb();

    expect(await releaseMemory()).toBe(true);
    const released = residentAnonymousMb();

    expect(collected - released).toBeGreaterThan(60);
    expect(kept.every((b, i) => b[0] === ((i * 16 + 15) & 0xff))).toBe(true);
  });
});
