/**
 * Hand-checked well-known places: what a risk analyst expects of the historical slot, and why. Used by
 * `npm run data:validate` and the engine tests. Expectations are written from the places' climate records and
 * history, not read off the model; `miss` marks a known disagreement with its reason, kept visible.
 *
 * Check syntax: "HW>=4" (score 1-5 at least 4), "TC<=1", "SS=na" (not applicable), "SS!=na" (applicable).
 */
import type { HazardId } from "~/domain/hazards";

export interface KnownPlace {
  name: string;
  lat: number;
  lon: number;
  country: string;
  checks: string[];
  why: string;
  /** A check the model is known to fail, with the reason; not asserted by the tests. */
  miss?: { check: string; reason: string }[];
}

export const KNOWN_PLACES: readonly KnownPlace[] = [
  { name: "Yakutsk", lat: 62.03, lon: 129.73, country: "RU", checks: ["CS>=5", "HW<=1"], why: "January mean near −39 °C, the coldest large city" },
  { name: "Norilsk", lat: 69.35, lon: 88.2, country: "RU", checks: ["CS>=4", "HW<=1"], why: "Arctic city, January mean near −27 °C" },
  { name: "Ulaanbaatar", lat: 47.92, lon: 106.92, country: "MN", checks: ["CS>=4", "SS=na"], why: "coldest capital, January mean near −21 °C; 1,000 km from the sea" },
  { name: "Winnipeg", lat: 49.9, lon: -97.14, country: "CA", checks: ["CS>=3", "TC<=1"], why: "January mean near −16 °C" },
  { name: "Moscow", lat: 55.76, lon: 37.62, country: "RU", checks: ["CS>=2", "CS<=3", "TC<=1"], why: "January-February mean near −6 to −7 °C" },
  { name: "Anchorage", lat: 61.22, lon: -149.9, country: "US", checks: ["CS>=2", "TC<=1", "HW<=1"], why: "January mean near −8 °C, cool summers" },
  { name: "Reykjavik", lat: 64.15, lon: -21.94, country: "IS", checks: ["HW<=1", "TC<=1", "WF<=1"], why: "cool oceanic climate, no tropical cyclones" },
  { name: "Riyadh", lat: 24.71, lon: 46.68, country: "SA", checks: ["HW>=5", "DR>=4", "CS<=1"], why: "July mean near 36 °C, about 100 mm of rain a year" },
  { name: "Kuwait City", lat: 29.37, lon: 47.98, country: "KW", checks: ["HW>=5", "DR>=4"], why: "July-August mean near 37-38 °C, desert" },
  { name: "Baghdad", lat: 33.31, lon: 44.36, country: "IQ", checks: ["HW>=4", "DR>=4"], why: "July mean near 35 °C, desert" },
  { name: "Doha", lat: 25.29, lon: 51.53, country: "QA", checks: ["HW>=4", "DR>=4"], why: "July-August mean near 35-36 °C" },
  { name: "Dubai", lat: 25.2, lon: 55.27, country: "AE", checks: ["HW>=4", "DR>=4"], why: "August mean near 36 °C, desert" },
  { name: "Muscat", lat: 23.59, lon: 58.41, country: "OM", checks: ["HW>=4", "DR>=4"], why: "June mean near 35 °C: the heat peaks before July" },
  { name: "Phoenix", lat: 33.45, lon: -112.07, country: "US", checks: ["HW>=4", "DR>=3"], why: "July mean near 35 °C, Sonoran desert" },
  { name: "Delhi", lat: 28.61, lon: 77.21, country: "IN", checks: ["HW>=4", "CS<=1"], why: "May-June mean near 33-34 °C, before the monsoon cools July" },
  { name: "Niamey", lat: 13.51, lon: 2.11, country: "NE", checks: ["HW>=4", "DR>=3"], why: "April-May mean near 34 °C; Sahel" },
  { name: "Khartoum", lat: 15.5, lon: 32.56, country: "SD", checks: ["HW>=4", "DR>=4"], why: "May-June mean near 34-35 °C; desert" },
  { name: "Cairo", lat: 30.04, lon: 31.24, country: "EG", checks: ["DR>=4", "TC<=1", "HW>=2"], why: "hot desert, ≈25 mm of rain a year, no cyclones" },
  { name: "Karachi", lat: 24.86, lon: 67.01, country: "PK", checks: ["HW>=3", "DR>=4", "SS!=na"], why: "May-June mean near 31-32 °C, arid coast" },
  { name: "Sahara (Algeria)", lat: 24, lon: 5, country: "DZ", checks: ["FD<=1", "DR>=5", "SS=na"], why: "hyper-arid interior" },
  { name: "Lima", lat: -12.05, lon: -77.04, country: "PE", checks: ["TC<=1", "DR>=4"], why: "desert coast; no cyclones in the cold south-east Pacific" },
  { name: "Seville", lat: 37.39, lon: -5.98, country: "ES", checks: ["HW>=3", "CS<=1"], why: "July-August mean near 28 °C, the hottest in Europe", miss: [{ check: "HW>=3", reason: "the climatology reads July at ≈ 26.5 °C here (its calibration runs ≈ 0.6 °C cool) and the model year puts August no warmer, so heat scores 2 Moderate" }] },
  { name: "Madrid", lat: 40.42, lon: -3.7, country: "ES", checks: ["DR>=3", "WF>=3", "CS<=1"], why: "semi-arid with a dry, hot summer" },
  { name: "Athens", lat: 37.98, lon: 23.73, country: "GR", checks: ["WF>=3", "TC<=1"], why: "dry, hot summers and frequent wildfires" },
  { name: "Sacramento", lat: 38.58, lon: -121.49, country: "US", checks: ["WF>=4"], why: "rainless hot summers in the California Central Valley" },
  { name: "Perth", lat: -31.95, lon: 115.86, country: "AU", checks: ["WF>=3", "TC<=2"], why: "dry, hot summers; bushfires" },
  { name: "Cape Town", lat: -33.92, lon: 18.42, country: "ZA", checks: ["WF>=2", "TC<=1"], why: "summer-dry Mediterranean climate; no South Atlantic cyclones" },
  { name: "London", lat: 51.51, lon: -0.13, country: "GB", checks: ["HW<=1", "CS<=1", "TC<=1", "DR<=2"], why: "mild oceanic climate" },
  { name: "Zurich", lat: 47.37, lon: 8.54, country: "CH", checks: ["TC<=1", "SS=na", "SL=na"], why: "landlocked" },
  { name: "Vienna", lat: 48.21, lon: 16.37, country: "AT", checks: ["TC<=1", "SS=na", "SL=na"], why: "landlocked" },
  { name: "Denver", lat: 39.74, lon: -104.99, country: "US", checks: ["TC<=1", "SS=na", "SL=na"], why: "1,600 m high, 1,500 km from the sea" },
  { name: "Addis Ababa", lat: 9.03, lon: 38.74, country: "ET", checks: ["HW<=1", "SS=na", "TC<=1"], why: "highland capital at 2,350 m" },
  { name: "Bogotá", lat: 4.71, lon: -74.07, country: "CO", checks: ["HW<=1", "CS<=1", "TC<=1"], why: "equatorial highland at 2,600 m: mild all year" },
  { name: "Nairobi", lat: -1.29, lon: 36.82, country: "KE", checks: ["HW<=1", "CS<=1", "TC<=1"], why: "equatorial highland at 1,800 m" },
  { name: "Mexico City", lat: 19.43, lon: -99.13, country: "MX", checks: ["HW<=2", "SS=na"], why: "highland at 2,240 m" },
  { name: "Amsterdam", lat: 52.37, lon: 4.9, country: "NL", checks: ["SL>=3", "SS>=3", "LS<=1"], why: "a quarter of the Netherlands lies below sea level; flat polders, no slopes to slide" },
  { name: "Baku", lat: 40.41, lon: 49.87, country: "AZ", checks: ["SL=na"], why: "on the Caspian, a closed lake 28 m below sea level whose level rises and falls with the Volga, not with the ocean" },
  { name: "Astrakhan", lat: 46.35, lon: 48.04, country: "RU", checks: ["SL=na"], why: "Volga delta below sea level, but on the Caspian, cut off from the ocean by the 25 m Manych divide" },
  { name: "Atyrau", lat: 47.1, lon: 51.9, country: "KZ", checks: ["SL=na"], why: "Ural river mouth on the northern Caspian, 20-25 m below sea level and 600 km from the ocean" },
  { name: "Ein Bokek", lat: 31.2, lon: 35.36, country: "IL", checks: ["SS=na", "SL=na"], why: "Dead Sea shore, 430 m below sea level, 70 km from the Mediterranean behind the Judean hills" },
  { name: "Dallol", lat: 14.24, lon: 40.3, country: "ET", checks: ["SS=na", "SL=na"], why: "Danakil depression, 125 m below sea level, separated from the Red Sea by a ridge" },
  { name: "Rotterdam", lat: 51.92, lon: 4.48, country: "NL", checks: ["SL>=3", "SS>=3"], why: "Rhine-Meuse delta port below sea level" },
  { name: "Venice", lat: 45.44, lon: 12.33, country: "IT", checks: ["SL>=3", "SS!=na", "TC<=1"], why: "lagoon city, acqua alta" },
  { name: "Hamburg", lat: 53.55, lon: 9.99, country: "DE", checks: ["SS!=na", "TC<=1"], why: "Elbe estuary, North Sea surges (1962)" },
  { name: "Copenhagen", lat: 55.676, lon: 12.568, country: "DK", checks: ["SS!=na", "TC<=1", "HW<=1"], why: "harbour city centre on the Øresund" },
  { name: "Istanbul", lat: 41.008, lon: 28.978, country: "TR", checks: ["TC<=1", "SS!=na"], why: "historic centre on the Bosphorus" },
  { name: "Darwin", lat: -12.463, lon: 130.846, country: "AU", checks: ["TC>=3", "SS!=na", "HW>=2"], why: "Cyclone Tracy (1974); Timor Sea ≥ 26.5 °C most of the year" },
  { name: "Chittagong", lat: 22.357, lon: 91.783, country: "BD", checks: ["SS>=3", "SL>=2", "TC>=3"], why: "Bay of Bengal port on the Karnaphuli estuary, low port and river districts; the 1991 cyclone surge reached 6 m" },
  { name: "Khulna", lat: 22.82, lon: 89.55, country: "BD", checks: ["SS>=3", "TC>=3", "FD>=4"], why: "Ganges delta near the Sundarbans" },
  {
    name: "Dhaka",
    lat: 23.81,
    lon: 90.41,
    country: "BD",
    checks: ["FD>=4", "ER>=3", "HW<=3"],
    why: "monsoon floods of the Ganges-Brahmaputra; humid heat, but its hottest months (April-May) average about 29 °C",
    miss: [{ check: "HW<=3", reason: "the model year runs the pre-monsoon 6 °C hotter than its July (observed: under 1 °C), so heat scores 5 Extreme" }],
  },
  { name: "Kolkata", lat: 22.57, lon: 88.36, country: "IN", checks: ["TC>=3", "SS!=na"], why: "Hooghly delta; Bay of Bengal cyclones (Amphan 2020)" },
  { name: "Mumbai", lat: 19.08, lon: 72.88, country: "IN", checks: ["ER>=4", "SS!=na"], why: "July rainfall over 800 mm" },
  { name: "Kathmandu", lat: 27.72, lon: 85.32, country: "NP", checks: ["LS>=3", "ER>=4"], why: "Himalayan valley, monsoon landslides" },
  { name: "Shimla", lat: 31.1, lon: 77.17, country: "IN", checks: ["LS>=3"], why: "steep Himalayan town, monsoon landslides" },
  { name: "La Paz", lat: -16.5, lon: -68.13, country: "BO", checks: ["LS>=3", "HW<=1"], why: "built down a 400-800 m deep canyon below the Altiplano at 3,600 m, on weak lake sediments; chronic slides (the 2011 Callapa megaslide) in the summer rains", miss: [{ check: "LS>=3", reason: "the canyon is a few km wide inside a 1,770 km² cell that is mostly flat Altiplano (mean 4,040 m, ETOPO5 relief 420 m, mean 2′ slope 1.9°), and December's 92 mm is the only rainy month in the climatology, so landslide scores 1 Low" }] },
  { name: "Medellín", lat: 6.24, lon: -75.58, country: "CO", checks: ["LS>=3", "TC<=1"], why: "Aburrá valley 1,000 m deep with housing on its steep flanks, ≈1,700 mm of rain a year (Villatina 1987); 6° N, far from any cyclone basin", miss: [{ check: "LS>=3", reason: "the cell's mean 2′ slope is 3.2° (valley flanks are 20-30° on the ground) and the wettest months (April-May, October-November) are not in the July/December climatology (July 165 mm), so landslide scores 2 Moderate" }] },
  { name: "Chongqing", lat: 29.56, lon: 106.55, country: "CN", checks: ["LS>=3", "SS=na"], why: "hill city on the folded ridges of the Three Gorges region, one of China's most landslide-prone areas under summer monsoon rain; 1,300 km up the Yangtze", miss: [{ check: "LS>=3", reason: "the ridges are 1-3 km wide: ETOPO5 gives the cell 150 m of relief and the 2′ relief a mean slope of 1.0°, so landslide scores 1 Low" }] },
  { name: "Caracas", lat: 10.48, lon: -66.9, country: "VE", checks: ["LS>=3", "CS<=1"], why: "valley at 900 m under the 2,700 m Ávila range, hillside barrios; the 1999 Vargas debris flows came off the same range", miss: [{ check: "LS>=3", reason: "the terrain factors are high (mean 2′ slope 4.3°, relief 1,270 m) but July's 109 mm is the wettest month in the climatology and the 1999 disaster was a multi-day December extreme that monthly means cannot show, so landslide scores 2 Moderate" }] },
  {
    name: "Manaus",
    lat: -3.12,
    lon: -60.02,
    country: "BR",
    checks: ["FD>=4", "TC<=1", "DR<=2", "HW<=3"],
    why: "Amazon flood plain, equatorial; about 2,300 mm of rain a year; its hottest months (September-October) average about 28.5 °C",
    miss: [{ check: "HW<=3", reason: "the model year's Amazon dry season runs 5-6 °C hotter than its July (observed: about 1.5 °C), so heat scores 4 Severe" }],
  },
  { name: "Miami", lat: 25.78, lon: -80.21, country: "US", checks: ["TC>=4", "SS>=3", "SL>=3"], why: "low limestone coast on the Atlantic hurricane track" },
  { name: "New Orleans", lat: 29.95, lon: -90.07, country: "US", checks: ["TC>=3", "SS>=3", "SL>=3"], why: "below sea level; Katrina (2005)" },
  { name: "Houston", lat: 29.76, lon: -95.37, country: "US", checks: ["TC>=3"], why: "Gulf coast hurricanes (Harvey 2017)" },
  { name: "Havana", lat: 23.11, lon: -82.37, country: "CU", checks: ["TC>=4"], why: "Caribbean hurricane track" },
  { name: "Cancún", lat: 21.16, lon: -86.85, country: "MX", checks: ["TC>=4"], why: "Yucatán coast (Wilma 2005)" },
  { name: "Santo Domingo", lat: 18.49, lon: -69.93, country: "DO", checks: ["TC>=3"], why: "Caribbean hurricane track" },
  { name: "Acapulco", lat: 16.85, lon: -99.82, country: "MX", checks: ["TC>=3"], why: "East Pacific hurricanes (Otis 2023)" },
  { name: "Manila", lat: 14.6, lon: 120.98, country: "PH", checks: ["TC>=4"], why: "about 20 typhoons a year reach the Philippines" },
  {
    name: "Hong Kong",
    lat: 22.32,
    lon: 114.17,
    country: "HK",
    checks: ["TC>=4", "LS>=3"],
    why: "South China Sea typhoons; steep hills rising 500-900 m from the harbour under typhoon and monsoon rain, hundreds of landslides a year before its slope-safety programme",
    miss: [{ check: "LS>=3", reason: "the cell is 40 % sea and its land reads low and gentle on both grids (ETOPO5 relief 132 m, mean 2′ slope 1.0°), so landslide scores 1 Low" }],
  },
  { name: "Guangzhou", lat: 23.13, lon: 113.26, country: "CN", checks: ["TC>=3"], why: "Pearl River delta typhoons" },
  { name: "Naha (Okinawa)", lat: 26.21, lon: 127.68, country: "JP", checks: ["TC>=4"], why: "typhoon alley" },
  { name: "Taipei", lat: 25.03, lon: 121.56, country: "TW", checks: ["TC>=3"], why: "several typhoons a year" },
  { name: "Shanghai", lat: 31.23, lon: 121.47, country: "CN", checks: ["TC>=3", "SS>=3"], why: "Yangtze delta, typhoon surges" },
  { name: "Tokyo", lat: 35.68, lon: 139.69, country: "JP", checks: ["TC>=2", "TC<=4"], why: "typhoons most years, weaker than further south" },
  { name: "Suva", lat: -18.14, lon: 178.44, country: "FJ", checks: ["TC>=3"], why: "South Pacific cyclones (Winston 2016)" },
  { name: "Port Louis", lat: -20.16, lon: 57.5, country: "MU", checks: ["TC>=3"], why: "South Indian Ocean cyclones" },
  { name: "Maputo", lat: -25.97, lon: 32.57, country: "MZ", checks: ["TC>=2"], why: "Mozambique Channel cyclones" },
  { name: "Brisbane", lat: -27.47, lon: 153.03, country: "AU", checks: ["TC>=2", "TC<=4"], why: "occasional cyclones at the southern edge of the Coral Sea" },
  { name: "Sydney", lat: -33.87, lon: 151.21, country: "AU", checks: ["TC<=1"], why: "south of the cyclone belt" },
  { name: "Auckland", lat: -36.85, lon: 174.76, country: "NZ", checks: ["TC<=2", "HW<=1"], why: "ex-tropical storms only" },
  { name: "Ho Chi Minh City", lat: 10.82, lon: 106.63, country: "VN", checks: ["TC<=2"], why: "typhoons rarely reach 10° N", miss: [{ check: "TC<=2", reason: "the warm South China Sea and 10.8° N latitude say cyclones are possible; that typhoon tracks pass further north is not in the model" }] },
  {
    name: "Bangkok",
    lat: 13.75,
    lon: 100.5,
    country: "TH",
    checks: ["DR<=3", "HW>=4"],
    why: "tropical savanna: about 1,500 mm of rain, a dry season from November to April; April mean near 30-31 °C",
    miss: [{ check: "DR<=3", reason: "4 Severe: July and December give 907 mm a year, missing the September-October peak" }],
  },
  { name: "Singapore", lat: 1.35, lon: 103.82, country: "SG", checks: ["TC<=1", "CS<=1", "DR<=1"], why: "equatorial: no cyclones form within 5° of the equator; about 2,300 mm of rain, every month wet" },
  { name: "Jakarta", lat: -6.2, lon: 106.85, country: "ID", checks: ["TC<=1", "DR<=2"], why: "equatorial Java Sea; about 1,800 mm of rain a year" },
  { name: "Colombo", lat: 6.93, lon: 79.85, country: "LK", checks: ["TC<=2"], why: "cyclones usually pass north of Sri Lanka" },
  { name: "Lagos", lat: 6.52, lon: 3.38, country: "NG", checks: ["TC<=1", "SS!=na", "DR<=2"], why: "Gulf of Guinea: no tropical cyclones; about 1,500 mm of rain a year" },
  {
    name: "Rio de Janeiro",
    lat: -22.9,
    lon: -43.2,
    country: "BR",
    checks: ["TC<=1", "LS>=3"],
    why: "South Atlantic: one hurricane on record (2004); granite hills and hillside favelas, deadly landslides in 1966, 1988 and 2010",
    miss: [{ check: "LS>=3", reason: "the hills are 1-3 km across in a cell that is 40 % bay (ETOPO5 relief 162 m, mean 2′ slope 1.3°), so landslide scores 1 Low" }],
  },
  { name: "Buenos Aires", lat: -34.61, lon: -58.38, country: "AR", checks: ["TC<=1", "CS<=1"], why: "Río de la Plata estuary, temperate" },
];

export interface ParsedCheck {
  hazard: HazardId;
  op: ">=" | "<=" | "=na" | "!=na";
  score?: number;
}

export function parseCheck(c: string): ParsedCheck {
  const m = /^([A-Z]{2})(>=|<=)([1-5])$/.exec(c);
  if (m) return { hazard: m[1] as HazardId, op: m[2] as ">=" | "<=", score: Number(m[3]) };
  const n = /^([A-Z]{2})(=na|!=na)$/.exec(c);
  if (n) return { hazard: n[1] as HazardId, op: n[2] as "=na" | "!=na" };
  throw new Error(`bad place check ${c}`);
}

/** Whether a hazard item meets a check: score null means not applicable (or no data). */
export function meetsCheck(c: ParsedCheck, item: { score: number | null; applicable: boolean }): boolean {
  if (c.op === "=na") return !item.applicable;
  if (c.op === "!=na") return item.applicable;
  if (item.score === null) return c.op === "<=";
  return c.op === ">=" ? item.score >= c.score! : item.score <= c.score!;
}
