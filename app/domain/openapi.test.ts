import { API_PATHS, API_PREFIX } from "./api-paths";
import { API_OPERATIONS, buildOpenApiDocument, schemaFromExample } from "./openapi";

// Loose view of the generated document for deep assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

describe("OpenAPI document", () => {
  const doc = buildOpenApiDocument("https://climate.example.org/");

  it("is OpenAPI 3.1 with the API prefix as server", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers).toEqual([{ url: `https://climate.example.org${API_PREFIX}` }]);
  });

  it("describes every public API path", () => {
    const expected = Object.values(API_PATHS).map((p) => (typeof p === "function" ? p("{id}") : p));
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set(expected)].sort());
  });

  it("gives every operation a unique id, a 200 answer and declared path parameters", () => {
    const ids = API_OPERATIONS.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of API_OPERATIONS) {
      const operation = (doc.paths[op.path] as Record<string, { responses: Record<string, unknown>; parameters: { name: string; in: string }[] }>)[op.method]!;
      expect(operation.responses["200"]).toBeTruthy();
      for (const name of op.path.match(/\{(\w+)\}/g) ?? []) {
        expect(operation.parameters.some((p) => p.in === "path" && `{${p.name}}` === name)).toBe(true);
      }
    }
  });

  it("documents the riskdb parameters and error shapes", () => {
    const scores = (doc.paths[API_PATHS.riskHazardScores] as Record<string, Loose>).get;
    expect(scores.parameters.map((p: { name: string }) => p.name)).toEqual(["location_code", "scenario", "period", "lat", "lon", "explain"]);
    expect(Object.keys(scores.responses)).toEqual(["200", "400", "401", "403", "404"]);
    expect(scores.responses["400"].content["application/json"].example).toEqual({ error: "location_code is required", field: "location_code" });
    const item = scores.responses["200"].content["application/json"].schema.properties.hazards.items.properties;
    expect(Object.keys(item)).toEqual(["hazard_id", "name", "colour", "value", "score", "level", "confidence", "applicable", "state"]);
    const periods = (doc.paths[API_PATHS.riskPeriods] as Record<string, Loose>).get;
    expect(periods.parameters.map((p: { name: string; required: boolean }) => [p.name, p.required])).toEqual([
      ["duration", false],
      ["scenario", true],
    ]);
  });

  it("derives schemas from examples", () => {
    expect(schemaFromExample({ a: 1, b: [{ c: "x" }], d: null, e: 0.5 })).toEqual({
      type: "object",
      properties: { a: { type: "integer" }, b: { type: "array", items: { type: "object", properties: { c: { type: "string" } } } }, d: { type: "null" }, e: { type: "number" } },
    });
  });
});
