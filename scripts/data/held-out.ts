/**
 * Scores the held-out evaluation set (scripts/data/held-out/README.md) through the product's own point scoring, as
 * get_data/hazards answers: the historical slot (sea-level rise, Low everywhere then, in the slot validate.ts compares
 * it in), each point as given (snapped to land where it lies just off the shore).
 * Prints the pass rate of the pairs and of the places, per hazard; with --cases, also every case that fails. The cases
 * stay out of sight by default, so that whoever changes the model measures on them without reading them.
 * Usage: npm run -s data:held-out -- [DIR] [--cases]   (DIR holds pairs.json and places.json, and may hold
 * border-towns.json, each town located as get_data/hazards locates it; default scripts/data/held-out)
 */
import fs from "node:fs";
import path from "node:path";
import { loadRiskEngine } from "../../app/risk/engine/load-engine.server";
import {
  failureShapes,
  heldOutBorderTown,
  heldOutPair,
  heldOutPlace,
  judgeBorderTown,
  judgePair,
  judgePlace,
  parseSet,
  tally,
  type CaseResult,
  type HazardCode,
  type PointLevel,
} from "./held-out/evaluate";
import { INFORM_SLOT } from "./validate";

const args = process.argv.slice(2);
const showCases = args.includes("--cases");
const showLevels = args.includes("--levels");
const dir = path.resolve(args.find((a) => !a.startsWith("--")) ?? "scripts/data/held-out");
const read = (file: string): unknown =>
  fs.existsSync(path.join(dir, file)) ? JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) : [];
const pairs = parseSet(read("pairs.json"), "pairs", heldOutPair);
const places = parseSet(read("places.json"), "places", heldOutPlace);
const borderTowns = parseSet(read("border-towns.json"), "towns", heldOutBorderTown);

const engine = loadRiskEngine(undefined, { points: true });
function levelAt(lat: number, lon: number, hazard: HazardCode): PointLevel {
  const slot = INFORM_SLOT[hazard] ?? { scenario: "hist", period: "hist" };
  const r = engine.pointHazards(lat, lon, slot.scenario, slot.period);
  if (r.status !== "ok") return { unscored: r.reason };
  const h = r.hazards.find((x) => x.hazard_id === hazard);
  if (!h) return { unscored: "no such hazard" };
  if (h.applicable === false) return "not_applicable";
  return h.score === null ? { unscored: "no score" } : Number(h.score);
}

const pairResults = pairs.map((p) =>
  judgePair(p, levelAt(p.higher.lat, p.higher.lon, p.hazard), levelAt(p.lower.lat, p.lower.lon, p.hazard)),
);
const placeResults = places.map((p) => judgePlace(p, levelAt(p.lat, p.lon, p.hazard)));

const pct = (passed: number, total: number) => (total ? ((100 * passed) / total).toFixed(1) : "-");
function report(title: string, results: CaseResult[]) {
  const { all, byHazard } = tally(results);
  console.log(`${title}: ${all.passed} of ${all.total} pass (${pct(all.passed, all.total)} %)`);
  for (const [hazard, t] of [...byHazard].sort()) console.log(`  ${hazard}: ${t.passed}/${t.total} (${pct(t.passed, t.total)} %)`);
  if (showCases) for (const r of results.filter((x) => !x.passed)) console.log(`  FAIL ${r.hazard} ${r.id}: ${r.detail}`);
  if (showLevels) for (const [shape, n] of failureShapes(results)) console.log(`  failing, ${shape}: ${n}`);
}
if (pairs.length) report(`pairs (${path.relative(process.cwd(), dir)}/pairs.json)`, pairResults);
if (places.length) report(`places (${path.relative(process.cwd(), dir)}/places.json)`, placeResults);
if (borderTowns.length) {
  const results = borderTowns.map((t) => {
    const r = engine.locate(t.lat, t.lon);
    return judgeBorderTown(t, r.status === "ok" ? r.country_code : r.status);
  });
  const passed = results.filter((r) => r.passed).length;
  const continents = [...new Set(results.map((r) => r.continent))].sort();
  const per = continents.map((c) => {
    const of = results.filter((r) => r.continent === c);
    return `${c} ${of.filter((r) => r.passed).length}/${of.length}`;
  });
  console.log(
    `border towns (${path.relative(process.cwd(), dir)}/border-towns.json): ${passed} of ${results.length} in their own country (${pct(passed, results.length)} %); ${per.join(", ")}`,
  );
  if (showCases) for (const r of results.filter((x) => !x.passed)) console.log(`  FAIL ${r.detail}`);
}
