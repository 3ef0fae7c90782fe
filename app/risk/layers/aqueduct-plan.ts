/** Which published Aqueduct files a fetch asks for, and where they are. */
import {
  AQUEDUCT_BASE_URL,
  AQUEDUCT_EXTENT,
  AQUEDUCT_RETURN_PERIODS,
  AQUEDUCT_SCENARIOS,
  AQUEDUCT_YEARS,
  coastalFileName,
  parseAqueductName,
  riverFileName,
  type AqueductScenario,
  type FloodKind,
} from "~/domain/flood-loss/aqueduct-names";
import type { FetchItem } from "./fetch.server";

export interface AqueductPlanOptions {
  base?: string;
  kinds?: readonly FloodKind[];
  scenarios?: readonly AqueductScenario[];
  years?: readonly number[];
  returnPeriods?: readonly number[];
  /** River climate model for the RCP scenarios (as in the file names, e.g. 0000GFDL-ESM2M). */
  riverModel?: string;
  subsidence?: "nosub" | "wtsub";
}

export const DEFAULT_RIVER_MODEL = "0000GFDL-ESM2M";

export function aqueductPlan(o: AqueductPlanOptions = {}): FetchItem[] {
  const base = (o.base ?? AQUEDUCT_BASE_URL).replace(/\/+$/, "");
  const kinds = o.kinds ?? ["river", "coastal"];
  const scenarios = o.scenarios ?? ["historical"];
  for (const s of scenarios)
    if (!(AQUEDUCT_SCENARIOS as readonly string[]).includes(s))
      throw new Error(`unknown scenario ${s} (use ${AQUEDUCT_SCENARIOS.join(", ")})`);
  const years = o.years ?? [2050];
  for (const y of years)
    if (!(AQUEDUCT_YEARS as readonly number[]).includes(y))
      throw new Error(`unknown year ${y} (use ${AQUEDUCT_YEARS.join(", ")})`);
  const rps = o.returnPeriods ?? AQUEDUCT_RETURN_PERIODS;
  const files: string[] = [];
  for (const kind of kinds)
    for (const s of scenarios)
      for (const y of s === "historical" ? (["historical"] as const) : years)
        for (const rp of rps)
          files.push(
            kind === "river"
              ? riverFileName(s, y, rp, o.riverModel ?? DEFAULT_RIVER_MODEL)
              : coastalFileName(s, y, rp, o.subsidence ?? "wtsub", "0"),
          );
  return files.map((file) => {
    const p = parseAqueductName(file)!;
    return {
      file,
      url: `${base}/${file}`,
      meta: { kind: p.kind, scenario: p.scenario, period: p.period, returnPeriod: p.returnPeriod, variant: p.variant },
      expectExtent: AQUEDUCT_EXTENT,
    };
  });
}
