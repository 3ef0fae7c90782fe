/** Full dataset build time (and determinism with --twice). Run: npx tsx bench/data-build.bench.ts [--twice] */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const runs = process.argv.includes("--twice") ? 2 : 1;
const sums: string[] = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  execFileSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/data/build.ts"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const ms = performance.now() - t0;
  const manifest = JSON.parse(readFileSync(path.join(root, "data/manifest.json"), "utf8")) as {
    outputs: Record<string, { sha256: string; bytes: number }>;
  };
  const sum = Object.entries(manifest.outputs)
    .map(([f, o]) => `${f}:${o.sha256.slice(0, 12)}`)
    .join(" ");
  sums.push(sum);
  const bytes = Object.values(manifest.outputs).reduce((s, o) => s + o.bytes, 0);
  console.log(`build ${i + 1}: ${(ms / 1000).toFixed(1)} s, outputs ${(bytes / 1024 / 1024).toFixed(1)} MB (${sum})`);
}
if (runs === 2)
  console.log(sums[0] === sums[1] ? "deterministic: identical checksums" : "NOT deterministic: checksums differ");
