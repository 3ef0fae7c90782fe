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

  it("finds measured figures in the comments of app, server, db and scripts code, not limits or settings", () => {
    const slash = "/";
    const c = `${slash}${slash} `;
    const code = [
      `${c}the job took 171 s at 1 MB`,
      `${c}Express cost it 70 % (40,300 against 11,400 req/s)`,
      `${c}a 1M-row upload peaked at 449 MB RSS`,
      `${c}the heap grew from 90 MB live to 450 MB used`,
      `${c}the page went 16.1 → 19.5 KB`,
      `${c}it kept the peak 80 MB lower`,
      `${c}files up to 200 MB; a 5 s timeout; 16 MB of shared buffers; every 5,000 rows; 3 % → 0`,
      `const note = "took 5 s";`,
    ].join("\n");
    const found = stalePaths(["server/x.ts"], exists, () => code);
    expect(found.map((stale) => [stale.line, stale.mention])).toEqual([
      [1, "took 171 s"],
      [2, "11,400 req/s"],
      [3, "peaked at 449 MB"],
      [4, "grew from 90 MB"],
      [5, "16.1 → 19.5 KB"],
      [6, "80 MB lower"],
    ]);
    // The benches and the tests may speak of figures.
    expect(stalePaths(["bench/x.bench.ts"], exists, () => code)).toEqual([]);
  });
});
