/**
 * Hand-checked well-known places: what a risk analyst expects of the historical slot, and why. Used by
 * `npm run data:validate` and the engine tests. Expectations are written from the places' climate records and
 * history, not read off the model; `miss` marks a known disagreement with its reason, kept visible.
 *
 * Check syntax: "HW>=4" (score 1-5 at least 4), "TC<=1", "SS=na" (not applicable), "SS!=na" (applicable).
 */
import type { HazardId } from "~/domain/hazards/hazards";

export interface KnownPlace {
  name: string;
  lat: number;
  lon: number;
  country: string;
  checks: string[];
  why: string;
  /** Where the expectation comes from (a published record of the place's floods, climate or terrain). */
  source?: string;
  /** A check the model is known to fail, with the reason; not asserted by the tests. */
  miss?: { check: string; reason: string }[];
}

/**
 * Why a city centre's wildfire check is missed: the point reads its own built-up share (the 3 × 3 pixels of the 2′
 * grid around it), while the check speaks of the city's fires, which burn at its wildland-urban edge.
 */
const builtUpCore = (hexagonPct: number, edge?: string) =>
  `the point lies in Natural Earth's built-up core (≥ 60 % of the 3 × 3 pixels of the 2′ grid, ≈ 11 km, around it; the hexagon is ${hexagonPct} % built-up), so the model gives it no wildland fuel (a dense core does not carry a fire front); the fires burn at the wildland-urban edge${edge ? `: ${edge}` : ""}`;

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
  { name: "Cairo", lat: 30.04, lon: 31.24, country: "EG", checks: ["DR>=4", "TC<=1", "HW>=3"], why: "hot desert, ≈25 mm of rain a year, no cyclones; July-August mean near 28 °C" },
  { name: "Karachi", lat: 24.86, lon: 67.01, country: "PK", checks: ["HW>=3", "DR>=4", "SS!=na"], why: "May-June mean near 31-32 °C, arid coast" },
  { name: "Sahara (Algeria)", lat: 24, lon: 5, country: "DZ", checks: ["FD<=1", "DR>=5", "SS=na"], why: "hyper-arid interior", source: "Encyclopaedia Britannica, Sahara: drainage" },
  { name: "Lima", lat: -12.05, lon: -77.04, country: "PE", checks: ["TC<=1", "DR>=4"], why: "desert coast; no cyclones in the cold south-east Pacific" },
  { name: "Seville", lat: 37.39, lon: -5.98, country: "ES", checks: ["HW>=3", "CS<=1"], why: "July-August mean near 28 °C and mean daily maximum near 36 °C, the hottest in Europe" },
  { name: "Madrid", lat: 40.42, lon: -3.7, country: "ES", checks: ["DR>=3", "WF>=3", "CS<=1", "HW>=3"], why: "semi-arid with a dry, hot summer: July mean daily maximum near 32-33 °C", miss: [{ check: "WF>=3", reason: builtUpCore(78) }, { check: "HW>=3", reason: "the 2′ grid puts the point at 695 m, 40 m above the city centre's 655 m: 0.26 °C colder than its hexagon's mean elevation by the lapse rate, heat wave 0.395 at the edge of High (the hexagon reads 0.415)" }] },
  { name: "Athens", lat: 37.98, lon: 23.73, country: "GR", checks: ["WF>=3", "TC<=1"], why: "dry, hot summers and frequent wildfires", miss: [{ check: "WF>=3", reason: builtUpCore(18, "the open land of its hexagon east of Hymettus (37.895, 23.866) reads 0.895, Extreme") }] },
  { name: "Sacramento", lat: 38.58, lon: -121.49, country: "US", checks: ["WF>=4"], why: "rainless hot summers in the California Central Valley", miss: [{ check: "WF>=4", reason: builtUpCore(30, "the open valley land of its hexagon west of the city (38.637, −121.625) reads 0.840, Extreme") }] },
  { name: "Perth", lat: -31.95, lon: 115.86, country: "AU", checks: ["WF>=3", "TC<=2"], why: "dry, hot summers; bushfires", miss: [{ check: "WF>=3", reason: builtUpCore(66) }, { check: "HW>=3", reason: "the 2′ grid puts the point at 695 m, 40 m above the city centre's 655 m: 0.26 °C colder than its hexagon's mean elevation by the lapse rate, heat wave 0.395 at the edge of High (the hexagon reads 0.415)" }] },
  { name: "Cape Town", lat: -33.92, lon: 18.42, country: "ZA", checks: ["WF>=2", "TC<=1"], why: "summer-dry Mediterranean climate; no South Atlantic cyclones", miss: [{ check: "WF>=2", reason: builtUpCore(35, "the open land of its hexagon north of the city (−33.755, 18.424) reads 0.530, High") }] },
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
  { name: "Venice", lat: 45.44, lon: 12.33, country: "IT", checks: ["SL>=3", "SS!=na", "TC<=1"], why: "lagoon city, acqua alta", miss: [{ check: "SL>=3", reason: "sea-level rise is now the share of land below the high-tide line plus the slot's rise; subsidence (vertical land motion) has no installable source and the relief resolves no ground below 0 m, so the lagoon's sinking ground and its 0.8 m tide read 2 Moderate" }] },
  { name: "Hamburg", lat: 53.55, lon: 9.99, country: "DE", checks: ["SS!=na", "TC<=1"], why: "Elbe estuary, North Sea surges (1962)" },
  { name: "Copenhagen", lat: 55.676, lon: 12.568, country: "DK", checks: ["SS!=na", "TC<=1", "HW<=1"], why: "harbour city centre on the Øresund" },
  { name: "Istanbul", lat: 41.008, lon: 28.978, country: "TR", checks: ["TC<=1", "SS!=na"], why: "historic centre on the Bosphorus" },
  { name: "Darwin", lat: -12.463, lon: 130.846, country: "AU", checks: ["TC>=3", "SS!=na", "HW>=2"], why: "Cyclone Tracy (1974); Timor Sea ≥ 26.5 °C most of the year" },
  { name: "Chittagong", lat: 22.357, lon: 91.783, country: "BD", checks: ["SS>=3", "SL>=2", "TC>=3"], why: "Bay of Bengal port on the Karnaphuli estuary, low port and river districts; the 1991 cyclone surge reached 6 m", miss: [{ check: "SS>=3", reason: "the point's 2′ pixel stands at 49 m (the city's hills), not low-lying land joined to the sea: surge is scored for its own ground, and the low port districts are finer than the 3.7 km pixel (the hexagon, 38 % low-lying, reads 4 Severe)" }, { check: "SL>=2", reason: "the same 49 m pixel lies above every projected high-tide line (the hexagon reads 3 High)" }] },
  { name: "Khulna", lat: 22.82, lon: 89.55, country: "BD", checks: ["SS>=3", "TC>=3", "FD>=4"], why: "Ganges delta near the Sundarbans", source: "DFO archive: Bangladesh floods 1998, 2004" },
  {
    name: "Dhaka",
    lat: 23.81,
    lon: 90.41,
    country: "BD",
    checks: ["FD>=4", "ER>=3", "HW<=3"],
    why: "monsoon floods of the Ganges-Brahmaputra; humid heat, but its hottest months (April-May) average about 29 °C",
    source: "DFO archive: Bangladesh floods 1988, 1998, 2004",
    miss: [{ check: "HW<=3", reason: "the model year runs the pre-monsoon 6 °C hotter than its July (observed: under 1 °C), so the hottest month reads ≈ 35 °C and, even with the monsoon's narrow day-night range, heat scores 4 Severe" }],
  },
  { name: "Kolkata", lat: 22.57, lon: 88.36, country: "IN", checks: ["TC>=3", "SS!=na"], why: "Hooghly delta; Bay of Bengal cyclones (Amphan 2020)" },
  { name: "Mumbai", lat: 19.08, lon: 72.88, country: "IN", checks: ["ER>=4", "SS!=na"], why: "July rainfall over 800 mm" },
  { name: "Kathmandu", lat: 27.72, lon: 85.32, country: "NP", checks: ["LS>=3", "ER>=4"], why: "Himalayan valley, monsoon landslides", miss: [{ check: "LS>=3", reason: "the point lies on the valley floor (2′ slope 1.2° at 1,352 m, the old lake bed the city is built on): landslides strike the valley's rim and the hills, which its hexagon (mean slope 4.7°) reads as 4 Severe" }] },
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
    source: "DFO archive: Amazon floods 2009, 2012 (record Rio Negro stage at Manaus)",
    miss: [{ check: "HW<=3", reason: "the model year's Amazon dry season runs 5-6 °C hotter than its July (observed: about 1.5 °C), so heat scores 4 Severe (the hottest month reads ≈ 32.8 °C)" }],
  },
  { name: "Miami", lat: 25.78, lon: -80.21, country: "US", checks: ["TC>=4", "SS>=3", "SL>=3"], why: "low limestone coast on the Atlantic hurricane track", miss: [{ check: "SL>=3", reason: "sea-level rise is now the share of land below the high-tide line plus the slot's rise; subsidence (vertical land motion) has no installable source and the relief resolves no ground below 0 m, so a 0.8 m tide over a low coast reads 2 Moderate; its flooding through porous limestone is not modelled" }] },
  { name: "New Orleans", lat: 29.95, lon: -90.07, country: "US", checks: ["TC>=3", "SS>=3", "SL>=3"], why: "below sea level; Katrina (2005)", miss: [{ check: "SL>=3", reason: "sea-level rise is now the share of land below the high-tide line plus the slot's rise; subsidence (vertical land motion) has no installable source and the relief resolves no ground below 0 m, so a city below sea level behind levees, on a 0.3 m tide, reads Low or Moderate" }] },
  { name: "Houston", lat: 29.76, lon: -95.37, country: "US", checks: ["TC>=3"], why: "Gulf coast hurricanes (Harvey 2017)" },
  { name: "Havana", lat: 23.11, lon: -82.37, country: "CU", checks: ["TC>=4"], why: "Caribbean hurricane track" },
  { name: "Cancún", lat: 21.16, lon: -86.85, country: "MX", checks: ["TC>=4"], why: "Yucatán coast (Wilma 2005)" },
  { name: "Santo Domingo", lat: 18.49, lon: -69.93, country: "DO", checks: ["TC>=3"], why: "Caribbean hurricane track" },
  { name: "Acapulco", lat: 16.85, lon: -99.82, country: "MX", checks: ["TC>=3"], why: "East Pacific hurricanes (Otis 2023)" },
  { name: "Manila", lat: 14.6, lon: 120.98, country: "PH", checks: ["TC>=4", "SS>=3"], why: "about 20 typhoons a year reach the Philippines" },
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
  { name: "Tokyo", lat: 35.68, lon: 139.69, country: "JP", checks: ["TC>=2", "TC<=4", "TC>=3"], why: "typhoons most years, weaker than further south", miss: [{ check: "TC>=3", reason: "the warm-sea factor counts months of ≥ 26.5 °C sea offshore (COADS, 2°) and the poleward ramp starts at 30° N, so typhoons that recurve into Tokyo Bay count only through the 0.35 recurvature floor: 2 Moderate" }] },
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
    checks: ["DR<=3", "HW>=4", "SS>=3"],
    why: "tropical savanna: about 1,500 mm of rain, a dry season from November to April; April mean near 30-31 °C",
    miss: [{ check: "SS>=3", reason: "land subsidence is not an input and the upper Gulf of Thailand lies outside the model's typhoon basin (west of 105° E), so the surge term has only the extratropical floor and a small tide" }],
  },
  { name: "Singapore", lat: 1.35, lon: 103.82, country: "SG", checks: ["TC<=1", "CS<=1", "DR<=1", "WF<=2"], why: "equatorial: no cyclones form within 5° of the equator; about 2,300 mm of rain, every month wet" },
  { name: "Jakarta", lat: -6.2, lon: 106.85, country: "ID", checks: ["TC<=1", "DR<=2", "SS>=3"], why: "equatorial Java Sea; about 1,800 mm of rain a year", miss: [{ check: "SS>=3", reason: "a shallow, sinking coast, but land subsidence (Abidin et al. 2011) is not an input and the equatorial Java Sea has no cyclones (none within 7° of the equator); with a small tide the surge term stays Low" }] },
  { name: "Colombo", lat: 6.93, lon: 79.85, country: "LK", checks: ["TC<=2"], why: "cyclones usually pass north of Sri Lanka" },
  { name: "Lagos", lat: 6.52, lon: 3.38, country: "NG", checks: ["TC<=1", "SS!=na", "DR<=2", "WF<=2"], why: "Gulf of Guinea: no tropical cyclones; about 1,500 mm of rain a year; humid coastal tropics, a dry season of about three months" },
  { name: "Abidjan", lat: 5.36, lon: -4.01, country: "CI", checks: ["WF<=2", "TC<=1"], why: "humid coastal tropics: about 1,900 mm of rain a year, rain-forest climate, no month long dry" },
  { name: "Kano", lat: 12.0, lon: 8.52, country: "NG", checks: ["WF>=3", "SS=na"], why: "Sudan savanna: about 700 mm of rain in a five-month wet season, a dry season from October to April, yearly bush burning", miss: [{ check: "WF>=3", reason: builtUpCore(13, "the open savanna of its hexagon west of the city (11.980, 8.417) reads 0.900, Extreme") }] },
  { name: "Los Angeles", lat: 34.05, lon: -118.24, country: "US", checks: ["WF>=3"], why: "summer-dry Mediterranean climate with chaparral; Santa Ana wind fires (Woolsey 2018, Palisades and Eaton 2025)", miss: [{ check: "WF>=3", reason: builtUpCore(63) }, { check: "HW>=3", reason: "the 2′ grid puts the point at 695 m, 40 m above the city centre's 655 m: 0.26 °C colder than its hexagon's mean elevation by the lapse rate, heat wave 0.395 at the edge of High (the hexagon reads 0.415)" }] },
  {
    name: "Penrith (western Sydney)",
    lat: -33.75,
    lon: 150.69,
    country: "AU",
    checks: ["WF>=3"],
    why: "eucalypt woodland at the foot of the Blue Mountains; the 2019-20 fires (Gospers Mountain) burned to its edge",
    miss: [{ check: "WF>=3", reason: "rain peaks in summer (December 76 mm, July 46 mm in the climatology), so no month is dry by Gaussen's rule (rain below twice the temperature): its fire weather comes from hot westerly wind days and multi-year droughts (2017-2019), which monthly means cannot show" }],
  },
  { name: "Honolulu", lat: 21.31, lon: -157.86, country: "US", checks: ["TC<=3", "TC>=2"], why: "Central Pacific: hurricanes pass near most years but rarely make landfall (Dot 1959, Iniki 1992 on Kauai)" },
  { name: "Osaka", lat: 34.69, lon: 135.5, country: "JP", checks: ["TC>=3"], why: "typhoons reach Osaka Bay most years (Muroto 1934, Jane 1950, Jebi 2018)" },
  { name: "Kagoshima", lat: 31.6, lon: 130.56, country: "JP", checks: ["TC>=3"], why: "southern Kyushu, the most typhoon-struck part of Japan's main islands" },
  { name: "Kaohsiung", lat: 22.63, lon: 120.3, country: "TW", checks: ["TC>=4"], why: "south-west Taiwan: typhoons every year (Morakot 2009)" },
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
  // river-flood panel: riverine and delta cities with recorded large floods (FD ≥ 3), and upland or dry controls
  // without a river draining ≥ 1,000 km² through them (FD ≤ 2). DFO = Dartmouth Flood Observatory, Global Active
  // Archive of Large Flood Events (Brakenridge, University of Colorado).
  { name: "Bangkok (Chao Phraya)", lat: 13.75, lon: 100.5, country: "TH", checks: ["FD>=3"], why: "Chao Phraya delta; the 2011 flood stood for two months", source: "World Bank 2012, Thai Flood 2011: Rapid Assessment for Resilient Recovery and Reconstruction Planning" },
  { name: "Jakarta (Ciliwung)", lat: -6.2, lon: 106.85, country: "ID", checks: ["FD>=3"], why: "thirteen rivers cross the city to the sea; floods of 2007, 2013 and 2020", source: "DFO archive: Jakarta floods 2007, 2013, 2020", miss: [{ check: "FD>=3", reason: "the 2′ grid puts the point at 51 m, 32 m above the channel of its river (≈ 2,326 km², 10.5 km away): within its flood stage and the grid's height allowance only in part (membership 15 %): at 3.7 km the grid's heights and flow paths miss the city's river bank (a few metres above the river, on it)" }] },
  { name: "Manila (Pasig-Marikina)", lat: 14.6, lon: 120.98, country: "PH", checks: ["FD>=3"], why: "Pasig-Marikina basin; Ondoy (Ketsana) 2009 flooded most of the metropolis", source: "DFO archive: Tropical Storm Ketsana floods, September 2009" },
  { name: "Ho Chi Minh City (Saigon River)", lat: 10.78, lon: 106.7, country: "VN", checks: ["FD>=3"], why: "Saigon-Dong Nai river flood plain at the edge of the Mekong delta", source: "ADB 2010, Ho Chi Minh City Adaptation to Climate Change (summary report)" },
  { name: "Shanghai (Huangpu)", lat: 31.23, lon: 121.47, country: "CN", checks: ["FD>=3"], why: "Yangtze delta on the Huangpu; the Taihu basin floods of 1991 and 1999", source: "DFO archive: Taihu basin floods 1991, 1999" },
  { name: "Chittagong (Karnaphuli)", lat: 22.357, lon: 91.783, country: "BD", checks: ["FD>=3"], why: "on the Karnaphuli at the edge of the Ganges-Brahmaputra-Meghna delta; monsoon river and tidal floods", source: "DFO archive: Bangladesh monsoon floods (Chittagong division) 2007, 2017" },
  { name: "Dresden (Elbe)", lat: 51.05, lon: 13.74, country: "DE", checks: ["FD>=3"], why: "Elbe flood plain; the August 2002 flood reached 9.4 m at Dresden", source: "IKSE/ICPER 2004, Dokumentation des Hochwassers vom August 2002 im Einzugsgebiet der Elbe" },
  { name: "Cologne (Rhine)", lat: 50.94, lon: 6.96, country: "DE", checks: ["FD>=3"], why: "Rhine floods of December 1993 and January 1995", source: "ICPR (International Commission for the Protection of the Rhine), Action Plan on Floods 1998" },
  { name: "Porto Alegre (Guaíba)", lat: -30.03, lon: -51.23, country: "BR", checks: ["FD>=3"], why: "Guaíba lake-river at the mouth of the Jacuí basin; the floods of 1941 and May 2024", source: "DFO archive: Rio Grande do Sul floods, May 2024" },
  { name: "Brisbane (Brisbane River)", lat: -27.47, lon: 153.03, country: "AU", checks: ["FD>=3"], why: "Brisbane River floods of 1974 and January 2011", source: "Queensland Floods Commission of Inquiry 2012, Final Report" },
  { name: "Guangzhou (Pearl River)", lat: 23.13, lon: 113.26, country: "CN", checks: ["FD>=3"], why: "Pearl River delta; the 1994 and 2005 West River floods", source: "DFO archive: Pearl River floods June 1994, June 2005" },
  { name: "Khartoum (Nile)", lat: 15.5, lon: 32.56, country: "SD", checks: ["FD>=3"], why: "Blue and White Nile confluence; floods of 1988 and 2020 (record Blue Nile stage)", source: "DFO archive: Sudan Nile floods August 1988, September 2020", miss: [{ check: "FD>=3", reason: "the 2′ grid puts the point at 403 m, above every nearby channel's flood stage and the grid's height allowance (0 m of relief around it): at 3.7 km the grid's heights and flow paths miss the city's river bank (a few metres above the river, on it)" }] },
  { name: "Sukkur (Indus)", lat: 27.7, lon: 68.86, country: "PK", checks: ["FD>=3"], why: "Indus barrage town; the 2010 and 2022 Indus floods", source: "Government of Pakistan et al. 2022, Pakistan Floods 2022 Post-Disaster Needs Assessment" },
  { name: "Wrocław (Oder)", lat: 51.11, lon: 17.03, country: "PL", checks: ["FD>=3"], why: "Oder flood plain; a third of the city flooded in July 1997", source: "DFO archive: Central European (Oder) floods July 1997", miss: [{ check: "FD>=3", reason: "the 2′ grid puts the point at 131 m, 9 m above the channel of its river (≈ 27,123 km², 19 km away): within its flood stage and the grid's height allowance only in part (membership 13 %): at 3.7 km the grid's heights and flow paths miss the city's river bank (a few metres above the river, on it)" }] },
  { name: "Rotterdam (Rhine-Meuse)", lat: 51.92, lon: 4.48, country: "NL", checks: ["FD>=3"], why: "Rhine-Meuse delta; 250,000 people evacuated upstream in the 1995 river flood", source: "Rijkswaterstaat, Room for the River programme (2006)" },
  { name: "Wuhan (Yangtze)", lat: 30.59, lon: 114.3, country: "CN", checks: ["FD>=3"], why: "Yangtze-Han confluence; the 1931, 1954 and 1998 floods", source: "DFO archive: Yangtze floods 1998" },
  { name: "Patna (Ganges)", lat: 25.6, lon: 85.1, country: "IN", checks: ["FD>=3"], why: "Ganges flood plain at the Son and Gandak confluences; Bihar floods", source: "DFO archive: Bihar floods 2019" },
  { name: "Guwahati (Brahmaputra)", lat: 26.14, lon: 91.74, country: "IN", checks: ["FD>=3"], why: "Brahmaputra valley; annual Assam floods", source: "DFO archive: Assam floods 2012, 2022" },
  { name: "Hanoi (Red River)", lat: 21.03, lon: 105.85, country: "VN", checks: ["FD>=3"], why: "Red River delta behind dykes; the 1971 flood", source: "DFO archive: Red River floods; Vietnam Disaster Management Authority" },
  { name: "Phnom Penh (Mekong)", lat: 11.56, lon: 104.92, country: "KH", checks: ["FD>=3"], why: "Mekong-Tonle Sap confluence; the 2000 and 2011 floods", source: "Mekong River Commission, Annual Flood Report 2011" },
  { name: "Vientiane (Mekong)", lat: 17.97, lon: 102.6, country: "LA", checks: ["FD>=3"], why: "Mekong flood of August 2008", source: "Mekong River Commission, Annual Flood Report 2008", miss: [{ check: "FD>=3", reason: "the 2′ grid puts the point at 183 m, 0 m above the channel of its river (≈ 9,261 km², 41 km away): within its flood stage and the grid's height allowance only in part (membership 16 %): at 3.7 km the grid's heights and flow paths miss the city's river bank (a few metres above the river, on it)" }] },
  { name: "Budapest (Danube)", lat: 47.5, lon: 19.04, country: "HU", checks: ["FD>=3"], why: "Danube floods of 2002 and June 2013 (record stage)", source: "DFO archive: Central European floods June 2013", miss: [{ check: "FD>=3", reason: "the 2′ grid puts the point at 127 m, 5 m above the channel of its river (≈ 5,843 km², 12 km away): within its flood stage and the grid's height allowance only in part (membership 67 %): at 3.7 km the grid's heights and flow paths miss the city's river bank (a few metres above the river, on it)" }] },
  { name: "Prague (Vltava)", lat: 50.08, lon: 14.42, country: "CZ", checks: ["FD>=3"], why: "Vltava flood of August 2002", source: "DFO archive: Central European floods August 2002" },
  { name: "Paris (Seine)", lat: 48.86, lon: 2.35, country: "FR", checks: ["FD>=3"], why: "Seine floods of 1910 and June 2016", source: "OECD 2014, Seine Basin, Île-de-France: Resilience to Major Floods", miss: [{ check: "FD>=3", reason: "the 2′ grid puts the point at 111 m, 28 m above the channel of its river (≈ 39,811 km², 4.5 km away): within its flood stage and the grid's height allowance only in part (membership 38 %): at 3.7 km the grid's heights and flow paths miss the city's river bank (a few metres above the river, on it)" }] },
  { name: "Florence (Arno)", lat: 43.77, lon: 11.25, country: "IT", checks: ["FD>=3"], why: "Arno flood of November 1966", source: "Autorità di Bacino del Fiume Arno, Piano stralcio per la riduzione del rischio idraulico (1999)" },
  { name: "Belgrade (Sava-Danube)", lat: 44.82, lon: 20.46, country: "RS", checks: ["FD>=3"], why: "Sava-Danube confluence; the May 2014 Sava flood", source: "Government of Serbia et al. 2014, Serbia Floods 2014 (Recovery Needs Assessment)", miss: [{ check: "FD>=3", reason: "the 2′ grid puts the point at 102 m, above every nearby channel's flood stage and the grid's height allowance (212 m of relief around it): at 3.7 km the grid's heights and flow paths miss the city's river bank (a few metres above the river, on it)" }] },
  { name: "St. Louis (Mississippi)", lat: 38.63, lon: -90.2, country: "US", checks: ["FD>=3"], why: "Mississippi-Missouri confluence; the Great Flood of 1993", source: "USGS Circular 1120-A, The Great Flood of 1993" },
  { name: "Memphis (Mississippi)", lat: 35.15, lon: -90.05, country: "US", checks: ["FD>=3"], why: "lower Mississippi floods of 1937 and 2011", source: "US Army Corps of Engineers, Mississippi River and Tributaries flood of 2011 report" },
  { name: "Fargo (Red River)", lat: 46.88, lon: -96.79, country: "US", checks: ["FD>=3"], why: "flat lake-bed plain of the Red River of the North; floods of 1997 and 2009", source: "USGS Scientific Investigations Report 2010-5052 (2009 Red River flood)" },
  { name: "Asunción (Paraguay River)", lat: -25.28, lon: -57.63, country: "PY", checks: ["FD>=3"], why: "Paraguay River floods of 1983 and 2019 displaced the riverside districts", source: "DFO archive: Paraguay River floods 1983, 2019", miss: [{ check: "FD>=3", reason: "the 2′ grid puts the point at 131 m, 39 m above the channel of its river (≈ 1,165,914 km², 5 km away): within its flood stage and the grid's height allowance only in part (membership 15 %): at 3.7 km the grid's heights and flow paths miss the city's river bank (a few metres above the river, on it)" }] },
  { name: "Santa Fe (Salado-Paraná)", lat: -31.63, lon: -60.7, country: "AR", checks: ["FD>=3"], why: "Salado flood of April 2003 on the Paraná flood plain", source: "DFO archive: Santa Fe (Salado) flood April 2003" },
  { name: "Iquitos (Amazon)", lat: -3.75, lon: -73.25, country: "PE", checks: ["FD>=3"], why: "Amazon flood plain; the 2012 record flood", source: "DFO archive: Peruvian Amazon floods 2012" },
  { name: "Bamako (Niger)", lat: 12.64, lon: -8.0, country: "ML", checks: ["FD>=3"], why: "on the Niger; floods of 2013 and 2019", source: "DFO archive: Mali floods 2013" },
  { name: "Lokoja (Niger-Benue)", lat: 7.8, lon: 6.74, country: "NG", checks: ["FD>=3"], why: "Niger-Benue confluence; the 2012 and 2022 floods", source: "Federal Government of Nigeria 2013, Nigeria Post-Disaster Needs Assessment: 2012 Floods" },
  { name: "Beira (Pungwe-Buzi)", lat: -19.84, lon: 34.84, country: "MZ", checks: ["FD>=3"], why: "Pungwe and Buzi deltas; Cyclone Idai's river floods of March 2019", source: "Government of Mozambique 2019, Mozambique Cyclone Idai Post-Disaster Needs Assessment", miss: [{ check: "FD>=3", reason: "the Pungwe estuary is open sea on the 1′ shoreline mask, so the 2′ network's trunk river reaches the sea before the city's land; the hexagon's low land drains to the sea through no channel of 1,000 km², and its river factor is 0" }] },
  { name: "Lahore (Ravi)", lat: 31.55, lon: 74.34, country: "PK", checks: ["FD>=3"], why: "Ravi flood plain; the 1988 flood", source: "DFO archive: Punjab floods 1988, 2014" },
  { name: "Hyderabad (Indus)", lat: 25.4, lon: 68.37, country: "PK", checks: ["FD>=3"], why: "lower Indus flood plain; the 2010 and 2022 floods", source: "Government of Pakistan et al. 2022, Pakistan Floods 2022 Post-Disaster Needs Assessment" },
  { name: "Srinagar (Jhelum)", lat: 34.08, lon: 74.8, country: "IN", checks: ["FD>=3"], why: "Jhelum flood plain of the Kashmir valley; the September 2014 flood", source: "DFO archive: Jammu and Kashmir floods September 2014", miss: [{ check: "FD>=3", reason: "the 2′ grid puts the point at 1772 m, above every nearby channel's flood stage and the grid's height allowance (641 m of relief around it): at 3.7 km the grid's heights and flow paths miss the city's river bank (a few metres above the river, on it)" }] },
  { name: "Surat (Tapi)", lat: 21.17, lon: 72.83, country: "IN", checks: ["FD>=3"], why: "Tapi estuary; the August 2006 flood covered most of the city", source: "DFO archive: Gujarat (Surat) floods August 2006" },
  { name: "Villahermosa (Grijalva)", lat: 17.99, lon: -92.93, country: "MX", checks: ["FD>=3"], why: "Grijalva-Usumacinta plain; the 2007 Tabasco flood covered most of the city", source: "CEPAL 2008, Tabasco: características e impacto socioeconómico de las inundaciones de 2007" },
  { name: "Harbin (Songhua)", lat: 45.75, lon: 126.65, country: "CN", checks: ["FD>=3"], why: "Songhua flood plain; the 1998 flood", source: "DFO archive: Songhua and Nen river floods 1998" },
  { name: "Nanjing (Yangtze)", lat: 32.06, lon: 118.8, country: "CN", checks: ["FD>=3"], why: "lower Yangtze; the 1954 and 2020 floods", source: "DFO archive: Yangtze floods 2020" },
  { name: "Kinshasa (Congo)", lat: -4.32, lon: 15.31, country: "CD", checks: ["FD>=3"], why: "Congo River at the Pool Malebo; the December 2019 river flood", source: "DFO archive: Congo River floods December 2019" },
  { name: "Saint-Louis (Senegal River)", lat: 16.03, lon: -16.5, country: "SN", checks: ["FD>=3"], why: "Senegal River mouth; the 2003 flood forced the breach of the Langue de Barbarie", source: "DFO archive: Senegal River floods 2003", miss: [{ check: "FD>=3", reason: "the lower Senegal runs behind the Langue de Barbarie in a lagoon-estuary that the 1′ shoreline mask counts as sea; the hexagon's floodplain belongs to a local channel of ≈ 1,600 km² whose dry Sahelian runoff gives no flow" }] },
  { name: "Rockhampton (Fitzroy)", lat: -23.38, lon: 150.51, country: "AU", checks: ["FD>=3"], why: "Fitzroy River flood plain; the 1918 and January 2011 floods", source: "Queensland Floods Commission of Inquiry 2012, Final Report" },
  { name: "Cedar Rapids (Cedar River)", lat: 41.98, lon: -91.67, country: "US", checks: ["FD>=3"], why: "Cedar River flood of June 2008 (a 500-year stage)", source: "USGS Open-File Report 2010-1190 (June 2008 Iowa floods)" },
  { name: "Riyadh (no river)", lat: 24.71, lon: 46.68, country: "SA", checks: ["FD<=2"], why: "desert plateau at 600 m; only the short Wadi Hanifa, no perennial river", source: "Encyclopaedia Britannica, Riyadh" },
  { name: "Doha (no river)", lat: 25.29, lon: 51.53, country: "QA", checks: ["FD<=2"], why: "desert peninsula without rivers", source: "Encyclopaedia Britannica, Qatar: drainage" },
  { name: "Dubai (no river)", lat: 25.2, lon: 55.27, country: "AE", checks: ["FD<=2"], why: "desert coast; the Creek is a sea inlet, not a river", source: "Encyclopaedia Britannica, Dubai" },
  { name: "Kuwait City (no river)", lat: 29.37, lon: 47.98, country: "KW", checks: ["FD<=2"], why: "desert without permanent rivers", source: "Encyclopaedia Britannica, Kuwait: drainage" },
  { name: "Amman (upland)", lat: 31.95, lon: 35.93, country: "JO", checks: ["FD<=2"], why: "hills at 700-1,100 m on the plateau rim; no large river", source: "Encyclopaedia Britannica, Amman" },
  { name: "Jerusalem (upland)", lat: 31.78, lon: 35.22, country: "IL", checks: ["FD<=2"], why: "ridge city at 750 m on the watershed of the Judean hills", source: "Encyclopaedia Britannica, Jerusalem" },
  { name: "Sana'a (upland)", lat: 15.37, lon: 44.19, country: "YE", checks: ["FD<=2"], why: "highland basin at 2,250 m; dry, no river", source: "Encyclopaedia Britannica, Sanaa" },
  { name: "Asmara (upland)", lat: 15.33, lon: 38.93, country: "ER", checks: ["FD<=2"], why: "plateau at 2,330 m near the Red Sea escarpment's crest", source: "Encyclopaedia Britannica, Asmara" },
  { name: "Addis Ababa (upland)", lat: 9.03, lon: 38.74, country: "ET", checks: ["FD<=2"], why: "highland at 2,350 m at the head of small streams", source: "Encyclopaedia Britannica, Addis Ababa" },
  { name: "Johannesburg (upland)", lat: -26.2, lon: 28.05, country: "ZA", checks: ["FD<=2"], why: "Witwatersrand ridge at 1,750 m, a continental divide", source: "Encyclopaedia Britannica, Johannesburg" },
  { name: "Windhoek (upland)", lat: -22.56, lon: 17.08, country: "NA", checks: ["FD<=2"], why: "semi-arid highland at 1,650 m; no perennial river", source: "Encyclopaedia Britannica, Windhoek" },
  { name: "Cape Town (no large river)", lat: -33.92, lon: 18.42, country: "ZA", checks: ["FD<=2"], why: "between Table Mountain and the sea; short streams only", source: "Encyclopaedia Britannica, Cape Town" },
  { name: "Valletta (no river)", lat: 35.9, lon: 14.51, country: "MT", checks: ["FD<=2"], why: "Malta has no permanent rivers", source: "Encyclopaedia Britannica, Malta: drainage" },
  { name: "Reykjavik (no large river)", lat: 64.15, lon: -21.94, country: "IS", checks: ["FD<=2"], why: "coastal lava plain; only short streams", source: "Encyclopaedia Britannica, Reykjavík" },
  { name: "Shimla (ridge)", lat: 31.1, lon: 77.17, country: "IN", checks: ["FD<=2"], why: "ridge-top town at 2,200 m; the Sutlej runs in a gorge far below", source: "Encyclopaedia Britannica, Shimla" },
  { name: "Darjeeling (ridge)", lat: 27.04, lon: 88.26, country: "IN", checks: ["FD<=2"], why: "ridge-top town at 2,000 m", source: "Encyclopaedia Britannica, Darjeeling" },
  { name: "Quito (upland)", lat: -0.18, lon: -78.47, country: "EC", checks: ["FD<=2"], why: "Andean basin at 2,850 m below Pichincha; no large river", source: "Encyclopaedia Britannica, Quito" },
  { name: "Nairobi (upland)", lat: -1.29, lon: 36.82, country: "KE", checks: ["FD<=2"], why: "highland at 1,800 m near the head of the Athi; small streams", source: "Encyclopaedia Britannica, Nairobi" },
  { name: "Canberra (upland)", lat: -35.28, lon: 149.13, country: "AU", checks: ["FD<=2"], why: "tableland at 580 m; the Molonglo is small and dammed into Lake Burley Griffin", source: "Encyclopaedia Britannica, Canberra" },
  { name: "Madrid (upland)", lat: 40.42, lon: -3.7, country: "ES", checks: ["FD<=2"], why: "Meseta at 650 m; the Manzanares is a small river", source: "Encyclopaedia Britannica, Madrid" },
  { name: "Tehran (foothills)", lat: 35.69, lon: 51.39, country: "IR", checks: ["FD<=2"], why: "Alborz foothills at 1,200 m; no large river, dry summers", source: "Encyclopaedia Britannica, Tehran" },
  { name: "Tripoli (no river)", lat: 32.89, lon: 13.19, country: "LY", checks: ["FD<=2"], why: "desert coast without permanent rivers", source: "Encyclopaedia Britannica, Libya: drainage" },
  { name: "Nouakchott (no river)", lat: 18.08, lon: -15.98, country: "MR", checks: ["FD<=2"], why: "Saharan coast, 200 km north of the Senegal River", source: "Encyclopaedia Britannica, Nouakchott" },
  { name: "Las Vegas (desert)", lat: 36.17, lon: -115.14, country: "US", checks: ["FD<=2"], why: "Mojave desert basin; washes only, the Colorado lies 40 km east", source: "Encyclopaedia Britannica, Las Vegas" },
  { name: "Cusco (upland)", lat: -13.53, lon: -71.97, country: "PE", checks: ["FD<=2"], why: "Andean valley head at 3,400 m", source: "Encyclopaedia Britannica, Cusco" },
  { name: "Perth (no large river)", lat: -31.95, lon: 115.86, country: "AU", checks: ["FD<=2"], why: "dry-summer coastal plain; the Swan is an estuary with a small, regulated flow", source: "Encyclopaedia Britannica, Perth", miss: [{ check: "FD<=2", reason: "the network finds the Swan-Avon basin (≈ 108,000 km²) and 36 % of the hexagon is its valley floor; the runoff proxy P = 6 × (Jul + Dec) takes a winter-rain climate's wet July for the whole year, so even with the effective-temperature PET of 3.2.0 it gives the Avon ≈ 90 m³/s from the dry wheatbelt (≈ 210 before), and the point (on the Swan's valley floor, 3 m above the channel) would need under ≈ 10 m³/s to read 2 Moderate" }] },
  // 3.1.0: more of the panel, chosen from flood records and gazetteer entries before the model was run on them;
  // every one is kept whatever it scores
  { name: "Lismore (Wilsons River)", lat: -28.81, lon: 153.28, country: "AU", checks: ["FD>=3"], why: "Wilsons River flood plain; floods of 1954, 2017 and February 2022 (record 14.4 m)", source: "Bureau of Meteorology, Lismore flood history", miss: [{ check: "FD>=3", reason: "the 2′ grid puts the point at 70 m, 27 m above the channel of its river (≈ 1,080 km², 8 km away): within its flood stage and the grid's height allowance only in part (membership 27 %): at 3.7 km the grid's heights and flow paths miss the city's river bank (a few metres above the river, on it)" }] },
  { name: "Wagga Wagga (Murrumbidgee)", lat: -35.11, lon: 147.37, country: "AU", checks: ["FD>=3"], why: "Murrumbidgee flood plain behind a levee; floods of 1974 and March 2012", source: "NSW SES, Wagga Wagga City Local Flood Plan" },
  { name: "Maitland (Hunter)", lat: -32.73, lon: 151.55, country: "AU", checks: ["FD>=3"], why: "Hunter River flood plain; the February 1955 flood", source: "Bureau of Meteorology, Hunter River flood history" },
  { name: "Passau (Danube-Inn)", lat: 48.57, lon: 13.43, country: "DE", checks: ["FD>=3"], why: "Danube, Inn and Ilz confluence; June 2013 record stage of 12.89 m", source: "DFO archive: Central Europe floods June 2013" },
  { name: "Koblenz (Rhine-Moselle)", lat: 50.36, lon: 7.59, country: "DE", checks: ["FD>=3"], why: "Rhine-Moselle confluence; floods of December 1993 and January 1995", source: "ICPR (International Commission for the Protection of the Rhine), Rhine flood reports 1993 and 1995" },
  { name: "Magdeburg (Elbe)", lat: 52.13, lon: 11.63, country: "DE", checks: ["FD>=3"], why: "Elbe flood plain; floods of 2002 and June 2013 (record 7.48 m)", source: "DFO archive: Central Europe floods June 2013" },
  { name: "Bratislava (Danube)", lat: 48.15, lon: 17.11, country: "SK", checks: ["FD>=3"], why: "Danube floods of 2002 and June 2013", source: "ICPDR, Floods in June 2013 in the Danube River Basin" },
  { name: "York (Ouse)", lat: 53.96, lon: -1.08, country: "GB", checks: ["FD>=3"], why: "Ouse-Foss confluence; floods of November 2000 and December 2015", source: "Environment Agency, York flood alleviation scheme" },
  { name: "Carlisle (Eden)", lat: 54.89, lon: -2.93, country: "GB", checks: ["FD>=3"], why: "Eden, Caldew and Petteril confluence; floods of January 2005 and December 2015", source: "Environment Agency, Carlisle flood investigation report (2016)", miss: [{ check: "FD>=3", reason: "the 2′ grid puts the point at 81 m, 32 m above the channel of its river (≈ 3,415 km², 12 km away): within its flood stage and the grid's height allowance only in part (membership 14 %): at 3.7 km the grid's heights and flow paths miss the city's river bank (a few metres above the river, on it)" }] },
  { name: "Winnipeg (Red River)", lat: 49.9, lon: -97.14, country: "CA", checks: ["FD>=3"], why: "Red-Assiniboine confluence on a lake-bed plain; the 1950 and 1997 floods", source: "Manitoba Infrastructure, Red River Floodway" },
  { name: "Sacramento (Sacramento-American)", lat: 38.58, lon: -121.49, country: "US", checks: ["FD>=3"], why: "Sacramento-American confluence behind levees; floods of 1862, 1986 and 1997", source: "US Army Corps of Engineers, Sacramento River Flood Control Project" },
  { name: "Davenport (Mississippi)", lat: 41.52, lon: -90.58, country: "US", checks: ["FD>=3"], why: "Mississippi riverfront without a floodwall; floods of 1993 and 2019 (record stage)", source: "NWS Quad Cities, Mississippi River at Rock Island flood history" },
  { name: "Omaha (Missouri)", lat: 41.26, lon: -95.94, country: "US", checks: ["FD>=3"], why: "Missouri flood plain; floods of 1952, 2011 and 2019", source: "USACE Omaha District, 2011 Missouri River flood" },
  { name: "Corrientes (Paraná)", lat: -27.47, lon: -58.83, country: "AR", checks: ["FD>=3"], why: "Paraná-Paraguay confluence; floods of 1983 and 1998", source: "DFO archive: Paraná floods 1998" },
  { name: "Santarém (Amazon-Tapajós)", lat: -2.44, lon: -54.71, country: "BR", checks: ["FD>=3"], why: "Amazon-Tapajós confluence; the 2009 flood", source: "DFO archive: Amazon floods 2009", miss: [{ check: "FD>=3", reason: "the 2′ grid puts the point at 83 m, 34 m above the channel of its river (≈ 5,411,695 km², 10.5 km away): within its flood stage and the grid's height allowance only in part (membership 14 %): at 3.7 km the grid's heights and flow paths miss the city's river bank (a few metres above the river, on it)" }] },
  { name: "Niamey (Niger)", lat: 13.51, lon: 2.11, country: "NE", checks: ["FD>=3"], why: "Niger flood plain; floods of 2012 and 2020", source: "DFO archive: Niger floods 2020" },
  { name: "Juba (White Nile)", lat: 4.85, lon: 31.58, country: "SS", checks: ["FD>=3"], why: "White Nile flood plain; the 2020-2022 floods", source: "OCHA, South Sudan floods 2021" },
  { name: "Nowshera (Kabul River)", lat: 34.02, lon: 71.98, country: "PK", checks: ["FD>=3"], why: "Kabul River flood of July 2010 submerged the town", source: "DFO archive: Pakistan floods 2010" },
  { name: "Multan (Chenab)", lat: 30.2, lon: 71.47, country: "PK", checks: ["FD>=3"], why: "Chenab flood plain; the September 2014 flood", source: "NDMA Pakistan, 2014 floods" },
  { name: "Varanasi (Ganges)", lat: 25.32, lon: 83.0, country: "IN", checks: ["FD>=3"], why: "Ganges flood plain; floods of 1978 and 2013", source: "Central Water Commission, flood forecasting station Varanasi" },
  { name: "Prayagraj (Ganges-Yamuna)", lat: 25.44, lon: 81.85, country: "IN", checks: ["FD>=3"], why: "Ganges-Yamuna confluence; floods of 1978 and 2013", source: "Central Water Commission, flood forecasting station Prayagraj" },
  { name: "Can Tho (Mekong)", lat: 10.03, lon: 105.78, country: "VN", checks: ["FD>=3"], why: "Mekong delta on the Hau River; the 2000 and 2011 floods", source: "Mekong River Commission, Annual Flood Report 2011" },
  { name: "Changsha (Xiang)", lat: 28.23, lon: 112.94, country: "CN", checks: ["FD>=3"], why: "Xiang River flood plain; floods of 1998 and July 2017 (record stage)", source: "DFO archive: China floods 2017" },
  { name: "Jiujiang (Yangtze)", lat: 29.71, lon: 116.0, country: "CN", checks: ["FD>=3"], why: "Yangtze at the Poyang lake outlet; the levee breach of August 1998", source: "DFO archive: Yangtze floods 1998", miss: [{ check: "FD>=3", reason: "the 2′ grid puts the point at 64 m, 8 m above the channel of its river (≈ 1,585 km², 29.5 km away): within its flood stage and the grid's height allowance only in part (membership 24 %): at 3.7 km the grid's heights and flow paths miss the city's river bank (a few metres above the river, on it)" }] },
  { name: "Broken Hill (desert)", lat: -31.95, lon: 141.45, country: "AU", checks: ["FD<=2"], why: "arid Barrier Range at 300 m; no river", source: "Encyclopaedia Britannica, Broken Hill" },
  { name: "Kalgoorlie (desert)", lat: -30.75, lon: 121.47, country: "AU", checks: ["FD<=2"], why: "arid goldfields plateau; salt lakes and no river", source: "Encyclopaedia Britannica, Kalgoorlie-Boulder" },
  { name: "Flagstaff (upland)", lat: 35.2, lon: -111.65, country: "US", checks: ["FD<=2"], why: "Colorado Plateau at 2,100 m below the San Francisco Peaks; no large river", source: "Encyclopaedia Britannica, Flagstaff" },
  { name: "Santa Fe (upland)", lat: 35.69, lon: -105.94, country: "US", checks: ["FD<=2"], why: "plateau at 2,100 m at the foot of the Sangre de Cristo; the Santa Fe River is small", source: "Encyclopaedia Britannica, Santa Fe" },
  { name: "Manama (no river)", lat: 26.23, lon: 50.58, country: "BH", checks: ["FD<=2"], why: "Bahrain has no rivers", source: "Encyclopaedia Britannica, Bahrain: land" },
  { name: "Abu Dhabi (no river)", lat: 24.45, lon: 54.38, country: "AE", checks: ["FD<=2"], why: "desert island city; no rivers", source: "Encyclopaedia Britannica, Abu Dhabi" },
  { name: "Muscat (no river)", lat: 23.59, lon: 58.41, country: "OM", checks: ["FD<=2"], why: "desert coast below the Hajar; wadis only", source: "Encyclopaedia Britannica, Muscat" },
  { name: "Bloemfontein (upland)", lat: -29.12, lon: 26.21, country: "ZA", checks: ["FD<=2"], why: "highveld plateau at 1,400 m; small streams only", source: "Encyclopaedia Britannica, Bloemfontein" },
  { name: "Nassau (no river)", lat: 25.06, lon: -77.34, country: "BS", checks: ["FD<=2"], why: "limestone island without rivers", source: "Encyclopaedia Britannica, The Bahamas: land" },
  { name: "Las Palmas (no river)", lat: 28.12, lon: -15.43, country: "ES", checks: ["FD<=2"], why: "volcanic island; ravines (barrancos) only", source: "Encyclopaedia Britannica, Las Palmas" },
  { name: "Hamilton (no river)", lat: 32.29, lon: -64.78, country: "BM", checks: ["FD<=2"], why: "Bermuda has no rivers or streams", source: "Encyclopaedia Britannica, Bermuda" },
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
