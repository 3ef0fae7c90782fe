import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { decodeDataset, type GeoFile } from "../../../app/risk/dataset";
import { RiskEngine } from "../../../app/risk/engine/risk-engine";
import { applyLayers } from "./apply";
import { readCsvLayers } from "./formats/csv";

const dataDir = path.resolve("data");
const { header, arrays } = decodeDataset(gunzipSync(readFileSync(path.join(dataDir, "risk-cells.bin.gz"))));
const geo = JSON.parse(gunzipSync(readFileSync(path.join(dataDir, "geo.json.gz"))).toString("utf8")) as GeoFile;
const LONDON = "84194adffffffff";

function csv(text: string) {
  return readCsvLayers(new TextEncoder().encode(text));
}

describe("applying an ingested layer to the dataset", () => {
  it("replaces the cell value, recomputes the aggregate and the rollups, and bumps the version", async () => {
    const before = new RiskEngine(header, arrays, geo);
    const layers = await csv(`cell,hazard,scenario,period,value\n${LONDON},FD,hist,historical,0.97\n`);
    const result = applyLayers(header, arrays, geo, layers);
    const after = new RiskEngine(result.header, result.arrays, geo);

    const fd = (e: RiskEngine, code: string) => e.scores(code, "hist", "hist").hazards.find((h) => h.hazard_id === "FD")!;
    expect(fd(after, LONDON).value).toBeCloseTo(0.97, 2);
    expect(fd(after, LONDON).score).toBe(5);
    expect(result.reports[0]).toMatchObject({ hazard: "FD", cellsUpdated: 1, cellsOutsideDataset: 0 });
    expect(result.header.version).toMatch(/\+ingest\.1$/);

    // The aggregate follows the new value, other slots and the original arrays stay as they were.
    expect(fd(after, LONDON)).not.toEqual(fd(before, LONDON));
    expect(after.scores(LONDON, "rcp85", "2050").hazards.find((h) => h.hazard_id === "FD")).toEqual(
      before.scores(LONDON, "rcp85", "2050").hazards.find((h) => h.hazard_id === "FD"),
    );
    expect(fd(new RiskEngine(header, arrays, geo), LONDON)).toEqual(fd(before, LONDON));
    const al = (e: RiskEngine) => e.scores(LONDON, "hist", "hist").aggregate.value!;
    expect(al(after)).toBeGreaterThanOrEqual(al(before));

    // GB's rollup moves up (one cell of many, so only a little); France's does not move.
    expect(fd(after, "GB").value!).toBeGreaterThanOrEqual(fd(before, "GB").value!);
    expect(fd(after, "FR")).toEqual(fd(before, "FR"));
  });

  it("ignores cells outside the land grid and refuses to replace the aggregate", async () => {
    const layers = await csv(`lat,lon,hazard,scenario,period,value\n0,-30,FD,rcp85,2050,0.5\n`);
    const result = applyLayers(header, arrays, geo, layers);
    expect(result.reports[0]).toMatchObject({ cellsUpdated: 0, cellsOutsideDataset: 1 });
    const al = await csv(`cell,hazard,scenario,period,value\n${LONDON},AL,hist,historical,0.5\n`);
    expect(() => applyLayers(header, arrays, geo, al)).toThrow("AL is derived from the other hazards");
  });
});
