import { latLngToCell } from "h3-js";
import { HAZARD_IDS, PER_HAZARD_IDS } from "~/domain/hazards/hazards";
import { parsePeriod, parseScenario, slotIndex } from "~/domain/hazards/scenarios";
import { CODE_NA, NONE16, decodeValue, encodeValue, type DatasetArrays, type DatasetHeader, type GeoFile } from "../../../app/risk/dataset";
import { RiskEngine } from "../../../app/risk/engine/risk-engine";
import { aggregate, type HazardValue } from "../../../app/risk/formulas";
import { rollupEntities } from "../../../app/risk/regions/rollup";
import { H3_RESOLUTION } from "./axes";
import { IngestError, type IngestedLayer } from "./types";

export interface LayerReport {
  hazard: string;
  slots: string[];
  cellsUpdated: number;
  cellsOutsideDataset: number;
  /** Cells the file covers where the hazard was "not applicable" before and now holds a value. */
  cellsNowApplicable: number;
}

export interface ApplyResult {
  header: DatasetHeader;
  arrays: DatasetArrays;
  reports: LayerReport[];
}

function parseSlotKey(key: string): number {
  const [scenarioRaw, periodRaw] = key.split(":");
  const scenario = parseScenario(scenarioRaw);
  const period = parsePeriod(periodRaw);
  if (!scenario || !period) throw new IngestError(`unknown slot '${key}'`, [`unknown slot '${key}'`]);
  return slotIndex(scenario, period);
}

/** Cells of an entity with no cell centre inside it (small islands): the cells under its outline's vertices. */
function vertexCells(engine: RiskEngine, rings: number[][]): number[] {
  const rows = new Set<number>();
  for (const ring of rings)
    for (let i = 0; i + 1 < ring.length; i += 2) {
      const row = engine.cellRow(latLngToCell(ring[i + 1]!, ring[i]!, H3_RESOLUTION));
      if (row >= 0) rows.add(row);
    }
  return [...rows].sort((a, b) => a - b);
}

function membersOf(engine: RiskEngine, primary: Uint16Array, entities: { rings: number[][] }[]): number[][] {
  const members: number[][] = entities.map(() => []);
  for (let k = 0; k < primary.length; k++) if (primary[k] !== NONE16) members[primary[k]!]!.push(k);
  return members.map((list, e) => (list.length ? list : vertexCells(engine, entities[e]!.rings)));
}

/**
 * Replaces hazard values with a user's layers, recomputes the aggregate (AL) where anything changed and rebuilds
 * every country and region rollup by the same rule as the build. The input arrays are left untouched.
 */
export function applyLayers(header: DatasetHeader, arrays: DatasetArrays, geo: GeoFile, layers: IngestedLayer[]): ApplyResult {
  const engine = new RiskEngine(header, arrays, geo);
  const n = header.nCells;
  const S = header.slots;
  const H = header.hazards.length;
  const values = arrays.values.slice();
  const touched = new Set<number>();
  const reports: LayerReport[] = [];

  for (const layer of layers) {
    if (layer.hazard === "AL") {
      throw new IngestError("AL is derived from the other hazards and cannot be replaced", ["ingest the individual hazards instead"]);
    }
    const h = header.hazards.indexOf(layer.hazard);
    if (h < 0) throw new IngestError(`hazard '${layer.hazard}' is not in the dataset`, []);
    const report: LayerReport = { hazard: layer.hazard, slots: [], cellsUpdated: 0, cellsOutsideDataset: 0, cellsNowApplicable: 0 };
    for (const [key, cells] of layer.slots) {
      const s = parseSlotKey(key);
      report.slots.push(key);
      for (const [cell, value] of cells) {
        const row = engine.cellRow(cell);
        if (row < 0) {
          report.cellsOutsideDataset++;
          continue;
        }
        const at = (h * S + s) * n + row;
        if (values[at] === CODE_NA) report.cellsNowApplicable++;
        values[at] = encodeValue(value);
        touched.add(s * n + row);
        report.cellsUpdated++;
      }
    }
    reports.push(report);
  }

  const al = HAZARD_IDS.indexOf("AL");
  const perHazard = PER_HAZARD_IDS.map((id) => header.hazards.indexOf(id));
  for (const key of touched) {
    const s = Math.floor(key / n);
    const row = key % n;
    const list: HazardValue[] = perHazard.map((h) => decodeValue(values[(h * S + s) * n + row]!));
    values[(al * S + s) * n + row] = encodeValue(aggregate(list));
  }

  const population = arrays.fields.population as ArrayLike<number>;
  const countryValues = rollupEntities(values, population, membersOf(engine, arrays.cellCountry, geo.countries), H, S, header.hazards);
  const regionValues = rollupEntities(values, population, membersOf(engine, arrays.cellRegion, geo.regions), H, S, header.hazards);
  const ingestCount = Number(/\+ingest\.(\d+)$/.exec(header.version)?.[1] ?? 0) + 1;
  const baseVersion = header.version.replace(/\+ingest\.\d+$/, "");
  return {
    header: { ...header, version: `${baseVersion}+ingest.${ingestCount}` },
    arrays: { ...arrays, values, countryValues, regionValues },
    reports,
  };
}
