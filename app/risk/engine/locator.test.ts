import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { decodeDataset, type GeoFile } from "../dataset";
import { sampleLandPoints } from "../land/landmask";
import { loadLandMask, loadRiskEngine, type RiskEngine } from "./load-engine.server";
import { CellTable } from "./cells";
import { Locator } from "./locator";

const dataDir = path.resolve(__dirname, "../../../data");

describe("locating points on the committed dataset", () => {
  let e: RiskEngine;
  beforeAll(() => {
    e = loadRiskEngine(dataDir, { points: true });
  });

  it("locates London in GB, a GB region and a res-4 hexagon", () => {
    const r = e.locate(51.5074, -0.1278);
    expect(r.status).toBe("ok");
    if (r.status !== "ok") return;
    expect(r.country_code).toBe("GB");
    expect(r.region_code).toMatch(/^GB-/);
    expect(r.hexagon_code).toMatch(/^84[0-9a-f]{13}$/);
    expect(e.cellRow(r.hexagon_code)).toBeGreaterThanOrEqual(0);
  });

  it("reports sea points and bad coordinates", () => {
    const sea = e.locate(0, -140);
    expect(sea).toMatchObject({ status: "out_of_range", reason: "at_sea" });
    if (sea.status === "out_of_range") expect(sea.message).toMatch(/at sea/);
    for (const [la, lo] of [
      [91, 0],
      [0, 181],
      [NaN, 0],
      [0, Infinity],
      ["x", 0],
    ] as [unknown, unknown][])
      expect(e.locate(la, lo)).toMatchObject({ status: "out_of_range", reason: "invalid_coordinates" });
  });

  it("resolves coastal city centres that generalised outlines leave at sea", () => {
    for (const [la, lo, cc] of [
      [55.676, 12.568, "DK"],
      [41.008, 28.978, "TR"],
      [-12.463, 130.846, "AU"],
      [22.357, 91.783, "BD"],
    ] as const) {
      const r = e.locate(la, lo);
      expect(r, `${la},${lo}`).toMatchObject({ status: "ok", country_code: cc, snapped_to_land: null });
    }
  });

  it("resolves an atoll islet narrower than the shoreline mask, and a micro-state inside its neighbour", () => {
    // Funafuti's islets are a few hundred metres wide: no 1′ land pixel within 10 km, only the outline
    const funafuti = e.locate(-8.5211, 179.1983);
    expect(funafuti).toMatchObject({ status: "ok", country_code: "TV" });
    if (funafuti.status === "ok") expect(e.cellRow(funafuti.hexagon_code)).toBeGreaterThanOrEqual(0);
    // St Peter's Square is in the Vatican, not in Italy (Natural Earth draws the Vatican as the square's
    // surroundings, ≈ 130 m across); San Marino and Monaco likewise
    expect(e.locate(41.9033, 12.4535)).toMatchObject({ status: "ok", country_code: "VA" });
    expect(e.locate(43.9424, 12.4578)).toMatchObject({ status: "ok", country_code: "SM" });
    expect(e.locate(43.7384, 7.4246)).toMatchObject({ status: "ok", country_code: "MC" });
    // the open Pacific 30 km off Funafuti stays at sea
    expect(e.locate(-8.52, 179.5)).toMatchObject({ status: "out_of_range", reason: "at_sea" });
  });

  it("never calls land by the shoreline mask 'at sea'", () => {
    const mask = loadLandMask(dataDir)!;
    const points = sampleLandPoints(mask, 60_000);
    expect(points.length).toBeGreaterThan(15_000);
    // every land point resolves, but for floating Antarctic ice shelves, which say what they are
    const refused = points
      .map((p) => ({ ...p, r: e.locate(p.lat, p.lon) }))
      .filter(({ lat, r }) => r.status !== "ok" && (lat > -60 || r.reason !== "not_covered"))
      .map(({ lat, lon, r }) => `${lat},${lon}: ${r.status === "ok" ? "" : r.reason}`);
    expect(refused).toEqual([]);
    // Antarctic land far from the generalised outline takes its land cell's country
    expect(e.locate(-70.04, 18.41)).toMatchObject({ status: "ok", country_code: "AQ", snapped_to_land: null });
    // the floating Ross Ice Shelf, land to the mask but outside every cell, says so
    const shelf = e.locate(-81.0, -175.0);
    expect(mask.isLand(-81.0, -175.0)).toBe(true);
    expect(shelf).toMatchObject({ status: "out_of_range", reason: "not_covered" });
    if (shelf.status === "out_of_range") expect(shelf.message).toMatch(/ice shelf/);
  });

  it("snaps a point just off the shore to land and says so; further out it is at sea", () => {
    const r = e.pointHazards(55.7, 12.65, "hist");
    expect(r.status).toBe("ok");
    if (r.status !== "ok") return;
    expect(r.country_code).toBe("DK");
    expect(r.snapped_to_land).not.toBeNull();
    expect(r.snapped_to_land!.distance_km).toBeGreaterThan(0);
    expect(r.snapped_to_land!.distance_km).toBeLessThanOrEqual(10);
    expect(e.locate(r.snapped_to_land!.lat, r.snapped_to_land!.lon)).toMatchObject({
      status: "ok",
      snapped_to_land: null,
    });
    expect(e.locate(55.5, 5.0)).toMatchObject({ status: "out_of_range", reason: "at_sea" });
  });

  it("every GeoNames city of 500,000 or more within 10 km of the sea resolves to its country and a cell", () => {
    const cities = JSON.parse(readFileSync(path.join(dataDir, "coastal-cities.json"), "utf8")) as {
      name: string;
      country: string;
      lat: number;
      lon: number;
    }[];
    expect(cities.length).toBeGreaterThan(200);
    const failed = cities.filter((c) => {
      const r = e.locate(c.lat, c.lon);
      return r.status !== "ok" || e.cellRow(r.hexagon_code) < 0;
    });
    expect(failed.map((c) => c.name)).toEqual([]);
  });

  it("without the shoreline mask, places a point by the country outlines alone", () => {
    const { header, arrays } = decodeDataset(gunzipSync(readFileSync(path.join(dataDir, "risk-cells.bin.gz"))));
    const geo = JSON.parse(gunzipSync(readFileSync(path.join(dataDir, "geo.json.gz"))).toString("utf8")) as GeoFile;
    const outlines = new Locator(new CellTable(header, arrays, geo), null);
    // inside an outline: the same answer as with the mask
    expect(outlines.locate(51.5074, -0.1278)).toEqual(e.locate(51.5074, -0.1278));
    // 10 km off Copenhagen the mask snaps to land; the outlines alone call it sea
    expect(e.locate(55.7, 12.65)).toMatchObject({ status: "ok", country_code: "DK" });
    expect(outlines.locate(55.7, 12.65)).toEqual({
      status: "out_of_range",
      reason: "at_sea",
      message: "The point is at sea (outside every country outline)",
    });
    expect(outlines.locate(91, 0)).toEqual({
      status: "out_of_range",
      reason: "invalid_coordinates",
      message: "lat must be within -90..90",
    });
  });
});
