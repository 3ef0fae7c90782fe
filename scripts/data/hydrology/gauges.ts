/**
 * River gauges with their published drainage areas (GRDC station catalogue, Global Runoff Data Centre, Koblenz;
 * rounded to three significant figures), to check the drainage areas the 2′ network routes: a river captured by its neighbour,
 * or one that leaves its bed, reads far from its gauge. Gauges sit on the main stem, away from confluences where
 * the catalogue's area is ambiguous. Read by the build, never by a score.
 */
export interface RiverGauge {
  river: string;
  station: string;
  lat: number;
  lon: number;
  /** Published drainage area at the station, km². */
  areaKm2: number;
}

export const RIVER_GAUGES: readonly RiverGauge[] = [
  { river: "Rhine", station: "Basel-Rheinhalle", lat: 47.559, lon: 7.617, areaKm2: 35_900 },
  { river: "Rhine", station: "Maxau", lat: 49.039, lon: 8.306, areaKm2: 50_200 },
  { river: "Rhine", station: "Kaub", lat: 50.085, lon: 7.765, areaKm2: 103_000 },
  { river: "Rhine", station: "Köln", lat: 50.937, lon: 6.963, areaKm2: 144_000 },
  { river: "Rhine", station: "Lobith", lat: 51.84, lon: 6.11, areaKm2: 161_000 },
  { river: "Main", station: "Würzburg", lat: 49.796, lon: 9.926, areaKm2: 14_000 },
  { river: "Main", station: "Frankfurt-Osthafen", lat: 50.107, lon: 8.717, areaKm2: 24_800 },
  { river: "Mosel", station: "Cochem", lat: 50.143, lon: 7.168, areaKm2: 27_100 },
  { river: "Danube", station: "Ingolstadt", lat: 48.757, lon: 11.423, areaKm2: 20_000 },
  { river: "Danube", station: "Hofkirchen", lat: 48.677, lon: 13.116, areaKm2: 47_500 },
  { river: "Danube", station: "Achleiten", lat: 48.582, lon: 13.498, areaKm2: 76_700 },
  { river: "Danube", station: "Wien-Nussdorf", lat: 48.262, lon: 16.367, areaKm2: 102_000 },
  { river: "Danube", station: "Bratislava", lat: 48.139, lon: 17.109, areaKm2: 131_000 },
  { river: "Danube", station: "Nagymaros", lat: 47.79, lon: 18.96, areaKm2: 184_000 },
  { river: "Danube", station: "Orsova", lat: 44.7, lon: 22.42, areaKm2: 576_000 },
  { river: "Elbe", station: "Dresden", lat: 51.054, lon: 13.739, areaKm2: 53_100 },
  { river: "Elbe", station: "Neu Darchau", lat: 53.232, lon: 10.888, areaKm2: 132_000 },
  { river: "Weser", station: "Intschede", lat: 52.96, lon: 9.126, areaKm2: 37_700 },
  { river: "Oder", station: "Hohensaaten-Finow", lat: 52.86, lon: 14.14, areaKm2: 110_000 },
  { river: "Vistula", station: "Tczew", lat: 54.09, lon: 18.8, areaKm2: 194_000 },
  { river: "Rhône", station: "Beaucaire", lat: 43.806, lon: 4.644, areaKm2: 95_600 },
  { river: "Loire", station: "Montjean-sur-Loire", lat: 47.39, lon: -0.86, areaKm2: 110_000 },
  { river: "Seine", station: "Paris-Austerlitz", lat: 48.844, lon: 2.366, areaKm2: 43_800 },
  { river: "Po", station: "Pontelagoscuro", lat: 44.888, lon: 11.608, areaKm2: 70_100 },
  { river: "Volga", station: "Volgograd", lat: 48.8, lon: 44.59, areaKm2: 1_360_000 },
  { river: "Yangtze", station: "Yichang", lat: 30.69, lon: 111.28, areaKm2: 1_010_000 },
  { river: "Yangtze", station: "Hankou", lat: 30.58, lon: 114.28, areaKm2: 1_490_000 },
  { river: "Yangtze", station: "Datong", lat: 30.77, lon: 117.62, areaKm2: 1_710_000 },
  { river: "Yellow River", station: "Huayuankou", lat: 34.91, lon: 113.65, areaKm2: 730_000 },
  { river: "Mekong", station: "Pakse", lat: 15.12, lon: 105.8, areaKm2: 545_000 },
  { river: "Chao Phraya", station: "Nakhon Sawan", lat: 15.7, lon: 100.12, areaKm2: 111_000 },
  { river: "Brahmaputra", station: "Bahadurabad", lat: 25.18, lon: 89.67, areaKm2: 636_000 },
  { river: "Amur", station: "Khabarovsk", lat: 48.43, lon: 135.08, areaKm2: 1_630_000 },
  { river: "Ob", station: "Salekhard", lat: 66.57, lon: 66.53, areaKm2: 2_950_000 },
  { river: "Yenisei", station: "Igarka", lat: 67.48, lon: 86.5, areaKm2: 2_440_000 },
  { river: "Lena", station: "Kusur", lat: 70.68, lon: 127.39, areaKm2: 2_430_000 },
  { river: "Mississippi", station: "St. Louis", lat: 38.629, lon: -90.18, areaKm2: 1_810_000 },
  { river: "Mississippi", station: "Vicksburg", lat: 32.315, lon: -90.906, areaKm2: 2_960_000 },
  { river: "Missouri", station: "Omaha", lat: 41.259, lon: -95.923, areaKm2: 836_000 },
  { river: "Ohio", station: "Metropolis", lat: 37.147, lon: -88.74, areaKm2: 526_000 },
  { river: "Columbia", station: "The Dalles", lat: 45.607, lon: -121.172, areaKm2: 614_000 },
  { river: "Fraser", station: "Hope", lat: 49.38, lon: -121.45, areaKm2: 217_000 },
  { river: "Yukon", station: "Pilot Station", lat: 61.93, lon: -162.88, areaKm2: 831_000 },
  { river: "Mackenzie", station: "Arctic Red River", lat: 67.46, lon: -133.74, areaKm2: 1_660_000 },
  { river: "Orinoco", station: "Puente Angostura", lat: 8.14, lon: -63.6, areaKm2: 836_000 },
  { river: "Amazon", station: "Óbidos", lat: -1.947, lon: -55.511, areaKm2: 4_620_000 },
  { river: "Paraná", station: "Corrientes", lat: -27.47, lon: -58.85, areaKm2: 1_950_000 },
  { river: "Congo", station: "Kinshasa", lat: -4.3, lon: 15.3, areaKm2: 3_480_000 },
  { river: "Niger", station: "Niamey", lat: 13.5, lon: 2.1, areaKm2: 700_000 },
];

/** Pixels on each side of a gauge's own pixel searched for its river (≈ 7 km at 2′): gauge coordinates are rounded. */
export const GAUGE_SEARCH_PX = 2;
/** A modelled drainage area within this factor of the published one counts as agreeing. */
export const GAUGE_AGREE_FACTOR = 1.25;
