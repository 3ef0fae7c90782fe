/**
 * Where one row of an upload is: its own coordinates when they agree with the row's country (or city) column, the
 * coordinates read the other way round when only that reading agrees, the centroid of its city when it has an
 * address but no coordinates; otherwise the row is refused with the reason. Pure: the lookups come from the caller.
 */
import { checkCoordinates, parseNumberCell, type Cell, type RowCheck } from "./columns";
import { ROW_REASONS } from "../limits";

/** How exactly a row's point stands for the asset (stored with the row, shown in the preview, XLSX and PDF). */
export const POINT_PRECISION = {
  /** The file's own coordinates. */
  given: "coordinates as given",
  swapped: "coordinates swapped, corrected",
  city: "city centroid",
} as const;
export type PointPrecision = (typeof POINT_PRECISION)[keyof typeof POINT_PRECISION];

/**
 * How far outside its country column's country a point may lie and still be that country's: a geocoded address a
 * few hundred metres off, or a site on the border itself, is not a row in the wrong country.
 */
export const DECLARED_COUNTRY_KM = 5;

/** How far from its city column's place a point may lie and still be read as in that city. */
export const CITY_MATCH_KM = 60;

export const ROW_PLACE_REASONS = {
  notInCountry: (at: string | null, expected: string) =>
    `the point lies ${at ? `in ${at}` : "at sea"}, not in ${expected} as the country column says, read either way round`,
  notNearCity: (km: number, city: string) =>
    `the point lies ${Math.round(km).toLocaleString("en")} km from ${city} (city column), read either way round`,
  placeNotFound: (place: string) => `no coordinates, and the place “${place}” is not in the gazetteer`,
  postcodeOnly: (postcode: string) =>
    `no coordinates, and only a postcode (${postcode}): a postcode alone cannot be placed (the gazetteer holds cities, not postcodes); add the city`,
} as const;

/**
 * How a city-centroid row is named in the preview: the gazetteer's place, and the row's postcode when it gives one.
 * The postcode is kept with the row but does not move the point: no postcode-to-coordinates data is installed.
 */
export function cityCentroidPlace(place: GazetteerPlace, postcode: string | null): string {
  return `${place.name}, ${place.countryCode}${postcode ? ` (postcode ${postcode}; placed at the city)` : ""}`;
}

export interface RowPlaceColumns {
  lat: number;
  lon: number;
  country: number | null;
  address: number | null;
  city: number | null;
  postcode: number | null;
}

export interface GazetteerPlace {
  name: string;
  countryCode: string;
  lat: number;
  lon: number;
}

export interface RowPlaceLookups {
  /** Country code of a point the engine scores (on land), or null when it does not (at sea). */
  countryAt(lat: number, lon: number): string | null;
  /** Whether the point lies within km of that country's outline (optional: without it only the country holding it counts). */
  nearCountry?(lat: number, lon: number, country: string, km: number): boolean;
  /** ISO 3166 alpha-2 code of a country cell (a code or a name in a European language), or null. */
  countryCode(cell: string): string | null;
  /** Places of that name, largest first, in the country when one is given. */
  placesNamed(name: string, country: string | null): GazetteerPlace[];
  /** A country's name for messages. */
  countryName(code: string): string;
}

export type RowPlace =
  | { ok: true; lat: number; lon: number; precision: PointPrecision; place?: string }
  | { ok: false; kind: "invalid" | "out_of_range"; reason: string; lat?: number; lon?: number };

function text(c: Cell): string {
  return c === null || c === undefined ? "" : String(c).trim();
}

/** Great-circle distance in km. */
function km(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((bLat - aLat) * r) / 2) ** 2 +
    Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(((bLon - aLon) * r) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The place names a row's address gives, most specific last: the city column, else the address's parts after the
 * street, postcode digits dropped ("Hohe Straße 1, 50667 Köln" → "Köln").
 */
export function placeNamesOf(cells: readonly Cell[], cols: Pick<RowPlaceColumns, "address" | "city">): string[] {
  const city = cols.city !== null ? text(cells[cols.city]) : "";
  if (city) return [city];
  const address = cols.address !== null ? text(cells[cols.address]) : "";
  if (!address) return [];
  const parts = address
    .split(/[,;\n]/)
    .map((p) =>
      p
        .replace(/\b[A-Z]{0,2}-?\d[\d\s-]{2,8}\b/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((p) => p && !/\d/.test(p));
  return parts.reverse();
}

/** The row's postcode: its postcode column, else a postcode in its address ("Marienplatz 1, 80331 München" → "80331"). */
export function postcodeOf(cells: readonly Cell[], cols: Pick<RowPlaceColumns, "address" | "postcode">): string | null {
  const column = cols.postcode !== null ? text(cells[cols.postcode]) : "";
  if (column) return column;
  const address = cols.address !== null ? text(cells[cols.address]) : "";
  const parts = address.split(/[,;\n]/);
  // the street comes first when the address has several parts; its house number is not a postcode
  const rest = (parts.length > 1 ? parts.slice(1) : parts).join(",");
  return /\b(?:[A-Z]{1,2}-)?(\d{4,5}(?:\s?[A-Z]{2})?)\b/.exec(rest)?.[0] ?? null;
}

function rowHasNoCoordinates(check: RowCheck): boolean {
  return !check.ok && (check.reason === ROW_REASONS.missingLat || check.reason === ROW_REASONS.missingLon);
}

/** Where the row is, or why it cannot be placed (see the module comment). */
export function placeRow(cells: readonly Cell[], cols: RowPlaceColumns, look: RowPlaceLookups): RowPlace {
  const check = checkCoordinates(cells[cols.lat], cells[cols.lon]);
  const countryCell = cols.country !== null ? text(cells[cols.country]) : "";
  const expected = countryCell ? look.countryCode(countryCell) : null;
  const names = placeNamesOf(cells, cols);

  if (!check.ok) {
    const bothEmpty = parseNumberCell(cells[cols.lat]) === null && parseNumberCell(cells[cols.lon]) === null;
    if (!rowHasNoCoordinates(check) || !bothEmpty) return check;
    const postcode = postcodeOf(cells, cols);
    if (names.length === 0)
      return postcode ? { ok: false, kind: "invalid", reason: ROW_PLACE_REASONS.postcodeOnly(postcode) } : check;
    for (const name of names) {
      const found = look.placesNamed(name, expected)[0];
      if (found && look.countryAt(found.lat, found.lon) !== null)
        return {
          ok: true,
          lat: found.lat,
          lon: found.lon,
          precision: POINT_PRECISION.city,
          place: cityCentroidPlace(found, postcode),
        };
    }
    return { ok: false, kind: "invalid", reason: ROW_PLACE_REASONS.placeNotFound(names[0]!) };
  }

  const { lat, lon } = check;
  const swappedInRange = Math.abs(lon) <= 90;
  const at = look.countryAt(lat, lon);
  if (expected) {
    if (at === expected || (at !== null && look.nearCountry?.(lat, lon, expected, DECLARED_COUNTRY_KM)))
      return { ok: true, lat, lon, precision: POINT_PRECISION.given };
    if (swappedInRange && look.countryAt(lon, lat) === expected)
      return { ok: true, lat: lon, lon: lat, precision: POINT_PRECISION.swapped };
    return {
      ok: false,
      kind: at === null ? "out_of_range" : "invalid",
      reason: ROW_PLACE_REASONS.notInCountry(at === null ? null : look.countryName(at), look.countryName(expected)),
      lat,
      lon,
    };
  }
  const cityName = cols.city !== null ? text(cells[cols.city]) : "";
  const candidates = cityName ? look.placesNamed(cityName, null) : [];
  if (candidates.length) {
    // A town can share its name with a larger one the gazetteer holds: a point in the country of one of the places
    // of that name is taken as it stands; only a point far from all of them and in another country contradicts it.
    const agrees = (la: number, lo: number, country: string | null) =>
      country !== null &&
      (candidates.some((p) => p.countryCode === country) ||
        Math.min(...candidates.map((p) => km(la, lo, p.lat, p.lon))) <= CITY_MATCH_KM);
    if (agrees(lat, lon, at)) return { ok: true, lat, lon, precision: POINT_PRECISION.given };
    if (swappedInRange && agrees(lon, lat, look.countryAt(lon, lat)))
      return { ok: true, lat: lon, lon: lat, precision: POINT_PRECISION.swapped };
    if (at !== null) {
      const nearestKm = Math.min(...candidates.map((p) => km(lat, lon, p.lat, p.lon)));
      return { ok: false, kind: "invalid", reason: ROW_PLACE_REASONS.notNearCity(nearestKm, cityName), lat, lon };
    }
  }
  if (at === null) return { ok: false, kind: "out_of_range", reason: ROW_REASONS.atSea, lat, lon };
  return { ok: true, lat, lon, precision: POINT_PRECISION.given };
}
