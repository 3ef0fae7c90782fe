/**
 * npm run layers:fetch -- aqueduct [--from URL] [--bbox W,S,E,N] [--scenarios historical,rcp8p5] [--years 2050]
 *                        [--kinds river,coastal] [--return-periods 2,5,...] [--river-model 0000GFDL-ESM2M]
 *                        [--subsidence wtsub|nosub] [--force]
 * Fetches WRI Aqueduct Floods inundation depth layers (CC BY 4.0) under their published names into the layer store
 * (DATA_DIR/layers, or the S3_URL bucket), verified, with source, licence, checksums and sizes in its manifest.
 */
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  AQUEDUCT_ATTRIBUTION,
  AQUEDUCT_BASE_URL,
  AQUEDUCT_LICENCE,
  AQUEDUCT_SOURCE,
  type AqueductScenario,
  type FloodKind,
} from "../../app/domain/flood-loss/aqueduct-names";
import { aqueductPlan } from "../../app/risk/layers/aqueduct-plan";
import { fetchLayers, LayerFetchError } from "../../app/risk/layers/fetch.server";
import { configuredLayerStore } from "../../app/risk/layers/store.server";

const USAGE =
  "usage: npm run layers:fetch -- aqueduct [--from URL] [--bbox W,S,E,N] [--scenarios historical,rcp4p5,rcp8p5] [--years 2030,2050,2080] [--kinds river,coastal] [--return-periods 2,5,10,25,50,100,250,500,1000] [--river-model NAME] [--subsidence wtsub|nosub] [--force]";

function fail(message: string): never {
  process.stderr.write(`layers:fetch: ${message}\n${USAGE}\n`);
  process.exit(2);
}

const list = (v: string | undefined) =>
  v
    ? v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;

/** A box west of Greenwich starts with a minus (--bbox -10,35,30,60), which parseArgs takes for an option. */
function bboxJoined(args: string[]): string[] {
  return args.flatMap((a, i) =>
    a === "--bbox" && args[i + 1]?.startsWith("-")
      ? [`--bbox=${args[i + 1]}`]
      : args[i - 1] === "--bbox" && a.startsWith("-")
        ? []
        : [a],
  );
}

async function main() {
  const { values, positionals } = parseArgs({
    args: bboxJoined(process.argv.slice(2)),
    allowPositionals: true,
    options: {
      from: { type: "string" },
      bbox: { type: "string" },
      scenarios: { type: "string" },
      years: { type: "string" },
      kinds: { type: "string" },
      "return-periods": { type: "string" },
      "river-model": { type: "string" },
      subsidence: { type: "string" },
      force: { type: "boolean", default: false },
    },
  });
  if (positionals[0] !== "aqueduct")
    fail(positionals[0] ? `unknown source '${positionals[0]}'` : "name the source: aqueduct");
  let bbox: [number, number, number, number] | undefined;
  if (values.bbox) {
    const b = values.bbox.split(",").map(Number);
    if (b.length !== 4 || b.some((v) => !Number.isFinite(v)) || !(b[2]! > b[0]!) || !(b[3]! > b[1]!))
      fail(`--bbox must be W,S,E,N with W < E and S < N, got '${values.bbox}'`);
    bbox = b as [number, number, number, number];
  }
  const sub = values.subsidence;
  if (sub && sub !== "wtsub" && sub !== "nosub") fail("--subsidence must be wtsub or nosub");
  let plan;
  try {
    plan = aqueductPlan({
      base: values.from ?? AQUEDUCT_BASE_URL,
      scenarios: list(values.scenarios) as AqueductScenario[] | undefined,
      years: list(values.years)?.map(Number),
      kinds: list(values.kinds) as FloodKind[] | undefined,
      returnPeriods: list(values["return-periods"])?.map(Number),
      riverModel: values["river-model"],
      subsidence: sub as "wtsub" | "nosub" | undefined,
    });
  } catch (e) {
    fail((e as Error).message);
  }
  const store = configuredLayerStore();
  const stagingDir = store.where.startsWith("s3://")
    ? path.join(os.tmpdir(), "layers-staging")
    : path.join(store.where, ".staging");
  process.stdout.write(
    `layers:fetch: ${plan.length} layer(s) from ${values.from ?? AQUEDUCT_BASE_URL}${bbox ? ` clipped to ${bbox.join(",")}` : " (whole files)"} into ${store.where}\n`,
  );
  try {
    const report = await fetchLayers(store, plan, {
      stagingDir,
      bbox,
      force: values.force,
      source: { name: AQUEDUCT_SOURCE, licence: AQUEDUCT_LICENCE, attribution: AQUEDUCT_ATTRIBUTION },
      log: (l) => process.stdout.write(`  ${l}\n`),
    });
    const bytes = report.fetched.reduce((s, e) => s + e.bytes, 0);
    process.stdout.write(
      `layers:fetch: ${report.fetched.length} fetched (${(bytes / 1e6).toFixed(1)} MB), ${report.skipped.length} already there. Licence ${AQUEDUCT_LICENCE}: ${AQUEDUCT_ATTRIBUTION}\n`,
    );
  } catch (e) {
    if (e instanceof LayerFetchError) {
      process.stderr.write(`layers:fetch: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
}

void main();
