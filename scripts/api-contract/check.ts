/**
 * The contract check: validates every API answer recorded during the test runs (NDJSON files in API_CONTRACT_DIR or
 * the folder given) against the OpenAPI document the server served, and fails on any mismatch.
 *   tsx scripts/api-contract/check.ts [folder] [--doc build/openapi.json]
 */
import fs from "node:fs";
import path from "node:path";
import { buildOpenApiDocument } from "~/domain/api/openapi";
import { createContractValidator, type Exchange } from "./validate";

const args = process.argv.slice(2);
const docFlag = args.indexOf("--doc");
const docPath = docFlag >= 0 ? args[docFlag + 1]! : null;
const dir = path.resolve(
  args.find((a, i) => !a.startsWith("--") && (docFlag < 0 || i !== docFlag + 1)) ??
    process.env.API_CONTRACT_DIR ??
    "tests/.tmp/api-contract",
);

const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".ndjson")) : [];
const exchanges: Exchange[] = files.flatMap((f) =>
  fs
    .readFileSync(path.join(dir, f), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Exchange),
);
if (!exchanges.length) {
  console.error(`api contract: no recorded answers in ${dir}; run the tests with API_CONTRACT_DIR=${dir}`);
  process.exit(1);
}

// The document as the server served it, when a test asked for it; else the file given.
const served = exchanges
  .filter((e) => e.method === "GET" && e.path === "/api/openapi.json" && e.status === 200 && e.body)
  .at(-1);
let doc: Parameters<typeof createContractValidator>[0];
let docSource: string;
if (docPath) {
  doc = JSON.parse(fs.readFileSync(docPath, "utf8"));
  docSource = docPath;
} else if (served) {
  doc = JSON.parse(served.body!);
  docSource = "GET /api/openapi.json as served";
} else {
  doc = buildOpenApiDocument("http://localhost");
  docSource = "buildOpenApiDocument, the function the server serves";
}

const validator = createContractValidator(doc);
const mismatches = new Map<string, { count: number; example: Exchange; errors: string[] }>();
const operations = new Set<string>();
let valid = 0;
let outside = 0;
for (const exchange of exchanges) {
  const verdict = validator.check(exchange);
  if (verdict.kind === "valid") {
    valid++;
    operations.add(verdict.operation);
  } else if (verdict.kind === "outside") outside++;
  else {
    const key = `${verdict.operation} ${exchange.status}: ${verdict.errors.slice(0, 3).join("; ")}`;
    const seen = mismatches.get(key);
    if (seen) seen.count++;
    else mismatches.set(key, { count: 1, example: exchange, errors: verdict.errors });
  }
}

const mismatchCount = [...mismatches.values()].reduce((n, m) => n + m.count, 0);
console.log(
  `api contract: ${exchanges.length} answers recorded, ${valid} valid across ${operations.size} operations, ${outside} outside the document (404/405/preflight), ${mismatchCount} mismatches (document: ${docSource})`,
);
for (const [key, m] of mismatches) {
  console.log(`  ✗ ${m.count}× ${key}`);
  console.log(
    `    e.g. ${m.example.method} ${m.example.path} (${m.example.source ?? "?"}): ${(m.example.body ?? "").slice(0, 300)}`,
  );
}
process.exit(mismatchCount ? 1 : 0);
