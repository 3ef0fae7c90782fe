import { apiNotFoundOrNotAllowed } from "./api-fallback.server";

const call = (method: string, path: string) => {
  return apiNotFoundOrNotAllowed(new Request(`http://localhost${path}`, { method }));
};

describe("the /api catch-all", () => {
  it("answers JSON 404 for an unknown path", async () => {
    const res = await call("GET", "/api/v1/nothing/here");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(await res.json()).toEqual({ error: "No API endpoint at /api/v1/nothing/here" });
  });

  it("answers JSON 405 with Allow for a documented path asked with another method", async () => {
    const res = await call("DELETE", "/api/v1/invoices/");
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET");
    expect((await res.json()).error).toMatch(/not allowed/);
  });
});
