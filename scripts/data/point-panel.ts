/**
 * The hand-checked places with a river-flood check, each scored as its hexagon and as a point from its own 2′
 * drivers, with those drivers: what a point reads and why it meets or misses its check.
 * Usage: tsx scripts/data/point-panel.ts [--all]
 */
import { loadRiskEngine } from "../../app/risk/engine/load-engine.server";
import { KNOWN_PLACES, meetsCheck, parseCheck } from "../../app/risk/known-places";

const e = loadRiskEngine(undefined, { points: true });
const all = process.argv.includes("--all");
let n = 0, hexMet = 0, ptMet = 0;
for (const p of KNOWN_PLACES) {
  const fd = p.checks.filter((c) => c.startsWith("FD"));
  if (!fd.length) continue;
  const loc = e.locate(p.lat, p.lon);
  if (loc.status !== "ok") continue;
  n++;
  const at = loc.snapped_to_land ?? { lat: p.lat, lon: p.lon };
  const hex = e.scores(loc.hexagon_code, "hist", "hist").hazards.find((h) => h.hazard_id === "FD")!;
  const pt = e.pointScores(at.lat, at.lon, loc.hexagon_code, "hist", "hist").hazards.find((h) => h.hazard_id === "FD")!;
  const okH = fd.every((c) => meetsCheck(parseCheck(c), hex)), okP = fd.every((c) => meetsCheck(parseCheck(c), pt));
  hexMet += okH ? 1 : 0;
  ptMet += okP ? 1 : 0;
  if (!all && okP) continue;
  const row = e.cellRow(loc.hexagon_code);
  const own = e.pointInputsAt(at.lat, at.lon, row);
  const s = own?.sample;
  const cell = e.cellInputs(row);
  const r = s?.river;
  console.log(
    `${okP ? "ok  " : "MISS"} ${p.name} ${fd.join(",")} hex ${hex.score} (${hex.value}) point ${pt.score} (${pt.value}) | hex: plain ${cell.floodplainShare.toFixed(2)} low ${cell.lowShare.toFixed(2)} flow ${Math.round(cell.flowM3s)} relief ${Math.round(cell.relief)} | point px ${s?.pixelLat.toFixed(3)},${s?.pixelLon.toFixed(3)} elev ${s?.elevM} relief ${s ? Math.round(s.reliefM) : "-"} low ${s?.lowShare.toFixed(2)} ${r ? `river memb ${r.membership.toFixed(2)} hand ${r.handM} flow ${r.flowM3s.toFixed(0)} area ${r.areaKm2.toFixed(0)} dist ${r.channelKm}` : "no floodplain"}`,
  );
}
console.log(`FD places ${n}: hexagon met ${hexMet} (${((100 * hexMet) / n).toFixed(1)} %), point met ${ptMet} (${((100 * ptMet) / n).toFixed(1)} %)`);
