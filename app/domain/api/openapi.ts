/**
 * The OpenAPI 3.1 description of the public API (served at /api/openapi.json, rendered on /api), generated from the
 * zod schemas in ../api-contract that type the routes' answers and the schemas the routes parse requests with. Each
 * subject's paths live in ./openapi/<subject>.ts and come in through its register function; this file assembles the
 * document: info, servers, security schemes and tags. Pure data: no I/O.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { SESSION_COOKIE_NAME } from "../auth/auth";
import { API_VERSION } from "./api-changelog";
import { API_VERSIONS, API_VERSION_HEADER, API_VERSION_RETIREMENTS, LATEST_API_VERSION } from "./api-versions";
import { API_LIMITS_TEXT } from "./keys/api-limits";
import { API_PREFIX } from "./api-paths";
import { registerFileAnswers } from "./openapi/files";
import { registerFloodPaths } from "./openapi/flood";
import { registerApiLimits } from "./openapi/limits";
import { registerAccountPaths } from "./openapi/account";
import { registerContentPaths } from "./openapi/content";
import { API_KEY_SCHEME_TEXT, registerApiKeyPaths } from "./openapi/keys";
import { API_TAGS, type ApiOperation, type RegisterPaths } from "./openapi/operation";
import { registerOrderPaths } from "./openapi/orders";
import { registerRiskPaths } from "./openapi/risk";
import { routeOf } from "./openapi/route";
import { registerUploadPaths } from "./openapi/upload";
import { DATASET_PUBLISHED_WEBHOOK, DELIVERY_SCHEMAS, registerWebhookPaths } from "./openapi/webhooks";

export { API_TAGS, type ApiOperation };

/** Every subject's paths, in the document's order: a new subject is one more register function here. */
const REGISTER_PATHS: readonly RegisterPaths[] = [
  registerRiskPaths,
  registerFloodPaths,
  registerAccountPaths,
  registerApiKeyPaths,
  registerUploadPaths,
  registerOrderPaths,
  registerContentPaths,
  registerWebhookPaths,
];

export const API_OPERATIONS: readonly ApiOperation[] = REGISTER_PATHS.flatMap((register) => {
  const ops: ApiOperation[] = [];
  register((...more) => ops.push(...more));
  return ops;
});

/** What the document says of dated versions and of those on their way out. */
const API_VERSIONS_TEXT = [
  `Send \`${API_VERSION_HEADER}: YYYY-MM-DD\` to pin a dated version (${API_VERSIONS.join(", ")}); without it a request follows the newest, ${LATEST_API_VERSION}. Every answer names the version it followed in the same header. A change that can break a client comes only with a new dated version; this document describes the newest.`,
  ...Object.entries(API_VERSION_RETIREMENTS).map(
    ([version, r]) =>
      `${version} is deprecated since ${r.deprecated} and answered until ${r.sunset}: an answer to a request pinned to it carries \`Deprecation\` (RFC 9745, \`@\` and the Unix time it was deprecated), \`Sunset\` (RFC 8594, the HTTP date it goes) and a \`Link\` with rel="deprecation" to the changelog.`,
  ),
];

/** The OpenAPI 3.1 document; its version follows the changelog (app/domain/api/api-changelog.ts). */
export function buildOpenApiDocument(origin: string, version = API_VERSION) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "crk_…",
    description: API_KEY_SCHEME_TEXT,
  });
  registry.registerComponent("securitySchemes", "sessionToken", {
    type: "http",
    scheme: "bearer",
    description:
      "The session token sign-in answers, in `Authorization: Bearer`: the user's own session, allowed everything the user may do.",
  });
  registry.registerComponent("securitySchemes", "sessionCookie", {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE_NAME,
    description: "The session cookie a browser holds after signing in on the site.",
  });
  for (const op of API_OPERATIONS) registry.registerPath(routeOf(op));
  for (const [name, schema] of Object.entries(DELIVERY_SCHEMAS)) registry.register(name, schema);
  registry.registerWebhook(DATASET_PUBLISHED_WEBHOOK);
  const base = origin.replace(/\/$/, "");
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Climate risk public API",
      version,
      description: [
        "Physical climate risk scores (1 Low to 5 Extreme) for countries, regions, H3 resolution-4 hexagons and points, under RCP2.6, RCP4.5 and RCP8.5 for 2030, 2040 and 2050, plus the account, order and content endpoints used by the web application.",
        `What changed, with dates, in the API and the dataset: ${base}/api/changelog (as JSON: ${base}/api/changelog.json)`,
        "## Versions",
        ...API_VERSIONS_TEXT,
        "## Limits",
        ...API_LIMITS_TEXT,
      ].join("\n\n"),
      license: { name: "Proprietary: see the terms of use", url: `${base}/terms` },
      contact: { name: "Climate risk platform", url: `${base}/contact` },
    },
    servers: [{ url: `${base}${API_PREFIX}` }],
    tags: API_TAGS.map((t) => ({ name: t.name, description: t.description })),
  });
  allowNullInEnums(document);
  registerFileAnswers(document);
  registerApiLimits(document);
  return document as typeof document & { paths: NonNullable<(typeof document)["paths"]> };
}

/**
 * zod-to-openapi writes a nullable enum as `type: [string, null]` with an enum that lacks null, which no value null
 * can satisfy in JSON Schema: add null to such enums so the document says what `.nullable()` means.
 */
function allowNullInEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(allowNullInEnums);
  if (!node || typeof node !== "object") return;
  const schema = node as { type?: unknown; enum?: unknown[] };
  if (
    Array.isArray(schema.enum) &&
    Array.isArray(schema.type) &&
    schema.type.includes("null") &&
    !schema.enum.includes(null)
  )
    schema.enum.push(null);
  for (const value of Object.values(node)) allowNullInEnums(value);
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
