/**
 * Writes the OpenAPI document the server serves at /api/openapi.json to a file (default build/openapi.json) for
 * redocly lint and the contract check. The server names its own origin; here the server URL is the relative /api
 * unless OPENAPI_ORIGIN gives one.
 */
import fs from "node:fs";
import path from "node:path";
import { buildOpenApiDocument } from "~/domain/api/openapi";

const out = path.resolve(process.argv[2] ?? "build/openapi.json");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(buildOpenApiDocument(process.env.OPENAPI_ORIGIN ?? ""), null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), out)}`);
