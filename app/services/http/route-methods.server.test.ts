import { createActionlessCheck, type BuiltRoute } from "./route-methods.server";

const action = async () => null;
const routes: Record<string, BuiltRoute> = {
  root: { id: "root", path: "", module: { action: undefined } },
  "routes/dashboard+/_layout": { id: "routes/dashboard+/_layout", parentId: "root", path: "dashboard", module: {} },
  "routes/dashboard+/pdf": {
    id: "routes/dashboard+/pdf",
    parentId: "routes/dashboard+/_layout",
    path: "pdf",
    module: {},
  },
  "routes/dashboard+/scan": {
    id: "routes/dashboard+/scan",
    parentId: "routes/dashboard+/_layout",
    path: "scan",
    module: { action },
  },
  "routes/dashboard+/_index": {
    id: "routes/dashboard+/_index",
    parentId: "routes/dashboard+/_layout",
    index: true,
    module: { action },
  },
  "routes/blog.$id": { id: "routes/blog.$id", parentId: "root", path: "blog/:id", module: {} },
  "routes/api+/$": { id: "routes/api+/$", parentId: "root", path: "api/*", module: { action } },
};

describe("createActionlessCheck (a POST to a route without an action gets our 405)", () => {
  const reachesNoAction = createActionlessCheck(routes);

  it("finds the route a POST would reach, as the router does", () => {
    expect(reachesNoAction("/dashboard/pdf", "")).toBe(true);
    expect(reachesNoAction("/blog/42", "?x=1")).toBe(true);
    expect(reachesNoAction("/dashboard/scan", "")).toBe(false);
    expect(reachesNoAction("/api/anything/else", "")).toBe(false);
  });

  it("targets the layout without ?index and the index route with it", () => {
    expect(reachesNoAction("/dashboard", "")).toBe(true);
    expect(reachesNoAction("/dashboard", "?index")).toBe(false);
  });

  it("follows ?_data and leaves unknown paths to the router's 404", () => {
    expect(reachesNoAction("/dashboard/scan", "?_data=routes/dashboard%2B/pdf")).toBe(true);
    expect(reachesNoAction("/dashboard/pdf", "?_data=routes/dashboard%2B/scan")).toBe(false);
    expect(reachesNoAction("/nowhere/at/all", "")).toBe(false);
    expect(reachesNoAction("/%E0%A4%A", "")).toBe(false);
  });

  it("takes a ?_data that names a property of every object (__proto__, constructor) for no route", () => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(reachesNoAction("/dashboard/scan", `?_data=${name}`)).toBe(false);
    }
  });
});
