/** Point → country, region and land hexagon: the land, sea and out-of-range decisions. */
import { cellToLatLng, gridDisk, latLngToCell } from "h3-js";
import { NONE16 } from "../dataset";
import { PolygonIndex, haversineKm, ringBounds } from "../land/geo";
import type { LandMask } from "../land/landmask";
import { COUNTRY_MARGIN_DEG, REGION_MARGIN_DEG, type PackedOutlines } from "../land/outlines";
import type { BorderTiles } from "../land/border-tiles";
import type { LandSnap, LocateResult } from "../types";
import type { CellTable } from "./cells";

/** A point at sea this close to the shore is scored at the nearest land pixel (and says so). */
export const SNAP_TO_LAND_KM = 10;
/** Land by the shoreline mask but outside every generalised outline: the nearest outline within this distance. */
export const NEAREST_OUTLINE_KM = 10;
/** Land by the mask just outside the border tiles' outlines (they are drawn to 100 m): the nearest within this. */
const BORDER_OUTLINE_KM = 1;
/** A point at sea with no land pixel near takes a country outline this close: islets the 1′ mask cannot hold. */
export const ATOLL_OUTLINE_KM = 3;

/** South of this the only land the cell set can miss is floating ice shelves, which the shoreline mask counts as land. */
const ANTARCTIC_LAT = -60;

export type OutOfRange = Extract<LocateResult, { status: "out_of_range" }>;

/** The one shape of every out-of-range answer. */
const outOfRange = (reason: OutOfRange["reason"], message: string): OutOfRange => ({
  status: "out_of_range",
  reason,
  message,
});

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

const placed = (
  q: LatLon,
  snapped: LandSnap | null,
  countries: number[],
  shelfCell: Placed["shelfCell"] = null,
): Placed => ({
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
  /** The full-precision outlines; without them (an older dataset) the generalised ones decide alone. */
  private readonly precise: PackedOutlines | null;
  /** Finer outlines along land borders (OpenStreetMap's), where they are known. */
  private readonly borders: BorderTiles | null;
  private countryIndexCache: PolygonIndex | null = null;
  /** Per-country index over that country's regions only, built on first use. */
  private readonly regionIndexes = new Map<string, { index: PolygonIndex; ids: number[] }>();
  private countryExtent: Float64Array | null = null;

  constructor(
    cells: CellTable,
    landMask: LandMask | null,
    precise: PackedOutlines | null = null,
    borders: BorderTiles | null = null,
  ) {
    this.cells = cells;
    this.landMask = landMask;
    this.precise = precise;
    this.borders = borders;
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
    const countries = this.countriesAt(p.lon, p.lat);
    if (countries.length) return placed(p, null, countries);
    const mask = this.landMask;
    if (!mask) return outOfRange("at_sea", "The point is at sea (outside every country outline)");
    // the shoreline mask is exact to 1′ where the generalised outlines are off by kilometres
    if (mask.isLand(p.lat, p.lon)) return this.placeOffOutline(p, null);
    const near = mask.nearestLand(p.lat, p.lon, SNAP_TO_LAND_KM);
    if (near) {
      const q = { lat: near.lat, lon: near.lon };
      const snapped = {
        lat: round5(near.lat),
        lon: round5(near.lon),
        distance_km: Math.round(near.distanceKm * 100) / 100,
      };
      const there = this.countriesAt(q.lon, q.lat);
      return there.length ? placed(q, snapped, there) : this.placeOffOutline(q, snapped);
    }
    // atoll islets narrower than the mask's 1′ pixel (Funafuti) exist only as outlines
    const islet = this.countryIndex().nearest(p.lon, p.lat, ATOLL_OUTLINE_KM);
    if (islet.feature < 0)
      return outOfRange("at_sea", `The point is at sea (more than ${SNAP_TO_LAND_KM} km from land)`);
    return placed(p, null, [islet.feature]);
  }

  /** Land by the mask outside every outline: the nearest outline, else its land cell's country. */
  private placeOffOutline(q: LatLon, snapped: LandSnap | null): Placed | OutOfRange {
    const border = this.borders?.nearestCountry(q.lon, q.lat, BORDER_OUTLINE_KM) ?? -1;
    if (border >= 0) return placed(q, snapped, [border]);
    const near = this.nearestPrecise(this.countryIndex(), (f) => f, COUNTRY_MARGIN_DEG, q);
    if (near >= 0) return placed(q, snapped, [near]);
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

  /**
   * The countries holding a point. Near a land border, the finer outlines of the border tiles where one holds it;
   * elsewhere the generalised outline answers where its boundary is farther than it can lie from
   * the full one; nearer, the full outline of each country whose boundary is that near decides.
   */
  private countriesAt(lon: number, lat: number): number[] {
    const fine = this.borders?.countriesAt(lon, lat);
    if (fine?.length) return fine;
    // the finer outlines leave out rivers and lakes narrower than the 1′ shoreline: land there takes the nearest bank
    if (fine && (this.landMask?.isLand(lat, lon) ?? true)) {
      const bank = this.borders!.nearestCountry(lon, lat, BORDER_OUTLINE_KM);
      if (bank >= 0) return [bank];
    }
    return this.holding(this.countryIndex(), (f) => f, COUNTRY_MARGIN_DEG, lon, lat);
  }

  /** Features of a generalised index holding a point, border cases settled by the full outlines (see countriesAt). */
  private holding(
    index: PolygonIndex,
    featureOf: (i: number) => number,
    marginDeg: number,
    lon: number,
    lat: number,
  ): number[] {
    const settled = index.settled(lon, lat, marginDeg);
    if (settled) return settled;
    const general = index.query(lon, lat);
    if (!this.precise) return general;
    const near = index.featuresWithin(lon, lat, marginDeg);
    if (!near.length) return general;
    const precise = this.precise;
    const out = general.filter((i) => !near.includes(i));
    for (const i of near) if (precise.contains(featureOf(i), lon, lat)) out.push(i);
    return out.sort((a, b) => a - b);
  }

  /**
   * Of the features whose generalised boundary lies within the margin, the one whose full outline is nearest within
   * NEAREST_OUTLINE_KM (a point on land by the shoreline mask just outside the full outlines), or -1.
   */
  private nearestPrecise(index: PolygonIndex, featureOf: (i: number) => number, marginDeg: number, q: LatLon): number {
    if (!this.precise) return -1;
    let best = -1,
      bestKm = Infinity;
    for (const i of index.featuresWithin(q.lon, q.lat, marginDeg)) {
      const km = this.precise.distanceKm(featureOf(i), q.lon, q.lat, NEAREST_OUTLINE_KM);
      if (km < bestKm) {
        bestKm = km;
        best = i;
      }
    }
    return best;
  }

  /** Whether a point lies in or within km of country ci's outline (the full one when loaded, else the generalised). */
  countryWithinKm(ci: number, lat: number, lon: number, km: number): boolean {
    if (this.countriesAt(lon, lat).includes(ci)) return true;
    if (this.precise) return this.precise.distanceKm(ci, lon, lat, km) <= km;
    const rings = this.cells.geo.countries[ci]!.rings;
    return new PolygonIndex([rings], 0.1).nearest(lon, lat, km).feature === 0;
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
    const ids = entry.ids;
    const regionFeature = (i: number) => this.cells.geo.countries.length + ids[i]!;
    const q = this.holding(entry.index, regionFeature, REGION_MARGIN_DEG, lon, lat);
    if (q.length) return ids[q[0]!]!;
    const near = this.nearestPrecise(entry.index, regionFeature, REGION_MARGIN_DEG, { lat, lon });
    if (near >= 0) return ids[near]!;
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
