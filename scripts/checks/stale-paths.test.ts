import { stalePaths } from "./stale-paths";

const EXISTING = new Set([
  "app/root.tsx",
  "docs/decisions/README.md",
  "scripts/checks/stale-paths.ts",
  "data/places.json.gz",
]);
const exists = (file: string) => EXISTING.has(file);

describe("stalePaths", () => {
  it("reads this repository's files and finds a mention of a path that is not there, in a comment only", () => {
    // A real file of the repository, checked against a tree that lacks what it names.
    const found = stalePaths(["scripts/checks/stale-paths.ts"], exists);
    expect(found.map((stale) => stale.mention)).toContain("app/services/infra/db.server.ts");
    expect(found.every((stale) => stale.file === "scripts/checks/stale-paths.ts" && stale.line > 0)).toBe(true);
  });

  it("finds nothing when every named path exists", () => {
    expect(stalePaths(["scripts/checks/stale-paths.ts"], () => true)).toEqual([]);
  });

  it("checks a path with a second extension whole (data/places.json.gz is not data/places.json)", () => {
    const found = stalePaths(["app/domain/geo/places.ts"], exists);
    expect(found.map((stale) => stale.mention)).not.toContain("data/places.json");
  });

  it("finds a citation of a specification section and a relative path that is not there", () => {
    const slash = "/";
    const code = `const limit = 5; ${slash}${slash} the spec \u00a77 limit, see ./limits.ts\nconst text = "app/not-here.ts";\n`;
    const found = stalePaths(["app/domain/x.ts"], exists, () => code);
    expect(found.map((stale) => [stale.line, stale.mention])).toEqual([
      [1, "spec \u00a77"],
      [1, "./limits.ts"],
    ]);
  });
});
