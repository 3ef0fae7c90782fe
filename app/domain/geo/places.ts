/**
 * Place-name search over GeoNames places ("choosing a place"): folding names so "sao paulo" finds
 * "São Paulo", ranking matches and building the /dashboard link of a choice. Pure: shared by the data script,
 * the search service, the route and the combobox.
 */
import { dashboardHref } from "../dashboard/dashboard";

/** Places smaller than this are left out of data/places.json.gz (GeoNames "cities15000" cut). */
export const PLACE_MIN_POPULATION = 15_000;
export const PLACE_QUERY_MIN_LENGTH = 2;
export const PLACE_QUERY_MAX_LENGTH = 100;
export const PLACE_SEARCH_LIMIT = 8;
export const PLACE_SEARCH_MAX_LIMIT = 20;
export const PLACE_SEARCH_PATH = "/dashboard/places";
/** Selection params a place choice carries over to /dashboard (the place itself is replaced). */
export const PLACE_KEPT_PARAMS = ["scenario", "period", "duration"] as const;

export const PLACE_MESSAGES = {
  tooShort: `Type at least ${PLACE_QUERY_MIN_LENGTH} letters of a place name.`,
  noMatch: (q: string) => `No place matches “${q}”.`,
  found: (n: number) => (n === 1 ? "1 place found." : `${n} places found.`),
} as const;

/** One row of data/places.json.gz, in column order. `ascii` is "" when it equals `name`. */
export type PlaceRow = [
  name: string,
  ascii: string,
  country: string,
  admin1: string,
  lat: number,
  lon: number,
  population: number,
];
export const PLACE_COLUMNS = ["name", "ascii_name", "country_code", "admin1_code", "lat", "lon", "population"] as const;

export interface PlaceRecord {
  name: string;
  asciiName: string;
  countryCode: string;
  admin1Code: string;
  lat: number;
  lon: number;
  population: number;
}

export interface PlaceResult {
  name: string;
  country_code: string;
  country_name: string;
  admin1_code: string;
  lat: number;
  lon: number;
  population: number;
}

// Letters NFD does not decompose into a base letter plus a mark.
const LETTERS: Record<string, string> = {
  ß: "ss",
  ẞ: "SS",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "Th",
  ı: "i",
  ħ: "h",
  Ħ: "H",
  ŧ: "t",
  Ŧ: "T",
  ŋ: "ng",
  Ŋ: "Ng",
};
const SPECIAL = new RegExp(`[${Object.keys(LETTERS).join("")}]`, "g");

/** Latin transliteration of a name: marks dropped, special letters spelt out, typographic apostrophes made plain. */
export function asciiPlaceName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(SPECIAL, (c) => LETTERS[c] ?? c)
    .replace(/[‘’ʼʻ`´]/g, "'")
    .normalize("NFC");
}

/** The comparison form of a name or query: ASCII, lower case, apostrophes dropped, other punctuation as spaces. */
export function foldPlaceName(text: string): string {
  return asciiPlaceName(text)
    .toLowerCase()
    .replace(/'/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Reads ?q=: trimmed and capped; `tooShort` when fewer than two letters remain after folding. */
export function readPlaceQuery(raw: string | null | undefined): { q: string; tooShort: boolean } {
  const q = (raw ?? "").trim().slice(0, PLACE_QUERY_MAX_LENGTH);
  return { q, tooShort: foldPlaceName(q).length < PLACE_QUERY_MIN_LENGTH };
}

export function clampPlaceLimit(raw: string | null | undefined): number {
  const n = Number.parseInt(raw ?? "", 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, PLACE_SEARCH_MAX_LIMIT) : PLACE_SEARCH_LIMIT;
}

/** 4 decimals (about 11 m): the most the dashboard's latitude/longitude rule accepts. */
export function roundPlaceCoordinate(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}

export function placeFromRow(row: PlaceRow): PlaceRecord {
  const [name, ascii, countryCode, admin1Code, lat, lon, population] = row;
  return { name, asciiName: ascii || name, countryCode, admin1Code, lat, lon, population };
}

export interface PlaceIndex {
  places: PlaceRecord[];
  /** Folded name and ASCII name of each place (one entry when they fold alike), same order as `places`. */
  keys: string[][];
}

/**
 * The German way of writing umlauts without them (Köln → Koeln, München → Muenchen): typed by many Europeans on
 * keyboards without the letters, and the usual spelling in exported files.
 */
export function foldUmlautsAsDigraphs(text: string): string {
  return foldPlaceName(
    text.replace(/[äÄöÖüÜ]/g, (c) => ({ ä: "ae", Ä: "Ae", ö: "oe", Ö: "Oe", ü: "ue", Ü: "Ue" })[c] ?? c),
  );
}

/**
 * Names Europeans type for places GeoNames' list carries under another one (its main name is English for some
 * cities, the local one for others). Keyed by the list's name and country code.
 */
export const PLACE_ALTERNATE_NAMES: Readonly<Record<string, readonly string[]>> = {
  "Munich|DE": ["München"],
  "Köln|DE": ["Cologne"],
  "Nürnberg|DE": ["Nuremberg"],
  "Hannover|DE": ["Hanover"],
  "Braunschweig|DE": ["Brunswick"],
  "Frankfurt am Main|DE": ["Frankfurt"],
  "Aachen|DE": ["Aix-la-Chapelle", "Aquisgrana"],
  "Vienna|AT": ["Wien", "Vienne", "Wiedeń", "Viena"],
  "Warsaw|PL": ["Warszawa", "Warschau", "Varsovie", "Varsovia"],
  "Kraków|PL": ["Cracow", "Krakau", "Cracovie", "Cracovia"],
  "Wrocław|PL": ["Breslau"],
  "Gdańsk|PL": ["Danzig"],
  "Poznań|PL": ["Posen"],
  "Łódź|PL": ["Lodsch"],
  "Lisbon|PT": ["Lisboa", "Lissabon", "Lisbonne"],
  "Porto|PT": ["Oporto"],
  "The Hague|NL": ["Den Haag", "'s-Gravenhage", "La Haye", "La Haya", "Haag"],
  "Rome|IT": ["Roma", "Rom"],
  "Milan|IT": ["Milano", "Mailand"],
  "Naples|IT": ["Napoli", "Neapel"],
  "Turin|IT": ["Torino"],
  "Florence|IT": ["Firenze", "Florenz"],
  "Venice|IT": ["Venezia", "Venedig", "Venise"],
  "Genoa|IT": ["Genova", "Genua", "Gênes"],
  "Bolzano|IT": ["Bozen"],
  "Prague|CZ": ["Praha", "Prag"],
  "Brno|CZ": ["Brünn"],
  "Copenhagen|DK": ["København", "Kopenhagen", "Copenhague"],
  "Brussels|BE": ["Bruxelles", "Brussel", "Brüssel", "Bruselas"],
  "Antwerpen|BE": ["Antwerp", "Anvers", "Amberes"],
  "Gent|BE": ["Ghent", "Gand"],
  "Brugge|BE": ["Bruges", "Brügge"],
  "Liège|BE": ["Lüttich", "Luik"],
  "Leuven|BE": ["Louvain", "Löwen"],
  "Mechelen|BE": ["Malines"],
  "Athens|GR": ["Athína", "Athen", "Athènes", "Atenas", "Atene"],
  "Thessaloníki|GR": ["Saloniki", "Salonique"],
  "Bucharest|RO": ["București", "Bukarest", "Bucarest"],
  "Belgrade|RS": ["Beograd", "Belgrad"],
  "Zürich|CH": ["Zurich", "Zurigo"],
  "Basel|CH": ["Bâle", "Basilea"],
  "Bern|CH": ["Berne", "Berna"],
  "Luzern|CH": ["Lucerne", "Lucerna"],
  "Göteborg|SE": ["Gothenburg"],
  "Luxembourg|LU": ["Luxemburg", "Lussemburgo"],
  "Sevilla|ES": ["Seville", "Sevilla", "Séville"],
  "Zaragoza|ES": ["Saragossa", "Saragosse"],
  "Strasbourg|FR": ["Straßburg", "Strasburgo"],
  "Dunkerque|FR": ["Dunkirk", "Dünkirchen"],
  "Nice|FR": ["Nizza"],
  "Marseille|FR": ["Marseilles", "Marsella", "Marsiglia"],
  "Lyon|FR": ["Lyons", "Lione"],
  // Former names still in common use (GeoNames lists each among the place's alternate names; the renaming is in
  // the place's encyclopaedia article): a customer's older files and habits still say them.
  "Ho Chi Minh City|VN": ["Saigon", "Sài Gòn", "Saïgon"],
  "Mumbai|IN": ["Bombay"],
  "Chennai|IN": ["Madras"],
  "Kolkata|IN": ["Calcutta"],
  "Bengaluru|IN": ["Bangalore"],
  "Beijing|CN": ["Peking", "Pékin"],
  "Guangzhou|CN": ["Canton"],
  "Yangon|MM": ["Rangoon"],
  "Saint Petersburg|RU": ["Leningrad", "Sankt Petersburg", "Saint-Pétersbourg"],
  "Volgograd|RU": ["Stalingrad"],
  "Yekaterinburg|RU": ["Sverdlovsk", "Jekaterinburg"],
  "Nizhniy Novgorod|RU": ["Gorky", "Nizhny Novgorod"],
  "Kaliningrad|RU": ["Königsberg"],
  "Istanbul|TR": ["Constantinople", "Konstantinopel"],
  "Jakarta|ID": ["Batavia"],
  "Kinshasa|CD": ["Léopoldville"],
  "Harare|ZW": ["Salisbury"],
  "Almaty|KZ": ["Alma-Ata"],
  "Chemnitz|DE": ["Karl-Marx-Stadt"],
};

/**
 * Where places share a name, the one the bare name means (the place Wikipedia's article of that bare title is
 * about) comes before larger namesakes: "Valencia" is the Spanish city, though Venezuela's is larger.
 */
export const PLACE_PRIMARY_TOPICS: ReadonlySet<string> = new Set([
  "Valencia|ES",
  "Toledo|ES",
  "Córdoba|ES",
  "León|ES",
  "Mérida|ES",
]);

/**
 * Moves each primary-topic place ahead of its namesakes, keeping every other place where it was (by population):
 * namesakes are places of the same folded name.
 */
export function preferPrimaryTopics<T extends Pick<PlaceRecord, "name" | "countryCode">>(places: readonly T[]): T[] {
  const out = [...places];
  for (let i = 1; i < out.length; i++) {
    const p = out[i]!;
    if (!PLACE_PRIMARY_TOPICS.has(`${p.name}|${p.countryCode}`)) continue;
    const name = foldPlaceName(p.name);
    const first = out.findIndex((x) => foldPlaceName(x.name) === name);
    if (first < i) out.splice(first, 0, ...out.splice(i, 1));
  }
  return out;
}

/** Sorts by population (largest first, then name) so a scan meets the biggest match first. */
export function buildPlaceIndex(records: readonly PlaceRecord[]): PlaceIndex {
  const places = [...records].sort((a, b) => b.population - a.population || a.name.localeCompare(b.name, "en"));
  const keys = places.map((p) => {
    const names = [p.name, p.asciiName, ...(PLACE_ALTERNATE_NAMES[`${p.name}|${p.countryCode}`] ?? [])];
    return [...new Set(names.flatMap((n) => [foldPlaceName(n), foldUmlautsAsDigraphs(n)]))];
  });
  return { places, keys };
}

/**
 * Places whose name (or alternate name) is the given one, folded, largest first; only in `country` when given.
 * What an address-only row of an upload is placed by.
 */
export function placesNamed(index: PlaceIndex, name: string, country: string | null = null, limit = 5): PlaceRecord[] {
  const q = foldPlaceName(name);
  const q2 = foldUmlautsAsDigraphs(name);
  if (q.length < PLACE_QUERY_MIN_LENGTH) return [];
  const out: PlaceRecord[] = [];
  for (let i = 0; i < index.places.length && out.length < limit; i++) {
    const p = index.places[i]!;
    if (country && p.countryCode !== country) continue;
    const k = index.keys[i]!;
    if (k.includes(q) || k.includes(q2)) out.push(p);
  }
  return preferPrimaryTopics(out);
}

/**
 * Prefix match on the whole name first, then on any later word ("paulo" → São Paulo), each group by population.
 * The whole-name group comes first so "york" offers York before New York.
 */
export function searchPlaceIndex(index: PlaceIndex, query: string, limit = PLACE_SEARCH_LIMIT): PlaceRecord[] {
  const q = foldPlaceName(query);
  if (q.length < PLACE_QUERY_MIN_LENGTH || limit <= 0) return [];
  const whole: PlaceRecord[] = [];
  const word: PlaceRecord[] = [];
  for (let i = 0; i < index.places.length && whole.length < limit; i++) {
    const tier = placeMatchTier(index.keys[i]!, q);
    if (tier === 0) whole.push(index.places[i]!);
    else if (tier === 1 && word.length < limit) word.push(index.places[i]!);
  }
  return preferPrimaryTopics([...whole, ...word]).slice(0, limit);
}

/** 0 when a folded name starts with the folded query, 1 when a later word does, null for no match. */
export function placeMatchTier(foldedNames: readonly string[], foldedQuery: string): 0 | 1 | null {
  if (foldedNames.some((k) => k.startsWith(foldedQuery))) return 0;
  const wordQ = ` ${foldedQuery}`;
  return foldedNames.some((k) => k.includes(wordQ)) ? 1 : null;
}

/**
 * Results of an earlier query still valid for the current one: all of them for the same query, those that still
 * match when the query only grew ("lon" → "lond"), none otherwise. Lets a list narrow while the next load runs.
 */
export function narrowPlaceResults<T extends Pick<PlaceResult, "name">>(
  results: readonly T[],
  loadedQuery: string,
  query: string,
): T[] {
  const loaded = foldPlaceName(loadedQuery);
  const q = foldPlaceName(query);
  if (q.length < PLACE_QUERY_MIN_LENGTH || !q.startsWith(loaded)) return [];
  if (q === loaded) return [...results];
  return results.filter((r) => placeMatchTier([foldPlaceName(r.name)], q) !== null);
}

/** "London, United Kingdom" (the dataset has admin-1 codes, not their names). */
export function placeLabel(p: Pick<PlaceResult, "name" | "country_name">): string {
  return p.country_name ? `${p.name}, ${p.country_name}` : p.name;
}

/** /dashboard?lat=…&lon=… for a chosen place, keeping the scenario, period and duration already chosen. */
export function placeDashboardHref(place: Pick<PlaceResult, "lat" | "lon">, current: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const k of PLACE_KEPT_PARAMS) {
    const v = current.get(k);
    if (v) kept.set(k, v);
  }
  return dashboardHref(kept, {
    lat: String(roundPlaceCoordinate(place.lat)),
    lon: String(roundPlaceCoordinate(place.lon)),
  });
}

/** The /dashboard/places URL for a query, keeping the same selection params. */
export function placeSearchHref(q: string, current: URLSearchParams): string {
  const next = new URLSearchParams({ q });
  for (const k of PLACE_KEPT_PARAMS) {
    const v = current.get(k);
    if (v) next.set(k, v);
  }
  return `${PLACE_SEARCH_PATH}?${next}`;
}

const POPULATION_FORMAT = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });

/** "7.6M people": enough to tell two places of the same name apart. */
export function formatPopulation(n: number): string {
  return `${POPULATION_FORMAT.format(n)} people`;
}

export interface PlaceChoice extends PlaceResult {
  label: string;
  href: string;
}

/** A search result ready to show: its label and the /dashboard link that picks it. */
export function toPlaceChoice(place: PlaceResult, current: URLSearchParams): PlaceChoice {
  return { ...place, label: placeLabel(place), href: placeDashboardHref(place, current) };
}

/** How far from a point its nearest place may lie and still name it (a search result sits on its own coordinates). */
export const PLACE_NAME_RADIUS_KM = 10;

/** Great-circle distance in km (haversine on a 6,371 km sphere). */
export function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLon = (bLon - aLon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The place nearest to a point within a radius, or null: what names a searched or typed point on the dashboard. */
export function nearestPlace<T extends Pick<PlaceRecord, "lat" | "lon">>(
  places: readonly T[],
  lat: number,
  lon: number,
  maxKm = PLACE_NAME_RADIUS_KM,
): T | null {
  // a cheap box test first: one degree of latitude is about 111 km
  const dLat = maxKm / 111;
  let best: T | null = null;
  let bestKm = maxKm;
  for (const p of places) {
    if (Math.abs(p.lat - lat) > dLat) continue;
    const km = distanceKm(lat, lon, p.lat, p.lon);
    if (km <= bestKm) {
      best = p;
      bestKm = km;
    }
  }
  return best;
}
