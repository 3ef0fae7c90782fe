import { RISK_EXAMPLES } from "~/domain/api-contract/risk-examples";
import { buildOpenApiDocument } from "~/domain/api/openapi";
import { PORTFOLIO_MAX_ROWS } from "~/domain/portfolio/limits";
import { riskExampleAnswers } from "./riskdb-examples.server";
import { listHazardIds } from "./risk-data-api.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const doc = buildOpenApiDocument("https://example.org") as any;
const example = (path: string, method = "get") =>
  doc.paths[path][method].responses["200"].content["application/json"].example ?? null;
const schemaExample = (name: string) => doc.components.schemas[name].example;

describe("the document's examples", () => {
  it("of the score calls are the engine's answers to them (hazards, order, colours, values, versions)", async () => {
    const real = await riskExampleAnswers();
    // A stale example (after a dataset or methodology change) fails here: `npm run openapi:examples` rewrites it.
    expect(RISK_EXAMPLES).toEqual(JSON.parse(JSON.stringify(real)));
    expect(example("/riskdb/hazard_scores") ?? schemaExample("HazardScoresResponse")).toEqual(
      RISK_EXAMPLES.hazardScores,
    );
    expect(example("/riskdb/get_data/hazards") ?? schemaExample("PointHazardsResponse")).toEqual(
      RISK_EXAMPLES.pointHazards,
    );
    expect(example("/riskdb/hazards_ids") ?? schemaExample("HazardIdsResponse")).toEqual(listHazardIds());
  });

  it("give the preview's portfolio_limits of a real plan and state each plan's rows", () => {
    const preview = doc.paths["/upload/upload_preview"].post.responses["200"].content["application/json"];
    expect(preview.example.portfolio_limits.max_rows).toBe(PORTFOLIO_MAX_ROWS.PREMIUM);
    const limits = doc.components.schemas.PreviewResponse.properties.portfolio_limits;
    expect(limits.description).toContain("PREMIUM 1,000,000");
    expect(limits.description).toContain("DISCOVERY 10,000");
  });

  it("declare 405 with Allow on every operation, and Retry-After on every 429", () => {
    for (const [path, item] of Object.entries(
      doc.paths as Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>,
    )) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.responses["405"]?.headers, `${method} ${path}`).toHaveProperty("Allow");
        if (op.responses["429"]) expect(op.responses["429"].headers, `${method} ${path}`).toHaveProperty("Retry-After");
      }
    }
  });
});
