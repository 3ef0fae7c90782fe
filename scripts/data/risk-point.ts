/**
 * Prints the hazards of a point as get_data/hazards answers them.
 * Usage: npm run -s risk:point -- LAT LON [--scenario S] [--period P] [--explain]
 * Bad input → message on stderr, exit 2.
 */
import { loadRiskEngine, RiskInputError } from "../../app/risk/engine/load-engine.server";

function usage(msg: string): never {
  process.stderr.write(`${msg}\nusage: risk:point -- LAT LON [--scenario hist|rcp26|rcp45|rcp85] [--period hist|2030|2040|2050] [--explain]\n`);
  process.exit(2);
}

function main(argv: string[]): void {
  const pos: string[] = [];
  const opts: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--explain") opts.explain = true;
    else if (a === "--scenario" || a === "--period") {
      const v = argv[++i];
      if (v === undefined) usage(`${a} needs a value`);
      opts[a.slice(2)] = v;
    } else if (a.startsWith("--scenario=") || a.startsWith("--period=")) {
      const [k, v] = a.slice(2).split("=");
      opts[k!] = v ?? "";
    } else if (a.startsWith("--") && !/^--?\d/.test(a)) usage(`unknown option ${a}`);
    else pos.push(a);
  }
  if (pos.length !== 2) usage("expected LAT and LON");
  const lat = Number(pos[0]), lon = Number(pos[1]);
  if (pos[0]!.trim() === "" || !Number.isFinite(lat)) usage(`LAT must be a number, got ${pos[0]}`);
  if (pos[1]!.trim() === "" || !Number.isFinite(lon)) usage(`LON must be a number, got ${pos[1]}`);
  const scenario = typeof opts.scenario === "string" ? opts.scenario : "hist";
  const period = typeof opts.period === "string" ? opts.period : undefined;
  const engine = loadRiskEngine(undefined, { points: true });
  try {
    const r = engine.pointHazards(lat, lon, scenario, period, { explain: opts.explain === true });
    if (r.status !== "ok") {
      if (r.reason === "invalid_coordinates") usage(r.message);
      process.stderr.write(`${r.message}\n`);
      process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
      process.exit(1);
    }
    process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
  } catch (e) {
    if (e instanceof RiskInputError) usage(`${e.param}: ${e.message}`);
    throw e;
  }
}

main(process.argv.slice(2));
