/**
 * The public methodology page (content/pages/methodology.md) and the methodology document (docs/methodology.md) say
 * the same facts, and the page's figures are the ones the committed dataset measures today.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { HAZARDS, type HazardId } from "../../app/domain/hazards/hazards";
import { GLOBAL_WARMING_LEVEL } from "../../app/domain/hazards/scenarios";
import { bandMeanings } from "../../app/risk/explain/band-meanings";
import { loadRiskEngine } from "../../app/risk/engine/load-engine.server";
import { CS_TCOLD_C, ER_PWET_MM, HW_TMAX_C } from "../../app/risk/formulas";
import { ROOT } from "./inputs";
import { informCorrelations, placeChecks, riverFloodPanel, riverGaugeTarget } from "./validate";
import { RIVER_GAUGES } from "./hydrology/gauges";

const page = readFileSync(path.join(ROOT, "content/pages/methodology.md"), "utf8");
const doc = readFileSync(path.join(ROOT, "docs/methodology.md"), "utf8");
const manifest = JSON.parse(readFileSync(path.join(ROOT, "data/manifest.json"), "utf8")) as { generator: { version: string } };
const validationDir = process.env.VALIDATION_DIR ?? path.resolve(ROOT, "../shared/validation");
const hasData = existsSync(path.join(ROOT, "data/risk-cells.bin.gz"));
const hasInform = existsSync(path.join(validationDir, "arc_inform_natural_disaster_risk_2015.csv")) && existsSync(path.join(validationDir, "inform_risk_index_2025_fixture.csv"));

/** The page's INFORM table: hazard name → its two-decimal ρ. */
function pageRhos(): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of page.matchAll(/^\| ([A-Z][a-z -]+) \| [^|]+ \| (0\.\d\d) \|$/gm)) out.set(m[1]!, m[2]!);
  return out;
}

describe("the public methodology page", () => {
  it("names no claim nothing measures, and takes rivers from where the data build takes them", () => {
    for (const text of [page, doc]) {
      expect(text).not.toMatch(/ranks? places reliably|reliabl[ey] rank/i);
      expect(text).not.toMatch(/rivers?[^.\n]{0,40}(from|:) Natural Earth/i);
    }
    // the surge height is set to published ranges, not fitted: the page gives the product's level no return period
    expect(page).not.toMatch(/(the|a) 100-year (storm|surge|extreme)/i);
    expect(page).toMatch(/\*\*Rivers\*\*: World Data Bank II/);
    expect(doc).toMatch(/WDBII river lines/);
  });

  it("quotes the formulas' thresholds and the warming levels the code uses", () => {
    expect(page).toContain(`${HW_TMAX_C[0]} °C scores 0, rising to 1 at ${HW_TMAX_C[1]} °C`);
    expect(page).toContain(`coldest-month mean of ${CS_TCOLD_C[0]} °C scores 0, rising to 1 at −${-CS_TCOLD_C[1]} °C`);
    expect(page).toContain(`wettest month of ${ER_PWET_MM[0]} mm scores 0, rising to 1 at ${ER_PWET_MM[1]} mm`);
    const row = (name: string, s: keyof typeof GLOBAL_WARMING_LEVEL) =>
      `| ${name} | ${GLOBAL_WARMING_LEVEL[s]["2030"].toFixed(2)} °C | ${GLOBAL_WARMING_LEVEL[s]["2040"].toFixed(2)} °C | ${GLOBAL_WARMING_LEVEL[s]["2050"].toFixed(2)} °C |`;
    expect(page).toContain(row("RCP2.6 (SSP1-2.6)", "rcp26"));
    expect(page).toContain(row("RCP4.5 (SSP2-4.5)", "rcp45"));
    expect(page).toContain(row("RCP8.5 (SSP5-8.5)", "rcp85"));
    // the examples of what a level means are the band meanings the scores carry
    const hw = bandMeanings().HW.bands[3]!, sl = bandMeanings().SL.bands[2]!;
    expect(page).toContain(`Severe means the hottest month's days reach ${hw.from} to ${hw.to} °C on average`);
    expect(page).toContain(`High means the rise brings ${sl.from} to ${sl.to} % of the land below the high-tide line`);
  });

  it.skipIf(!hasData || !hasInform)("quotes the rank correlations the committed dataset measures, as the document's table for this version does", () => {
    const e = loadRiskEngine();
    const measured = informCorrelations(e, validationDir);
    const quoted = pageRhos();
    const rows: [HazardId, string, "INFORM 2015" | "INFORM 2025", string][] = [
      ["FD", "River flood", "INFORM 2015", "Flood"],
      ["TC", "Tropical cyclone", "INFORM 2015", "Tropical Cyclone"],
      ["DR", "Drought", "INFORM 2015", "Drought"],
      ["SS", "Storm surge", "INFORM 2025", "Coastal Flood"],
      ["SL", "Sea-level rise", "INFORM 2025", "Coastal Flood"],
    ];
    const version = manifest.generator.version;
    // the document's validation table has a column for the dataset's version
    // table cells as written, whatever the column padding
    const lines = doc.split("\n").map((l) => l.split("|").map((c) => c.trim()));
    const cols = lines.find((c) => c[1] === "Ours" && c[2] === "Reference" && c[3] === "n")!;
    const col = cols.findIndex((c) => c.startsWith(`ρ ${version}`));
    expect(col, `a "ρ ${version}" column in docs/methodology.md`).toBeGreaterThan(0);
    for (const [h, name, source, reference] of rows) {
      expect(HAZARDS[h].name).toBe(name);
      const m = measured.find((c) => c.hazard === h && c.source === source && c.reference === reference)!;
      expect(quoted.get(name), `${name} on the page`).toBe(m.rho.toFixed(2));
      const docRow = lines.find((c) => c[1] === h && c[2]?.startsWith(`${source} ${reference}`))!;
      expect(docRow[col]?.replace(/\*/g, ""), `${h} in the document`).toBe(m.rho.toFixed(3));
    }
  });

  it.skipIf(!hasData)("counts the hand-checked places and the river-flood panel as validation does", () => {
    const pc = placeChecks(loadRiskEngine(undefined, { points: true }));
    const checks = pc.reduce((s, p) => s + p.place.checks.length, 0);
    const missed = pc.reduce((s, p) => s + p.failed.length + p.knownMisses.length, 0);
    expect(page).toContain(`We also check ${pc.length} well-known places`);
    expect(page).toContain(`${checks - missed} of ${checks} checks agree`);
    const panel = riverFloodPanel(pc);
    expect(page).toContain(`${panel.met} of ${panel.places} places`);
  });

  it.skipIf(!hasData)("quotes the river gauges as the build's manifest counts them, each agreement recounted", () => {
    const gauges = riverGaugeTarget(path.join(ROOT, "data"))!;
    expect(gauges.total).toBe(RIVER_GAUGES.length);
    // the manifest's count is the stations within the factor; the stations named as off are the rest
    expect(gauges.agree + gauges.off.length).toBe(gauges.total);
    expect(page).toContain(`drainage areas the network routes at ${gauges.total} river gauges`);
    expect(page).toContain(`${gauges.agree} agree with the published areas within a factor of ${gauges.agreeFactor}`);
    expect(doc).toContain(`| Gauges within a factor ${gauges.agreeFactor} of their published drainage area`);
  });
});
