/**
 * npm run layers:add -- FILE.tif --kind river|coastal --scenario historical|rcp4p5|rcp8p5 --period historical|2030|2050|2080
 *                      --return-period N --source NAME --source-url URL --licence TEXT --attribution TEXT [--variant V]
 * Adds your own flood-depth GeoTIFF (metres, EPSG:4326, one band) to the layer store, verified, with its metadata.
 */
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { addLayer } from "../../app/risk/layers/add.server";
import { LayerFetchError } from "../../app/risk/layers/fetch.server";
import { LayerReadError } from "../../app/risk/layers/raster.server";
import { configuredLayerStore } from "../../app/risk/layers/store.server";

const USAGE =
  "usage: npm run layers:add -- FILE.tif --kind river|coastal --scenario S --period P --return-period N --source NAME --source-url URL --licence TEXT --attribution TEXT [--variant V]";

function fail(message: string): never {
  process.stderr.write(`layers:add: ${message}\n${USAGE}\n`);
  process.exit(2);
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      kind: { type: "string" },
      scenario: { type: "string" },
      period: { type: "string" },
      "return-period": { type: "string" },
      source: { type: "string" },
      "source-url": { type: "string" },
      licence: { type: "string" },
      attribution: { type: "string" },
      variant: { type: "string" },
    },
  });
  const input = positionals[0];
  if (!input) fail("no input file given");
  if (values.kind !== "river" && values.kind !== "coastal") fail("--kind must be river or coastal");
  const rp = Number(values["return-period"]);
  if (!(rp >= 1)) fail("--return-period must be a number of years ≥ 1");
  for (const k of ["scenario", "period", "source", "source-url", "licence", "attribution"] as const)
    if (!values[k]) fail(`--${k} is required`);
  const store = configuredLayerStore();
  const stagingDir = store.where.startsWith("s3://")
    ? path.join(os.tmpdir(), "layers-staging")
    : path.join(store.where, ".staging");
  try {
    const e = await addLayer(
      store,
      input,
      {
        kind: values.kind,
        scenario: values.scenario!,
        period: values.period!,
        returnPeriod: rp,
        variant: values.variant,
        source: { name: values.source!, url: values["source-url"]! },
        licence: values.licence!,
        attribution: values.attribution!,
      },
      stagingDir,
    );
    process.stdout.write(
      `layers:add: ${e.file} (${e.width}×${e.height} px, extent ${e.bbox.join(",")}, sha256 ${e.sha256}) into ${store.where}\n`,
    );
  } catch (e) {
    if (e instanceof LayerFetchError || e instanceof LayerReadError) {
      process.stderr.write(`layers:add: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
}

void main();
