import { apiPathOfRouteFile, flatRouteName } from "./api-route-files";

describe("route files and the paths they answer", () => {
  it("reads nested + folders as segments of the flat name", () => {
    expect(flatRouteName("v1+/keys+/$id.rotate.ts")).toBe("v1.keys.$id.rotate");
    expect(flatRouteName("account+/invoices.$number.tsx")).toBe("account.invoices.$number");
    expect(flatRouteName("cart_.review.tsx")).toBe("cart_.review");
  });

  it("turns a file under api+ into the API path it answers, folders or not", () => {
    expect(apiPathOfRouteFile("v1+/keys+/_index.ts")).toBe("/v1/keys");
    expect(apiPathOfRouteFile("v1+/reports+/$id.file.ts")).toBe("/v1/reports/{id}/file");
    expect(apiPathOfRouteFile("riskdb+/upload+/risks_diversity.ts")).toBe("/riskdb/upload/risks_diversity");
    expect(apiPathOfRouteFile("riskdb.get_data.hazards.ts")).toBe("/riskdb/get_data/hazards");
  });

  it("leaves out the catch-all and the document itself", () => {
    expect(apiPathOfRouteFile("$.ts")).toBeNull();
    expect(apiPathOfRouteFile("openapi[.]json.ts")).toBeNull();
  });
});
