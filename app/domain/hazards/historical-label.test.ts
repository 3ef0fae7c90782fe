import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { hazardBarsLabel } from "../dashboard/charts/chart-images";
import { SCENARIO_OPTIONS } from "../geo/map/flood-map";
import {
  BASELINE_YEARS,
  HISTORICAL_LABEL,
  HISTORICAL_SHORT,
  PERIODS,
  SCENARIOS,
  parsePeriod,
  parseScenario,
} from "./scenarios";

const appDir = path.resolve(__dirname, "..");
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
  });
}

describe("the historical slot says which years it is", () => {
  it("one label with the years of the climatology, everywhere the slot is named", () => {
    expect(BASELINE_YEARS).toBe("1950-1999");
    expect(HISTORICAL_LABEL).toBe("Historical (1950-1999)");
    expect(HISTORICAL_SHORT).toBe("Hist. 1950-99");
    expect(SCENARIOS.hist.name).toBe(HISTORICAL_LABEL);
    expect(PERIODS.hist.name).toBe(HISTORICAL_LABEL);
    expect(SCENARIO_OPTIONS.find((o) => o.id === "hist")!.name).toContain(BASELINE_YEARS);
    expect(
      hazardBarsLabel({ title: "Heat wave", points: [{ scenario: "hist", period: "hist", score: 2 }] } as never),
    ).toContain(HISTORICAL_LABEL);
    // the label is also read back
    expect(parseScenario(HISTORICAL_LABEL)).toBe("hist");
    expect(parsePeriod(HISTORICAL_LABEL)).toBe("hist");
  });

  it("no page, report or answer in app/ names the slot by a bare word ('Historical', 'Present', 'Hist.')", () => {
    const bare = /(["'`>])(Historical|Present|Hist\.)(["'`<])/;
    const offenders = sources(appDir).flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          bare.test(line) && !/^(\*|\/\*\*)/.test(line.trim()) && !line.trim().startsWith("//")
            ? [`${path.relative(appDir, f)}:${i + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
