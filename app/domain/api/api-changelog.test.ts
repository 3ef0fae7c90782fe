import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { API_CHANGELOG, API_VERSION, CHANGELOG_DATASET_VERSION } from "./api-changelog";
import { buildOpenApiDocument } from "./openapi";

const semver = (v: string) => v.split(".").map(Number);
const newer = (a: string, b: string) => {
  const [x, y] = [semver(a), semver(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! > y[i]!;
  return false;
};

describe("API changelog", () => {
  it("lists dated entries newest first, each kind's versions rising with time", () => {
    for (let i = 1; i < API_CHANGELOG.length; i++)
      expect(API_CHANGELOG[i - 1]!.date >= API_CHANGELOG[i]!.date).toBe(true);
    for (const kind of ["api", "dataset"] as const) {
      const versions = API_CHANGELOG.filter((e) => e.kind === kind).map((e) => e.version);
      expect(versions.length).toBeGreaterThan(0);
      for (let i = 1; i < versions.length; i++)
        expect(newer(versions[i - 1]!, versions[i]!), `${kind} ${versions[i - 1]} after ${versions[i]}`).toBe(true);
    }
    for (const entry of API_CHANGELOG) {
      expect(entry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.changes.length).toBeGreaterThan(0);
    }
  });

  it("gives the document its info.version and names the dataset the engine has loaded", () => {
    expect(buildOpenApiDocument("https://example.org").info.version).toBe(API_VERSION);
    expect(API_VERSION).toBe(API_CHANGELOG.find((e) => e.kind === "api")!.version);
    expect(buildOpenApiDocument("https://example.org").info.description).toContain("https://example.org/api/changelog");
    expect(CHANGELOG_DATASET_VERSION).toBe(getRiskEngine().datasetVersion);
  });
});
