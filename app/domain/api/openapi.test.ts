import validatorModule from "openapi-response-validator";
import { EXAMPLE_PATH, EXAMPLE_RESPONSE_SCHEMA, clientExamples } from "./api-client-examples";
import { API_ERROR_CODES } from "./api-errors";
import { API_PATHS, API_PREFIX } from "./api-paths";
import { SESSION_COOKIE_NAME } from "../auth/auth";
import { API_OPERATIONS, buildOpenApiDocument } from "./openapi";
import {
  hazardScoresParamsSchema,
  locationCodesParamsSchema,
  periodsParamsSchema,
  pointHazardsParamsSchema,
  regionsParamsSchema,
} from "./params/riskdb-params";
import { FILE_OPERATION_IDS } from "./openapi/files";

const OpenAPIResponseValidator = ((validatorModule as unknown as { default?: typeof validatorModule }).default ??
  validatorModule) as typeof validatorModule;

// Loose view of the generated document for deep assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const doc = buildOpenApiDocument("https://climate.example.org/") as Loose;
const op = (path: string, method: string) => doc.paths[path][method];
const json = (response: Loose) => response.content["application/json"];
/** Follows a local $ref to its component. */
const deref = (schema: Loose): Loose => (schema?.$ref ? doc.components.schemas[schema.$ref.split("/").pop()] : schema);

/** Validates a value against a schema of the document with the same third-party validator the contract test uses. */
function problems(schema: Loose, value: unknown) {
  const validator = new OpenAPIResponseValidator({ responses: { 200: { schema } }, components: doc.components });
  return validator.validateResponse("200", value)?.errors ?? [];
}

function* operations(): Generator<[string, string, Loose]> {
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Loose>>))
    for (const [method, o] of Object.entries(item)) yield [path, method, o];
}

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 with the API prefix as server", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: `https://climate.example.org${API_PREFIX}` }]);
  });

  it("describes every public API path, spelled as the spec spells it", () => {
    const expected = Object.values(API_PATHS).map((p) => (typeof p === "function" ? p("{id}") : p));
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set(expected)].sort());
  });

  it("gives every operation a unique id, a 200 answer with a schema, a 500 and declared path parameters", () => {
    const ids = [...operations()].map(([, , o]) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(API_OPERATIONS.length + FILE_OPERATION_IDS.length);
    for (const [path, method, o] of operations()) {
      // A file answer (a report's PDF or XLSX) has a schema per media type instead of JSON.
      const media = json(o.responses["200"]) ?? Object.values(o.responses["200"].content)[0];
      expect(media.schema, `${method} ${path}`).toBeTruthy();
      expect(o.responses["500"], `${method} ${path}`).toBeTruthy();
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        expect(
          o.parameters.some((p: Loose) => p.in === "path" && `{${p.name}}` === name),
          `${path} ${name}`,
        ).toBe(true);
      }
    }
  });

  // Each check compiles the document's components again: slow on a busy machine, hence its own limit.
  it("has examples that are valid against their own schemas (answers and request bodies)", { timeout: 120_000 }, () => {
    let checked = 0;
    for (const [path, method, o] of operations()) {
      for (const [status, response] of Object.entries(o.responses as Record<string, Loose>)) {
        const media = response.content?.["application/json"];
        if (media?.example === undefined) continue;
        expect(problems(media.schema, media.example), `${method} ${path} ${status}`).toEqual([]);
        checked++;
      }
      for (const [type, media] of Object.entries((o.requestBody?.content ?? {}) as Record<string, Loose>)) {
        if (media.example === undefined) continue;
        expect(problems(media.schema, media.example), `${method} ${path} body ${type}`).toEqual([]);
        checked++;
      }
    }
    for (const [name, schema] of Object.entries(doc.components.schemas as Record<string, Loose>)) {
      if (schema.example === undefined) continue;
      expect(problems(schema, schema.example), name).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThan(60);
  });

  it("documents the riskdb query parameters the routes parse, with the same names and which are required", () => {
    const parsed = {
      [API_PATHS.riskRegions]: regionsParamsSchema,
      [API_PATHS.riskPeriods]: periodsParamsSchema,
      [API_PATHS.riskHazardScores]: hazardScoresParamsSchema.innerType(),
      [API_PATHS.riskLocationCodes]: locationCodesParamsSchema,
      [API_PATHS.riskPointHazards]: pointHazardsParamsSchema.innerType(),
    };
    for (const [path, schema] of Object.entries(parsed)) {
      const documented = Object.fromEntries(op(path, "get").parameters.map((p: Loose) => [p.name, p.required]));
      const expected = Object.fromEntries(
        Object.entries(schema.shape).map(([name, field]) => [name, !(field as Loose).isOptional()]),
      );
      expect(documented, path).toEqual(expected);
    }
    expect(op(API_PATHS.riskPointHazards, "get").parameters.find((p: Loose) => p.name === "lat").schema).toMatchObject({
      type: "number",
      minimum: -90,
      maximum: 90,
    });
  });

  it("forbids undocumented fields in every answer object", () => {
    const open: string[] = [];
    const seen = new Set<Loose>();
    const walk = (schema: Loose, where: string) => {
      schema = deref(schema);
      if (!schema || typeof schema !== "object" || seen.has(schema)) return;
      seen.add(schema);
      if (schema.properties && schema.additionalProperties !== false) open.push(where);
      for (const [k, v] of Object.entries(schema.properties ?? {})) walk(v, `${where}.${k}`);
      for (const key of ["items", "additionalProperties"])
        if (typeof schema[key] === "object") walk(schema[key], `${where}[]`);
      for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"]) for (const s of schema[key] ?? []) walk(s, where);
    };
    for (const [path, method, o] of operations())
      for (const [status, r] of Object.entries(o.responses as Record<string, Loose>))
        walk(r.content?.["application/json"]?.schema, `${method} ${path} ${status}`);
    expect(open).toEqual([]);
  });

  it("declares the session cookie, the session token and API keys (with scopes) as security schemes", () => {
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: SESSION_COOKIE_NAME,
    });
    expect(doc.components.securitySchemes.sessionToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: "http",
      scheme: "bearer",
      bearerFormat: "crk_…",
    });
    const session = [{ sessionToken: [] }, { sessionCookie: [] }];
    expect(op(API_PATHS.availableLocations, "get").security).toEqual([{ apiKey: ["read"] }, ...session]);
    expect(op(API_PATHS.riskHazardScores, "get").security).toEqual([{}, { apiKey: ["read"] }, ...session]);
    expect(op(API_PATHS.buyProducts, "post").security).toEqual([{ apiKey: ["billing"] }, ...session]);
    expect(op(API_PATHS.apiKeys, "post").security).toEqual(session);
    // The price list is open to anyone, as the route answers it.
    expect(op(API_PATHS.packageRegister, "get").security).toEqual([]);
  });

  it("answers the third-party findings: nullable fields, array blocks, statuses, bodies and parameters", () => {
    const scenarios = deref(json(op(API_PATHS.riskScenarios, "get").responses["200"]).schema);
    expect(
      problems(scenarios, {
        status: "ok",
        scenarios: [
          { id: "hist", name: "Historical (1950-1999)", ssp: null, narrative: "Reference climatology, 1950-1999" },
        ],
      }),
    ).toEqual([]);
    const item = deref(doc.components.schemas.HazardScoreItem);
    expect(
      problems(item, {
        hazard_id: "SS",
        name: "Storm surge",
        colour: "#0ea5e9",
        value: null,
        score: null,
        level: null,
        confidence: "proxy",
        applicable: false,
        state: "not_applicable",
      }),
    ).toEqual([]);
    const social = deref(json(op(API_PATHS.uploadSocialEconomics, "post").responses["200"]).schema);
    expect(deref(social.properties.social_by_country_sum).type).toBe("array");
    expect(Object.keys(op(API_PATHS.generateReport, "get").responses)).toEqual(
      expect.arrayContaining(["400", "401", "402", "403", "404"]),
    );
    expect(Object.keys(op(API_PATHS.uploadRequestStats, "post").responses)).toEqual(
      expect.arrayContaining(["202", "402"]),
    );
    expect(op(API_PATHS.leadFileTransfer, "post").requestBody.content["application/json"].schema).toBeTruthy();
    const key = deref(json(op(API_PATHS.appKey, "get").responses["200"]).schema);
    expect(
      problems(key, {
        status: "ok",
        key: null,
        name: "default",
        prefix: "crk_Q2xpbWF0",
        created_at: "2026-11-01T10:00:00.000Z",
      }),
    ).toEqual([]);
    expect(op(API_PATHS.generateReport, "get").parameters.map((p: Loose) => p.name)).toEqual([
      "upload_id",
      "access_token",
    ]);
    const order = deref(op(API_PATHS.selfServiceCreateOrder, "post").requestBody.content["application/json"].schema);
    expect(problems(order, { products: ["single_pdf", 1], lead_id: 1 })).toEqual([]);
  });

  it("describes the riskdb parameters and error answers", () => {
    const scores = op(API_PATHS.riskHazardScores, "get");
    expect(scores.parameters.map((p: Loose) => p.name)).toEqual([
      "location_code",
      "scenario",
      "period",
      "lat",
      "lon",
      "explain",
    ]);
    expect(Object.keys(scores.responses)).toEqual(["200", "304", "400", "401", "403", "404", "405", "429", "500"]);
    expect(Object.keys(scores.responses["200"].headers)).toContain("ETag");
    expect(Object.keys(op(API_PATHS.riskPointHazards, "get").responses)).toContain("304");
    // Every error answer names its code from the one list, and its request id (also a header).
    expect(scores.responses["400"].headers).toHaveProperty("X-Request-Id");
    const error = doc.components.schemas.Error;
    expect(error.required).toEqual(expect.arrayContaining(["success", "error", "code", "request_id"]));
    expect(error.properties.code.enum).toEqual(Object.keys(API_ERROR_CODES));
    const periods = op(API_PATHS.riskPeriods, "get");
    expect(periods.parameters.map((p: Loose) => [p.name, p.required ?? false])).toEqual([
      ["duration", false],
      ["scenario", true],
    ]);
  });

  it("refuses an answer with a field the document does not list", () => {
    const countries = json(op(API_PATHS.riskCountries, "get").responses["200"]).schema;
    const answer = { status: "ok", countries: [{ country_code: "GB", country_name: "United Kingdom" }] };
    expect(problems(countries, answer)).toEqual([]);
    expect(problems(countries, { ...answer, debug: true })).not.toEqual([]);
  });

  it("publishes client examples that name a real operation and real schemas", () => {
    expect(op(EXAMPLE_PATH, "get").responses["200"].content["application/json"].schema.$ref).toBe(
      `#/components/schemas/${EXAMPLE_RESPONSE_SCHEMA}`,
    );
    expect(doc.components.schemas.Error).toBeTruthy();
    const examples = clientExamples(doc.servers[0].url);
    expect(examples.map((e) => e.id)).toEqual(["curl", "python", "typescript"]);
    for (const e of examples) expect(e.code, e.id).toContain(EXAMPLE_PATH);
    expect(examples[1]!.setup).toContain("https://climate.example.org/api/openapi.json");
  });
});
