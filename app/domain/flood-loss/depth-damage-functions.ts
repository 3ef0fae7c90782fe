/**
 * The JRC global flood depth-damage functions: damage as a fraction of the maximum damage (0..1) per water depth,
 * per continent and damage class. Values are the averaged continental functions of the published database.
 *
 * Source: Huizinga, J., de Moel, H., Szewczyk, W. (2017). Global flood depth-damage functions. Methodology and the
 * database with guidelines. EUR 28552 EN, Publications Office of the European Union, Luxembourg.
 * doi:10.2760/16510, JRC105688. Section 3 (the damage functions per damage class: residential buildings, commerce,
 * industry, transport, infrastructure-roads, agriculture), one averaged function per continent, tabulated at water
 * depths 0, 0.5, 1, 1.5, 2, 3, 4, 5 and 6 m. A dash in the report (no function for that continent) is `null` here.
 * Re-use: "© European Union, 2017 … reuse is authorised, provided the source is acknowledged".
 */

/** @public (the module's provenance and labels for pages and reports) */
export const DEPTH_DAMAGE_SOURCE = {
  citation:
    "Huizinga, J., de Moel, H., Szewczyk, W. (2017). Global flood depth-damage functions. Methodology and the database with guidelines. EUR 28552 EN. Publications Office of the European Union, Luxembourg.",
  doi: "10.2760/16510",
  reference: "JRC105688",
  url: "https://publications.jrc.ec.europa.eu/repository/handle/JRC105688",
  edition: "2017 (EUR 28552 EN), continental average damage functions, section 3",
  licence: "© European Union 2017; reuse authorised provided the source is acknowledged",
} as const;

/** Water depths (m) at which the published functions are tabulated. */
export const DAMAGE_DEPTHS_M = [0, 0.5, 1, 1.5, 2, 3, 4, 5, 6] as const;

export const CONTINENTS = ["europe", "north-america", "south-america", "asia", "africa", "oceania"] as const;
export type Continent = (typeof CONTINENTS)[number];

/** @public (the module's provenance and labels for pages and reports) */
export const CONTINENT_LABELS: Record<Continent, string> = {
  europe: "Europe",
  "north-america": "North America",
  "south-america": "Central and South America",
  asia: "Asia",
  africa: "Africa",
  oceania: "Oceania",
};

/** The damage classes of the JRC database. */
export const OCCUPANCIES = [
  "residential",
  "commercial",
  "industrial",
  "transport",
  "infrastructure",
  "agriculture",
] as const;
export type Occupancy = (typeof OCCUPANCIES)[number];

/** @public (the module's provenance and labels for pages and reports) */
export const OCCUPANCY_LABELS: Record<Occupancy, string> = {
  residential: "Residential buildings",
  commercial: "Commerce",
  industrial: "Industry",
  transport: "Transport",
  infrastructure: "Infrastructure (roads)",
  agriculture: "Agriculture",
};

type Row = readonly [number, number, number, number, number, number, number, number, number];

/**
 * Damage factor at DAMAGE_DEPTHS_M per class and continent, transcribed from the report's continental functions
 * (three decimals as published; Europe's functions are the round values the report gives).
 */
export const DEPTH_DAMAGE_TABLE: Record<Occupancy, Record<Continent, Row | null>> = {
  residential: {
    europe: [0, 0.25, 0.4, 0.5, 0.6, 0.75, 0.85, 0.95, 1],
    "north-america": [0.202, 0.443, 0.583, 0.683, 0.784, 0.854, 0.924, 0.959, 1],
    "south-america": [0, 0.491, 0.711, 0.842, 0.949, 0.984, 1, 1, 1],
    asia: [0, 0.327, 0.494, 0.617, 0.721, 0.87, 0.931, 0.984, 1],
    africa: [0, 0.22, 0.378, 0.531, 0.636, 0.817, 0.903, 0.957, 1],
    oceania: [0, 0.475, 0.64, 0.715, 0.788, 0.929, 0.967, 0.983, 1],
  },
  commercial: {
    europe: [0, 0.15, 0.3, 0.45, 0.55, 0.75, 0.9, 1, 1],
    "north-america": [0.018, 0.239, 0.374, 0.466, 0.552, 0.687, 0.822, 0.908, 1],
    "south-america": [0, 0.611, 0.84, 0.924, 0.992, 1, 1, 1, 1],
    asia: [0, 0.377, 0.538, 0.659, 0.763, 0.883, 0.942, 0.981, 1],
    africa: null,
    oceania: [0, 0.239, 0.481, 0.674, 0.865, 1, 1, 1, 1],
  },
  industrial: {
    europe: [0, 0.15, 0.27, 0.4, 0.52, 0.7, 0.85, 1, 1],
    "north-america": [0.026, 0.323, 0.511, 0.637, 0.74, 0.86, 0.937, 0.98, 1],
    "south-america": [0, 0.667, 0.889, 0.947, 1, 1, 1, 1, 1],
    asia: [0, 0.283, 0.482, 0.629, 0.717, 0.857, 0.909, 0.955, 1],
    africa: [0, 0.063, 0.247, 0.403, 0.494, 0.685, 0.919, 1, 1],
    oceania: null,
  },
  transport: {
    europe: [0, 0.317, 0.542, 0.702, 0.832, 1, 1, 1, 1],
    "north-america": null,
    "south-america": [0, 0.088, 0.175, 0.596, 0.842, 1, 1, 1, 1],
    asia: [0, 0.358, 0.572, 0.733, 0.847, 1, 1, 1, 1],
    africa: null,
    oceania: null,
  },
  infrastructure: {
    europe: [0, 0.25, 0.42, 0.55, 0.65, 0.8, 0.9, 1, 1],
    "north-america": null,
    "south-america": null,
    asia: [0, 0.214, 0.373, 0.604, 0.71, 0.808, 0.887, 0.969, 1],
    africa: null,
    oceania: null,
  },
  agriculture: {
    europe: [0, 0.3, 0.55, 0.65, 0.75, 0.85, 0.95, 1, 1],
    "north-america": [0.019, 0.268, 0.474, 0.551, 0.602, 0.76, 0.874, 0.954, 1],
    "south-america": null,
    asia: [0, 0.135, 0.37, 0.524, 0.558, 0.66, 0.834, 0.988, 1],
    africa: [0, 0.243, 0.472, 0.741, 0.917, 1, 1, 1, 1],
    oceania: null,
  },
};

export interface DamageCurve {
  occupancy: Occupancy;
  continent: Continent;
  depths: readonly number[];
  factors: readonly number[];
}

/** The published function for this class and continent, or null where the report has none. */
export function damageCurve(occupancy: Occupancy, continent: Continent): DamageCurve | null {
  const row = DEPTH_DAMAGE_TABLE[occupancy][continent];
  return row ? { occupancy, continent, depths: DAMAGE_DEPTHS_M, factors: row } : null;
}

/**
 * Damage factor at a water depth: linear between the tabulated depths, the 6 m value beyond 6 m. A dry place
 * (depth ≤ 0, or no value) takes no damage, even where the function starts above zero at 0 m (North America:
 * the published 0 m value stands for water at ground level, which a depth of zero in a hazard map is not).
 */
export function damageFactor(curve: DamageCurve, depthM: number): number {
  if (!(depthM > 0)) return 0;
  const { depths, factors } = curve;
  const last = depths.length - 1;
  if (depthM >= depths[last]!) return factors[last]!;
  let i = 1;
  while (depths[i]! < depthM) i++;
  const d0 = depths[i - 1]!;
  const d1 = depths[i]!;
  const f0 = factors[i - 1]!;
  const f1 = factors[i]!;
  return f0 + ((f1 - f0) * (depthM - d0)) / (d1 - d0);
}
