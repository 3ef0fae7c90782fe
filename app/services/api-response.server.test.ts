import { z } from "zod";
import { apiError, apiJson, parseQuery } from "./api-response.server";
import { BadRequestError, NotFoundError, TooManyRequestsError } from "./errors.server";

describe("apiError", () => {
  it("keeps a typed error's status, message and field", async () => {
    const response = apiError(new BadRequestError("page must be a whole number", "page"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: "page must be a whole number", field: "page" });
    expect((await apiError(new NotFoundError()).json()).error).toBe("This page could not be found");
  });

  it("passes Retry-After on 429", () => {
    expect(apiError(new TooManyRequestsError("Slow down", 30)).headers.get("Retry-After")).toBe("30");
  });

  it("hides anything else behind a 500 without a stack", async () => {
    const response = apiError(new Error("relation \"secret_table\" does not exist"));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ success: false, error: "Server error" });
    expect(text).not.toContain("secret_table");
  });
});

describe("apiJson and parseQuery", () => {
  it("defaults to no-store but keeps a caller's Cache-Control", () => {
    expect(apiJson({ a: 1 }).headers.get("Cache-Control")).toBe("no-store");
    expect(apiJson({ a: 1 }, { headers: { "Cache-Control": "public, max-age=60" } }).headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(apiJson({}, 201).status).toBe(201);
  });

  it("turns the first schema problem into a 400 naming the parameter", () => {
    const schema = z.object({ lat: z.coerce.number({ invalid_type_error: "lat must be a number" }) });
    expect(parseQuery(schema, new Request("http://x/?lat=1.5"))).toEqual({ lat: 1.5 });
    expect(() => parseQuery(schema, new Request("http://x/?lat=abc"))).toThrow(expect.objectContaining({ status: 400, field: "lat" }));
  });
});
