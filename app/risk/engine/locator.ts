/** Point → country, region and land hexagon: the land, sea and out-of-range decisions. */
import { cellToLatLng, gridDisk, latLngToCell } from "h3-js";
import { NONE16 } from "../dataset";
import { PolygonIndex, haversineKm, ringBounds } from "../land/geo";
import type { LandMask } from "../land/landmask";
import type { LandSnap, LocateResult } from "../types";
import type { CellTable } from "./cells";

/** A point at sea this close to the shore is scored at the nearest land pixel (and says so). */
export const SNAP_TO_LAND_KM = 10;
/** Land by the shoreline mask but outside every generalised outline: the nearest outline within this distance. */
export const NEAREST_OUTLINE_KM = 10;
/** A point at sea with no land pixel near takes a country outline this close: islets the 1′ mask cannot hold. */
export const ATOLL_OUTLINE_KM = 3;

/** South of this the only land the cell set can miss is floating ice shelves, which the shoreline mask counts as land. */
const ANTARCTIC_LAT = -60;

export type OutOfRange = Extract<LocateResult, { status: "out_of_range" }>;

/** The one shape of every out-of-range answer. */
const outOfRange = (reason: OutOfRange["reason"], message: string): OutOfRange => ({ status: "out_of_range", reason, message });

interface LatLon {
  lat: number;
  lon: number;
}

/** Where a point is scored: the land point (itself or the one it snapped to) and the countries that hold it. */
interface Placed {
  status: "placed";
  q: LatLon;
  snapped: LandSnap | null;
  countries: number[];
  /** Found while placing land far from every outline; otherwise looked up from q. */
  shelfCell: { hex: string; row: number } | null;
}

const placed = (q: LatLon, snapped: LandSnap | null, countries: number[], shelfCell: Placed["shelfCell"] = null): Placed => ({
  status: "placed",
  q,
  snapped,
  countries,
  shelfCell,
});

export function checkCoordinates(lat: unknown, lon: unknown): LatLon | string {
  const la = typeof lat === "string" && lat.trim() !== "" ? Number(lat) : lat;
  const lo = typeof lon === "string" && lon.trim() !== "" ? Number(lon) : lon;
  if (typeof la !== "number" || !Number.isFinite(la)) return "lat must be a finite number";
  if (typeof lo !== "number" || !Number.isFinite(lo)) return "lon must be a finite number";
  if (la < -90 || la > 90) return "lat must be within -90..90";
  if (lo < -180 || lo > 180) return "lon must be within -180..180";
  return { lat: la, lon: lo };
}

export class Locator {
  private readonly cells: CellTable;
  private readonly landMask: LandMask | null;
  private countryIndexCache: PolygonIndex | null = null;
  /** Per-country index over that country's regions only, built on first use. */
  private readonly regionIndexes = new Map<string, { index: PolygonIndex; ids: number[] }>();
  private countryExtent: Float64Array | null = null;

  constructor(cells: CellTable, landMask: LandMask | null) {
    this.cells = cells;
    this.landMask = landMask;
  }

  locate(lat: unknown, lon: unknown): LocateResult {
    const c = checkCoordinates(lat, lon);
    if (typeof c === "string") return outOfRange("invalid_coordinates", c);
    const at = this.place(c);
    if (at.status === "out_of_range") return at;
    const { q, snapped, countries, shelfCell } = at;
    const { a, geo } = this.cells;
    // an enclave such as the Vatican can lie inside its neighbour's generalised outline too: the smaller one wins
    const ci = countries.length > 1 ? this.smallestCountry(countries) : countries[0]!;
    const country = geo.countries[ci]!;
    const cell = shelfCell ?? this.landCell(q.lat, q.lon);
    const hex = cell?.hex ?? latLngToCell(q.lat, q.lon, 4);
    const row = cell?.row ?? -1;
    let ri = this.regionAt(country.code, q.lon, q.lat);
    if (ri < 0 && row >= 0 && a.cellRegion[row] !== NONE16 && a.cellCountry[row] === ci) ri = a.cellRegion[row]!;
    const region = ri >= 0 ? geo.regions[ri]! : null;
    return {
      status: "ok",
      hexagon_code: hex,
      region_code: region?.code ?? null,
      country_code: country.code,
      country_name: country.name,
      region_name: region?.name ?? null,
      snapped_to_land: snapped,
    };
  }

  /** The countries holding a valid point, after snapping it to land where it lies just off the shore. */
  private place(p: LatLon): Placed | OutOfRange {
    const countries = this.countryIndex().query(p.lon, p.lat);
    if (countries.length) return placed(p, null, countries);
    const mask = this.landMask;
    if (!mask) return outOfRange("at_sea", "The point is at sea (outside every country outline)");
    // the shoreline mask is exact to 1′ where the generalised outlines are off by kilometres
    if (mask.isLand(p.lat, p.lon)) return this.placeOffOutline(p, null);
    const near = mask.nearestLand(p.lat, p.lon, SNAP_TO_LAND_KM);
    if (near) {
      const q = { lat: near.lat, lon: near.lon };
      const snapped = { lat: round5(near.lat), lon: round5(near.lon), distance_km: Math.round(near.distanceKm * 100) / 100 };
      const there = this.countryIndex().query(q.lon, q.lat);
      return there.length ? placed(q, snapped, there) : this.placeOffOutline(q, snapped);
    }
    // atoll islets narrower than the mask's 1′ pixel (Funafuti) exist only as outlines
    const islet = this.countryIndex().nearest(p.lon, p.lat, ATOLL_OUTLINE_KM);
    if (islet.feature < 0) return outOfRange("at_sea", `The point is at sea (more than ${SNAP_TO_LAND_KM} km from land)`);
    return placed(p, null, [islet.feature]);
  }

  /** Land by the mask outside every generalised outline: the nearest outline, else its land cell's country. */
  private placeOffOutline(q: LatLon, snapped: LandSnap | null): Placed | OutOfRange {
    const n = this.countryIndex().nearest(q.lon, q.lat, NEAREST_OUTLINE_KM);
    if (n.feature >= 0) return placed(q, snapped, [n.feature]);
    // far from every outline (Antarctic ice shelves): its land cell's country
    const shelfCell = this.landCell(q.lat, q.lon);
    const ci = shelfCell ? this.cells.a.cellCountry[shelfCell.row]! : NONE16;
    if (ci !== NONE16) return placed(q, snapped, [ci], shelfCell);
    return outOfRange(
      "not_covered",
      q.lat < ANTARCTIC_LAT
        ? "The point is on an Antarctic ice shelf (floating ice), outside the land we score"
        : `The point is on land outside every country we cover (none within ${NEAREST_OUTLINE_KM} km)`,
    );
  }

  private countryIndex(): PolygonIndex {
    if (!this.countryIndexCache)
      this.countryIndexCache = new PolygonIndex(
        this.cells.geo.countries.map((c) => c.rings),
        0.1,
      );
    return this.countryIndexCache;
  }

  private regionAt(countryCode: string, lon: number, lat: number): number {
    let entry = this.regionIndexes.get(countryCode);
    if (!entry) {
      const ids = this.cells.regionsByCountry.get(countryCode) ?? [];
      entry = {
        index: new PolygonIndex(
          ids.map((r) => this.cells.geo.regions[r]!.rings),
          0.05,
        ),
        ids,
      };
      this.regionIndexes.set(countryCode, entry);
    }
    const q = entry.index.first(lon, lat);
    if (q >= 0) return entry.ids[q]!;
    const n = entry.index.nearest(lon, lat, NEAREST_OUTLINE_KM);
    return n.feature >= 0 ? entry.ids[n.feature]! : -1;
  }

  /**
   * The point's cell or, where the cell set differs at the shore (outline simplification, mask pixels), the nearest
   * cell of the set within two rings; null when there is none.
   */
  private landCell(lat: number, lon: number): { hex: string; row: number } | null {
    const own = latLngToCell(lat, lon, 4);
    const ownRow = this.cells.cellRow(own);
    if (ownRow >= 0) return { hex: own, row: ownRow };
    let best: { hex: string; row: number } | null = null;
    let bestKm = Infinity;
    for (const h of gridDisk(own, 2)) {
      const r = this.cells.cellRow(h);
      if (r < 0) continue;
      const [la, lo] = cellToLatLng(h);
      const d = haversineKm(lat, lon, la, lo);
      if (d < bestKm) {
        bestKm = d;
        best = { hex: h, row: r };
      }
    }
    return best;
  }

  private smallestCountry(list: readonly number[]): number {
    if (!this.countryExtent)
      this.countryExtent = Float64Array.from(this.cells.geo.countries, (c) =>
        c.rings.reduce((area, r) => {
          const b = ringBounds(r);
          return area + (b.x1 - b.x0) * (b.y1 - b.y0);
        }, 0),
      );
    const extent = this.countryExtent;
    return list.reduce((best, c) => (extent[c]! < extent[best]! ? c : best), list[0]!);
  }
}

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;
