import pg from "pg";
import { z } from "zod";
import { DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS, ERROR_MESSAGES } from "~/domain/forms/errors";
import { REQUEST_ID_HEADER } from "~/domain/api/api-errors";
import { apiError, apiJson, apiRoute, parseQuery } from "./api-response.server";
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  withErrorCode,
} from "../http/errors.server";

describe("apiError", () => {
  it("keeps a typed error's status, message and field", async () => {
    const response = apiError(new BadRequestError("page must be a whole number", "page"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      error: "page must be a whole number",
      code: "invalid_request",
      field: "page",
    });
    expect((await apiError(new NotFoundError()).json()).error).toBe("This page could not be found");
  });

  it("passes Retry-After on 429", () => {
    expect(apiError(new TooManyRequestsError("Slow down", 30)).headers.get("Retry-After")).toBe("30");
  });

  it("hides anything else behind a 500 without a stack", async () => {
    const response = apiError(new Error('relation "secret_table" does not exist'));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ success: false, error: "Server error", code: "server_error" });
    expect(text).not.toContain("secret_table");
  });

  it("answers a lost database 503 with Retry-After, not 500: a refused connection, a terminated one, a wrapped one", async () => {
    const pool = new pg.Pool({
      connectionString: "postgres://nobody@127.0.0.1:1/none",
      connectionTimeoutMillis: 2_000,
    });
    const refused = await pool.query("select 1").then(
      () => null,
      (error: unknown) => error,
    );
    await pool.end();
    const terminated = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    const wrapped = new Error("Failed query: insert into orders", {
      cause: new Error("Connection terminated unexpectedly"),
    });
    for (const error of [refused, terminated, wrapped]) {
      const response = apiError(error);
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe(String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS));
      expect(await response.json()).toEqual({
        success: false,
        error: ERROR_MESSAGES.databaseUnavailable,
        code: "service_unavailable",
      });
    }
    // a query that failed on a working connection stays the server's own error
    expect(apiError(Object.assign(new Error("duplicate key"), { code: "23505" })).status).toBe(500);
  });
});

describe("apiJson and parseQuery", () => {
  it("defaults to no-store but keeps a caller's Cache-Control", () => {
    expect(apiJson({ a: 1 }).headers.get("Cache-Control")).toBe("no-store");
    expect(apiJson({ a: 1 }, { headers: { "Cache-Control": "public, max-age=60" } }).headers.get("Cache-Control")).toBe(
      "public, max-age=60",
    );
    expect(apiJson({}, 201).status).toBe(201);
  });

  it("turns the first schema problem into a 400 naming the parameter", () => {
    const schema = z.object({ lat: z.coerce.number({ invalid_type_error: "lat must be a number" }) });
    expect(parseQuery(schema, new Request("http://x/?lat=1.5"))).toEqual({ lat: 1.5 });
    expect(() => parseQuery(schema, new Request("http://x/?lat=abc"))).toThrow(
      expect.objectContaining({ status: 400, field: "lat" }),
    );
  });
});

describe("apiRoute", () => {
  const request = (headers: HeadersInit = {}) => ({ request: new Request("http://localhost/api/v1/x", { headers }) });

  it("gives a thrown error, a thrown Response and a returned error body their code and the request id", async () => {
    const thrown = await apiRoute(() => {
      throw withErrorCode(new ForbiddenError("Sign in"), "insufficient_scope");
    })(request({ [REQUEST_ID_HEADER]: "abc-123" }));
    expect(thrown.status).toBe(403);
    expect(thrown.headers.get(REQUEST_ID_HEADER)).toBe("abc-123");
    expect(await thrown.json()).toEqual({
      success: false,
      error: "Sign in",
      code: "insufficient_scope",
      request_id: "abc-123",
    });

    const returned = await apiRoute(() =>
      apiJson({ error: "Method PUT is not allowed" }, { status: 405, headers: { Allow: "GET" } }),
    )(request());
    const body = (await returned.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ success: false, error: "Method PUT is not allowed", code: "method_not_allowed" });
    expect(returned.headers.get(REQUEST_ID_HEADER)).toBe(body.request_id);
    expect(returned.headers.get("Allow")).toBe("GET");

    const response = await apiRoute(() => {
      throw new Response(JSON.stringify({ success: false, error: "Too big" }), {
        status: 413,
        headers: { "Content-Type": "application/json" },
      });
    })(request());
    expect(await response.json()).toMatchObject({
      code: "payload_too_large",
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it("leaves a success answer's body alone and names the request in X-Request-Id", async () => {
    const ok = await apiRoute(() => apiJson({ status: "ok" }))(request({ [REQUEST_ID_HEADER]: "abc-123" }));
    expect(ok.headers.get(REQUEST_ID_HEADER)).toBe("abc-123");
    expect(await ok.json()).toEqual({ status: "ok" });
  });
});
