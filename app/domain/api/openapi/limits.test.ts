import { describe, expect, it } from "vitest";
import { ANONYMOUS_REQUESTS_PER_MINUTE, API_KEY_REQUESTS_PER_MINUTE, API_LIMITS_TEXT } from "../keys/api-limits";
import { buildOpenApiDocument } from "../openapi";
import { UNTHROTTLED_OPERATIONS } from "./limits";

type Op = {
  operationId: string;
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
};

describe("the limits in the OpenAPI document", () => {
  const doc = buildOpenApiDocument("http://localhost");
  const ops = Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, Op>));

  it("documents 429 with Retry-After and the RateLimit headers on every operation that can throttle, and none on the signed webhook", () => {
    expect(ops.length).toBeGreaterThan(40);
    for (const op of ops) {
      if (UNTHROTTLED_OPERATIONS.has(op.operationId)) {
        expect(op.responses["429"], op.operationId).toBeUndefined();
        continue;
      }
      expect(op.responses["401"], `${op.operationId}: a Bearer that does not check out`).toBeDefined();
      const refused = op.responses["429"];
      expect(refused, op.operationId).toBeDefined();
      expect(Object.keys(refused!.headers ?? {})).toEqual(
        expect.arrayContaining(["Retry-After", "RateLimit-Limit", "RateLimit-Reset", "X-Request-Id"]),
      );
      expect(Object.keys(op.responses["200"]?.headers ?? {}), op.operationId).toContain("RateLimit-Remaining");
    }
  });

  it("states both limits and how a batch counts, in the description the /api page shows too", () => {
    const text = doc.info.description ?? "";
    for (const line of API_LIMITS_TEXT) expect(text).toContain(line);
    expect(text).toContain(`${ANONYMOUS_REQUESTS_PER_MINUTE} requests a minute`);
    expect(text).toContain(`${API_KEY_REQUESTS_PER_MINUTE} requests a minute`);
    expect(text).toMatch(/batch .* counts by its items/i);
  });
});
