/**
 * Writes app/domain/api-contract/risk-examples.json: the engine's answers to the document's example risk calls
 * (RISK_EXAMPLE_REQUESTS), so the examples are real answers. Run after a dataset or methodology change:
 *   npm run openapi:examples
 */
import fs from "node:fs";
import path from "node:path";
import { riskExampleAnswers } from "~/services/api/riskdb-examples.server";

const out = path.resolve("app/domain/api-contract/risk-examples.json");
fs.writeFileSync(out, `${JSON.stringify(await riskExampleAnswers(), null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), out)}`);
