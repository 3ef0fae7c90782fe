/**
 * A typed client generated from the OpenAPI document the production server serves (openapi-typescript), type-checked
 * with tsc and run with openapi-fetch: pinned to a dated API version, it runs a small nightly job through the batch
 * endpoint and reads the changelog as JSON. Every answer is held against the engine in this process. Needs
 * `npm run build`.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#db/seed";
import { API_VERSIONS, API_VERSION_HEADER } from "~/domain/api/api-versions";
import { API_VERSION } from "~/domain/api/api-changelog";
import { PER_HAZARD_IDS } from "~/domain/hazards/hazards";
import { getRiskEngine } from "~/risk/engine/load-engine.server";
import { createServerStore, startProdServer, type ProdServer, type ServerStore } from "../../support/prod-server";
import { Client } from "../../support/report-client";

const ROOT = path.resolve(__dirname, "../..", "..");
/** The version the job pins: the oldest still answered, so the test holds a pinned client to its own version. */
const PINNED = API_VERSIONS[0];
const SLOTS = [
  { scenario: "hist", period: "hist" },
  { scenario: "rcp45", period: "2050" },
  { scenario: "rcp85", period: "2030" },
  { scenario: "rcp85", period: "2050" },
] as const;

/** A grid over Europe: land points in many countries, and some at sea. */
function nightlyPoints() {
  const points: { id: string; lat: number; lon: number }[] = [];
  for (let lat = 36; lat <= 60; lat += 1.5)
    for (let lon = -9; lon <= 27; lon += 2) points.push({ id: `p${points.length}`, lat, lon });
  return points;
}

/** Locations per batch request of the nightly job. */
const BATCH_SIZE = 100;

const CLIENT_PROGRAM = `
import { readFileSync } from "node:fs";
import createClient from "openapi-fetch";
import type { paths } from "./schema.js";

type BatchBody = paths["/v1/hazards/batch"]["post"]["requestBody"]["content"]["application/json"];
type BatchAnswer = paths["/v1/hazards/batch"]["post"]["responses"][200]["content"]["application/json"];

const [baseUrl, apiKey, pinned, pointsFile] = process.argv.slice(2) as [string, string, string, string];
const client = createClient<paths>({
  baseUrl: baseUrl + "/api",
  headers: { Authorization: "Bearer " + apiKey, "${API_VERSION_HEADER}": pinned },
});
const locations: BatchBody["locations"] = JSON.parse(readFileSync(pointsFile, "utf8"));
const slots: BatchBody["slots"] = ${JSON.stringify(SLOTS)};

const items: BatchAnswer["items"] = [];
let datasetVersion = "";
const followed = new Set<string>();
for (let start = 0; start < locations.length; start += ${BATCH_SIZE}) {
  const { data, error, response } = await client.POST("/v1/hazards/batch", {
    body: { locations: locations.slice(start, start + ${BATCH_SIZE}), slots },
  });
  if (!data) throw new Error("batch answered " + response.status + ": " + JSON.stringify(error));
  // The batch answers JSON, NDJSON lines or CSV, as Accept asks: this job reads the JSON document.
  if (typeof data === "string" || !("items" in data)) throw new Error("batch answered another format than JSON");
  followed.add(response.headers.get("${API_VERSION_HEADER}") ?? "none");
  datasetVersion = data.dataset_version;
  items.push(...data.items);
}
const changelog = await fetch(baseUrl + "/api/changelog.json", { headers: { Accept: "application/json" } });
const log = (await changelog.json()) as { api_version: string; api_versions: string[]; entries: { kind: string }[] };
process.stdout.write(
  JSON.stringify({ followed: [...followed], datasetVersion, items, changelog: { ...log, http_status: changelog.status } }),
);
`;

let store: ServerStore;
let server: ProdServer;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typed-client-"));
  store = await createServerStore("typed-client");
  server = await startProdServer(store, { SEED_DEMO_ACCOUNTS: "true" });
}, 120_000);

afterAll(async () => {
  await server?.kill("SIGTERM");
  await store?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Compact = { hazard_id: string; value: number | null; score: number | null; level: string | null; state: string };
const compact = (h: Compact) => ({
  hazard_id: h.hazard_id,
  value: h.value,
  score: h.score,
  level: h.level,
  state: h.state,
});

describe("a client generated from the served OpenAPI document", () => {
  it(
    "type-checks, pins its API version and runs the nightly batch; every answer is the engine's",
    { timeout: 300_000 },
    async () => {
      // The API key of the demo PREMIUM account, made through the API with its session.
      const premium = DEMO_ACCOUNTS.find((a) => a.planCode === "PREMIUM" && a.role === "user")!;
      const user = new Client(server);
      await user.logIn(premium.email, DEMO_PASSWORD);
      const { key } = await user.json<{ key: string }>("/api/v1/keys", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "nightly job" }),
      });

      const document = await (await fetch(`${server.base}/api/openapi.json`)).json();
      fs.writeFileSync(path.join(dir, "schema.d.ts"), astToString(await openapiTS(document)));
      fs.writeFileSync(path.join(dir, "nightly.ts"), CLIENT_PROGRAM);
      fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
      fs.writeFileSync(
        path.join(dir, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noUncheckedIndexedAccess: true,
            target: "ES2022",
            module: "NodeNext",
            moduleResolution: "NodeNext",
            skipLibCheck: true,
            types: ["node"],
            outDir: "out",
          },
          files: ["nightly.ts"],
        }),
      );
      fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
      const points = nightlyPoints();
      expect(points.length).toBeGreaterThanOrEqual(200);
      fs.writeFileSync(path.join(dir, "points.json"), JSON.stringify(points));

      // tsc fails the test on any type error against the generated types.
      try {
        execFileSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", dir], {
          stdio: "pipe",
        });
      } catch (e) {
        const failed = e as { stdout?: Buffer; stderr?: Buffer };
        throw new Error(`tsc: ${failed.stdout?.toString("utf8") ?? ""}${failed.stderr?.toString("utf8") ?? ""}`);
      }
      const out = execFileSync(
        process.execPath,
        [path.join(dir, "out/nightly.js"), server.base, key, PINNED, path.join(dir, "points.json")],
        { maxBuffer: 256 * 1024 * 1024 },
      ).toString("utf8");
      const run = JSON.parse(out) as {
        followed: string[];
        datasetVersion: string;
        items: Record<string, unknown>[];
        changelog: { http_status: number; api_version: string; api_versions: string[]; entries: { kind: string }[] };
      };

      const engine = getRiskEngine();
      expect(run.followed).toEqual([PINNED]);
      expect(run.datasetVersion).toBe(engine.datasetVersion);
      expect(run.changelog).toMatchObject({
        http_status: 200,
        api_version: API_VERSION,
        api_versions: [...API_VERSIONS],
      });
      expect(run.changelog.entries.some((e) => e.kind === "dataset")).toBe(true);
      expect(run.items).toHaveLength(points.length);

      let scored = 0;
      for (const [i, point] of points.entries()) {
        const item = run.items[i]! as Record<string, unknown> & {
          results?: { scenario: string; period: string; aggregate: Compact; hazards: Compact[] }[];
        };
        const where = `${point.id} (${point.lat}, ${point.lon})`;
        // The job sends the book in requests of BATCH_SIZE locations; an item's index is its place in its request.
        expect(item, where).toMatchObject({ index: i % BATCH_SIZE, id: point.id });
        const placed = engine.placePoint(point.lat, point.lon);
        if (placed.status !== "ok") {
          expect(item, where).toMatchObject({ status: "error", code: placed.reason });
          continue;
        }
        expect(item, where).toMatchObject({
          status: "ok",
          country_code: placed.country_code,
          hexagon_code: placed.hexagon_code,
        });
        const levelCode = { hexagon: placed.hexagon_code, region: placed.region_code, country: placed.country_code }[
          item.location_type as "hexagon" | "region" | "country"
        ];
        expect(item.location_code, where).toBe(levelCode);
        expect(
          item.results!.map((r) => [r.scenario, r.period]),
          where,
        ).toEqual(SLOTS.map((s) => [s.scenario, s.period]));
        // Read at a region or country, an inland point has no coastal hazards: the others are the area's own.
        const notExposed =
          item.location_type === "hexagon" ? [] : (engine.coastalExposure(placed.hexagon_code)?.notApplicable ?? []);
        for (const [k, slot] of SLOTS.entries()) {
          const got = item.results![k]!;
          expect(
            got.hazards.map((h) => h.hazard_id),
            where,
          ).toEqual(PER_HAZARD_IDS);
          const expected =
            item.location_type === "hexagon"
              ? engine.pointScores(point.lat, point.lon, placed.hexagon_code, slot.scenario, slot.period)
              : engine.scores(levelCode, slot.scenario, slot.period);
          for (const h of expected.hazards) {
            const answered = got.hazards.find((g) => g.hazard_id === h.hazard_id)!;
            if ((notExposed as string[]).includes(h.hazard_id))
              expect(answered.score, `${where} ${h.hazard_id}`).toBeNull();
            else expect(compact(answered), `${where} ${h.hazard_id}`).toEqual(compact(h));
          }
          if (!notExposed.length) expect(compact(got.aggregate), where).toEqual(compact(expected.aggregate));
        }
        scored++;
      }
      // Most of the grid is land in countries the API scores; the rest is sea, each at_sea or the engine's reason.
      expect(scored).toBeGreaterThan(points.length / 2);
    },
  );
});
