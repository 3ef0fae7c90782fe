import { OCCUPANCIES, type Occupancy } from "./depth-damage-functions";

/** Used when an upload has no occupancy column or a cell says nothing we recognise. */
export const DEFAULT_OCCUPANCY: Occupancy = "commercial";

/** Header names (lower case, English, German, French, Dutch) that hold an asset's occupancy. */
export const OCCUPANCY_HEADERS = [
  "occupancy",
  "occupancy type",
  "use",
  "usage",
  "building use",
  "building type",
  "asset type",
  "property type",
  "nutzung",
  "nutzungsart",
  "gebäudeart",
  "gebaeudeart",
  "objektart",
  "gebäudenutzung",
  "occupation",
  "type de bâtiment",
  "type de batiment",
  "affectation",
  "type d'actif",
  "gebruik",
  "gebruiksfunctie",
  "bestemming",
  "objecttype",
  "type pand",
] as const;

const WORDS: Record<Occupancy, string[]> = {
  residential: [
    "residential",
    "residence",
    "housing",
    "house",
    "home",
    "dwelling",
    "apartment",
    "flat",
    "wohnen",
    "wohngebäude",
    "wohnung",
    "wohnhaus",
    "résidentiel",
    "residentiel",
    "logement",
    "habitation",
    "maison",
    "wonen",
    "woning",
    "residentieel",
    "woonhuis",
  ],
  commercial: [
    "commercial",
    "commerce",
    "office",
    "retail",
    "shop",
    "hotel",
    "school",
    "hospital",
    "gewerbe",
    "büro",
    "buero",
    "handel",
    "geschäft",
    "bureau",
    "bureaux",
    "magasin",
    "kantoor",
    "winkel",
    "commercieel",
    "detailhandel",
  ],
  industrial: [
    "industrial",
    "industry",
    "factory",
    "warehouse",
    "logistics",
    "plant",
    "industrie",
    "fabrik",
    "lager",
    "lagerhalle",
    "produktion",
    "usine",
    "entrepôt",
    "entrepot",
    "industriel",
    "fabriek",
    "magazijn",
    "industrieel",
  ],
  transport: ["transport", "station", "port", "airport", "verkehr", "bahnhof", "hafen", "gare", "aéroport", "vervoer"],
  infrastructure: [
    "infrastructure",
    "road",
    "roads",
    "railway",
    "straße",
    "strasse",
    "infrastruktur",
    "route",
    "weg",
    "wegen",
    "infrastructuur",
  ],
  agriculture: [
    "agriculture",
    "agricultural",
    "farm",
    "farmland",
    "crop",
    "landwirtschaft",
    "bauernhof",
    "agricole",
    "ferme",
    "landbouw",
    "boerderij",
  ],
};

const LOOKUP = new Map<string, Occupancy>();
for (const occ of OCCUPANCIES) for (const w of [occ, ...WORDS[occ]]) LOOKUP.set(w, occ);

function normalise(s: string): string {
  return s.trim().toLowerCase().replace(/\s+/g, " ");
}

/** Index of the occupancy column among the headers, or -1. */
export function occupancyColumn(headers: readonly (string | null | undefined)[]): number {
  const names = new Set<string>(OCCUPANCY_HEADERS);
  return headers.findIndex((h) => typeof h === "string" && names.has(normalise(h)));
}

/** The occupancy a cell names (a class name or a common word for it, in EN/DE/FR/NL), or null. */
export function parseOccupancy(cell: unknown): Occupancy | null {
  if (typeof cell !== "string") return null;
  const s = normalise(cell);
  if (!s) return null;
  const whole = LOOKUP.get(s);
  if (whole) return whole;
  for (const word of s.split(/[^\p{L}]+/u)) {
    const hit = LOOKUP.get(word);
    if (hit) return hit;
  }
  return null;
}
