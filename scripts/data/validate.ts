/**
 * Measures the country rollups against independent references (never model inputs):
 * Spearman ρ vs INFORM 2015 per-hazard scores and INFORM 2025 coastal flood exposure, plus sanity checks
 * and a table of well-known places. Usage: tsx scripts/data/validate.ts [--markdown]
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PER_HAZARD_IDS, type HazardId } from "../../app/domain/hazards";
import { loadRiskEngine } from "../../app/risk/engine.server";
import type { RiskEngine } from "../../app/risk/engine";
import { ROOT } from "./inputs";

const VALIDATION = process.env.VALIDATION_DIR ?? path.resolve(ROOT, "../shared/validation");

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cur = "";
  let q = false;
  const endField = () => {
    row.push(cur);
    cur = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (q) {
      if (ch === '"' && text[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') q = false;
      else cur += ch;
    } else if (ch === '"') q = true;
    else if (ch === ",") endField();
    else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endField();
      rows.push(row);
      row = [];
    } else cur += ch;
  }
  if (cur || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

function ranks(v: number[]): number[] {
  const idx = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(v.length);
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && idx[j + 1]![0] === idx[i]![0]) j++;
    for (let k = i; k <= j; k++) r[idx[k]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return r;
}

export function spearman(a: number[], b: number[]): number {
  const ra = ranks(a), rb = ranks(b);
  const n = a.length;
  const ma = ra.reduce((s, x) => s + x, 0) / n, mb = rb.reduce((s, x) => s + x, 0) / n;
  let num = 0, da = 0, db = 0;
  for (let i = 0; i < n; i++) {
    num += (ra[i]! - ma) * (rb[i]! - mb);
    da += (ra[i]! - ma) ** 2;
    db += (rb[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

/** Country value of a hazard in the historical slot; not applicable counts as 0 (no exposure). */
function countryValue(e: RiskEngine, code: string, h: HazardId): number | null {
  const r = e.scores(code, "hist", "hist");
  const it = h === "AL" ? r.aggregate : r.hazards.find((x) => x.hazard_id === h)!;
  if (it.state === "not_applicable") return 0;
  return it.value;
}

export const PLACES: { name: string; lat: number; lon: number; expect: string }[] = [
  { name: "Dhaka", lat: 23.81, lon: 90.41, expect: "FD high; SS (coast of BD)" },
  { name: "Khulna (BD coast)", lat: 22.82, lon: 89.55, expect: "SS, TC, FD high" },
  { name: "Miami", lat: 25.78, lon: -80.21, expect: "TC, SS, SL high" },
  { name: "Manila", lat: 14.6, lon: 120.98, expect: "TC high" },
  { name: "Phoenix", lat: 33.45, lon: -112.07, expect: "HW, DR high" },
  { name: "Riyadh", lat: 24.71, lon: 46.68, expect: "HW, DR high" },
  { name: "Yakutsk", lat: 62.03, lon: 129.73, expect: "CS extreme" },
  { name: "Kathmandu", lat: 27.72, lon: 85.32, expect: "LS high" },
  { name: "Sahara (Algeria)", lat: 24, lon: 5, expect: "FD low, DR high" },
  { name: "Amsterdam", lat: 52.37, lon: 4.9, expect: "SL, SS high" },
  { name: "Ulaanbaatar", lat: 47.92, lon: 106.92, expect: "CS high" },
  { name: "Manaus (Amazon)", lat: -3.12, lon: -60.02, expect: "ER, FD high" },
  { name: "Sacramento (California)", lat: 38.58, lon: -121.49, expect: "WF high" },
  { name: "Zurich", lat: 47.37, lon: 8.54, expect: "TC, SS low/none" },
  { name: "Tokyo", lat: 35.68, lon: 139.69, expect: "TC moderate-high" },
  { name: "Houston", lat: 29.76, lon: -95.37, expect: "TC, FD high" },
  { name: "Mumbai", lat: 19.08, lon: 72.88, expect: "ER extreme" },
  { name: "Hong Kong", lat: 22.32, lon: 114.17, expect: "TC extreme" },
  { name: "Shanghai", lat: 31.23, lon: 121.47, expect: "SS, SL high" },
  { name: "New Orleans", lat: 29.95, lon: -90.07, expect: "TC, SS, SL high" },
  { name: "Madrid", lat: 40.42, lon: -3.7, expect: "DR, WF high" },
  { name: "Cairo", lat: 30.04, lon: 31.24, expect: "DR high, TC none" },
  { name: "Moscow", lat: 55.76, lon: 37.62, expect: "CS moderate" },
  { name: "London", lat: 51.51, lon: -0.13, expect: "mostly low" },
  { name: "Bangkok", lat: 13.75, lon: 100.5, expect: "FD, SS, SL high" },
  { name: "Sydney", lat: -33.87, lon: 151.21, expect: "WF moderate" },
  { name: "Lima", lat: -12.05, lon: -77.04, expect: "TC none (SE Pacific)" },
  { name: "Rio de Janeiro", lat: -22.9, lon: -43.2, expect: "TC none (S Atlantic)" },
  { name: "Nairobi", lat: -1.29, lon: 36.82, expect: "mostly low-moderate" },
  { name: "Suva (Fiji)", lat: -18.14, lon: 178.44, expect: "TC high (island)" },
];

function main(): void {
  const markdown = process.argv.includes("--markdown");
  const e = loadRiskEngine();
  const out: string[] = [];
  const informFile = path.join(VALIDATION, "arc_inform_natural_disaster_risk_2015.csv");
  const a3ToA2 = new Map<string, string>();
  const geo = e.countries().map((c) => c.country_code);
  for (const code of geo) {
    const a3 = e.a3Of(code);
    if (a3) a3ToA2.set(a3, code);
  }
  const pairs: [HazardId, string][] = [["FD", "Flood"], ["TC", "Tropical Cyclone"], ["DR", "Drought"], ["AL", "Natural"]];
  out.push(markdown ? "| Ours | INFORM 2015 | n | Spearman ρ |\n|---|---|---|---|" : "ours  reference                         n    rho");
  if (existsSync(informFile)) {
    const rows = parseCsv(readFileSync(informFile, "utf8")).filter((r) => r.length > 5);
    const head = rows[0]!;
    for (const [h, col] of pairs) {
      const ci = head.indexOf(col);
      const a: number[] = [], b: number[] = [];
      for (const r of rows.slice(1)) {
        const a2 = a3ToA2.get(r[1] ?? "");
        const ref = Number(r[ci]);
        if (!a2 || r[ci] === "" || !Number.isFinite(ref)) continue;
        const v = countryValue(e, a2, h);
        if (v === null) continue;
        a.push(v);
        b.push(ref);
      }
      const rho = spearman(a, b);
      out.push(markdown ? `| ${h} | ${col} | ${a.length} | ${rho.toFixed(2)} |` : `${h.padEnd(5)} ${col.padEnd(32)} ${String(a.length).padStart(4)}  ${rho.toFixed(2)}`);
    }
  } else out.push(`(INFORM 2015 file not found in ${VALIDATION})`);
  const fixture = path.join(VALIDATION, "inform_risk_index_2025_fixture.csv");
  if (existsSync(fixture)) {
    const rows = parseCsv(readFileSync(fixture, "utf8"));
    for (const [h, ind] of [["SS", "Coastal Flood"], ["SL", "Coastal Flood"], ["FD", "Physical exposure to river flood"], ["TC", "Physical exposure to tropical cyclone of Saffir-Simpson category 1"], ["DR", "Drought Frequency"]] as [HazardId, string][]) {
      const a: number[] = [], b: number[] = [];
      const seen = new Set<string>();
      for (const r of rows) {
        if (r[3] !== ind || seen.has(r[1]!)) continue;
        const a2 = a3ToA2.get(r[1] ?? "");
        const ref = Number(r[4]);
        if (!a2 || r[4] === "" || !Number.isFinite(ref)) continue;
        const v = countryValue(e, a2, h);
        if (v === null) continue;
        seen.add(r[1]!);
        a.push(v);
        b.push(ref);
      }
      const rho = spearman(a, b);
      const label = `2025: ${ind}`.slice(0, 60);
      out.push(markdown ? `| ${h} | ${label} | ${a.length} | ${rho.toFixed(2)} |` : `${h.padEnd(5)} ${label.padEnd(32)} ${String(a.length).padStart(4)}  ${rho.toFixed(2)}`);
    }
  }

  // sanity checks over all land cells
  const checks: [string, boolean, string][] = [];
  const st = e.sanity();
  checks.push(["HW rises with warming (every cell: rcp85 2050 ≥ hist)", st.hwViolations === 0, `${st.hwViolations} violations`]);
  checks.push(["CS falls with warming (every cell: rcp85 2050 ≤ hist)", st.csViolations === 0, `${st.csViolations} violations`]);
  checks.push(["RCP8.5 ≥ RCP2.6 in 2050 for HW, DR, ER, WF, SL, SS, TC, PC", st.scenarioViolations === 0, `${st.scenarioViolations} violations`]);
  checks.push(["no SS/SL on cells > 200 km from the sea", st.inlandCoastal === 0, `${st.inlandCoastal} cells`]);
  checks.push(["Switzerland has no SS/SL", e.scores("CH", "hist").hazards.filter((x) => x.hazard_id === "SS" || x.hazard_id === "SL").every((x) => !x.applicable), ""]);
  out.push("");
  for (const [name, ok, detail] of checks) out.push(`${ok ? "PASS" : "FAIL"}  ${name}${detail ? ` (${detail})` : ""}`);

  out.push("");
  const ids = ["AL", ...PER_HAZARD_IDS];
  const fmt = (v: number | null, applicable: boolean) => (v === null ? (applicable ? "nd" : "–") : v.toFixed(2));
  out.push(markdown ? `| Place | Expect | ${ids.join(" | ")} |\n|---|---|${ids.map(() => "---").join("|")}|` : `${"place".padEnd(24)} ${ids.map((i) => i.padStart(5)).join("")}`);
  for (const p of PLACES) {
    const r = e.pointHazards(p.lat, p.lon, "hist");
    if (r.status !== "ok") {
      out.push(markdown ? `| ${p.name} | ${p.expect} | ${r.message} |` : `${p.name.padEnd(24)} ${r.message}`);
      continue;
    }
    const vals = [r.aggregate, ...r.hazards].map((x) => fmt(x.value, x.applicable));
    out.push(markdown ? `| ${p.name} (${r.country_code}) | ${p.expect} | ${vals.join(" | ")} |` : `${`${p.name} ${r.country_code}`.padEnd(24)} ${vals.map((v) => v.padStart(5)).join("")}`);
  }
  process.stdout.write(`${out.join("\n")}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main();
