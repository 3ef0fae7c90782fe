/**
 * A point's own inputs: its hexagon's inputs with every driver that exists finer than the hexagon replaced by the
 * point's own value (app/risk/point/point-drivers.ts). The hazard formulas are the hexagon's (formulas.ts), so a point and
 * its hexagon share one science. Pure.
 */
import { FD_PLAIN_FULL, LOW_LYING_M, shoreBandShare, type CellInputs } from "../formulas";
import {
  COAST_SEARCH_KM,
  RELIEF_WINDOW_PX,
  floodplainWithinHeightError,
  type PointRiver,
  type PointSample,
} from "./point-drivers";

/**
 * Temperature falls with height at the environmental lapse rate of the standard atmosphere, 6.5 °C per km
 * (ICAO Standard Atmosphere, ISO 2533:1975; the U.S. Standard Atmosphere 1976 uses the same troposphere gradient).
 * The 10′ climatology's temperature of a hexagon belongs to the hexagon's mean elevation; a point above or below
 * it is that much colder or warmer.
 */
export const LAPSE_RATE_C_PER_KM = 6.5;

/** The hexagon's inputs (and their meaning) that a point keeps. */
export interface PointInputs {
  inputs: CellInputs;
  /** Temperature change from the hexagon's mean elevation to the point's, °C. */
  lapseC: number;
  hexElevMeanM: number;
  /** true when the sea lies within COAST_SEARCH_KM of the point (its distance is the point's own). */
  coastOwn: boolean;
  sample: PointSample;
}

export function pointInputs(cell: CellInputs, s: PointSample, lat: number, lon: number): PointInputs {
  const hexElev = Number.isFinite(cell.elevMean) ? cell.elevMean : s.elevM;
  const lapseC = (LAPSE_RATE_C_PER_KM * (hexElev - s.elevM)) / 1000;
  const river = s.river;
  // low land joined to the sea is the floodplain of every river that crosses it (the hexagon's rule): a low-lying
  // point takes the largest river of its hexagon's delta where that is larger than its own
  const cellFlow = Number.isFinite(cell.flowM3s) ? cell.flowM3s : 0;
  const deltaRiver = s.lowShare > 0 && (!river || cellFlow > river.flowM3s);
  // Object.assign, not a spread followed by more fields: V8 copies the hexagon's fields and then these in a fraction
  // of the time (a point lookup's largest single cost otherwise)
  const inputs: CellInputs = Object.assign({}, cell, {
    lat,
    lon,
    elevMean: s.elevM,
    elevMin: s.elevM,
    relief: s.reliefM,
    slopeMean: s.slopeDeg,
    slopeSteep: s.steepSlopeDeg,
    landShare: 1,
    lowShare: s.lowShare,
    tJul: cell.tJul + lapseC,
    tDec: cell.tDec + lapseC,
    coastKm: s.coastKm ?? Math.max(Number.isFinite(cell.coastKm) ? cell.coastKm : 0, COAST_SEARCH_KM),
    // a point is in a floodplain or not: its membership (flatness × valley share × flood depth left) is the share
    // of a full floodplain's factor it takes, so a point on a wide valley floor beside its channel reads as a
    // hexagon wholly (FD_PLAIN_FULL) floodplain, one at the edge of its reach little
    floodplainShare: river ? river.membership * FD_PLAIN_FULL : 0,
    upstreamKm2: deltaRiver ? cell.upstreamKm2 : river ? river.areaKm2 : 0,
    flowM3s: deltaRiver ? cell.flowM3s : river ? river.flowM3s : 0,
    // the built-up share of the 3 × 3 pixels around the point (URBAN_WINDOW_PX): a city centre's fabric damps its
    // wildfire, the open land beyond a city's edge keeps its own (a version-1 file has none: the hexagon's stands)
    urbanShare: s.urbanShare ?? cell.urbanShare,
    // the point's ground is on the 2′ grid: it is no reef island, which that grid does not hold
    lowTopM: LOW_LYING_M,
    // a shore whose 2′ pixel is not low-lying still rises from the high-tide line: the point's place in that band
    shoreBandShare: shoreBandShare(s.coastKm, s.slopeDeg),
  });
  return { inputs, lapseC, hexElevMeanM: hexElev, coastOwn: s.coastKm !== null, sample: s };
}

const TWO_MIN = "2′ grid (≈ 3.7 km)";
/** Drivers read between pixel centres (PointDrivers.sample). */
const AT_POINT = `${TWO_MIN}, read between the four pixel centres around it`;
/** The lines a point near a large river reads its distance to (river-lines.ts). */
const MAPPED_LINES = "WDBII major rivers, drawn at about 1:1,000,000-1:3,000,000, ± 1 km";
/** Climate inputs (hexagon-climate.ts). */
const BETWEEN_CENTRES = "read between the centres of the three hexagons around the point";
const RELIEF_WINDOW = `${2 * RELIEF_WINDOW_PX + 1} × ${2 * RELIEF_WINDOW_PX + 1} pixels of the 2′ grid (≈ 18 km)`;

/**
 * Labels and units of a point's explanation inputs, each saying at what resolution the driver was read. Extra
 * entries (height above the channel, distance to it, the lapse-rate step) exist for points only.
 */
export function pointInputLabels(p: PointInputs): Record<string, [string, string]> {
  const ownRiver = p.sample.river !== null && p.inputs.flowM3s === p.sample.river.flowM3s;
  return {
    elevMean: [`elevation at this point, ${AT_POINT}`, "m"],
    elevMin: [`elevation at this point, ${AT_POINT}`, "m"],
    relief: [
      `relief around this point (max − min height of the ${RELIEF_WINDOW}, read between the four pixel centres around it)`,
      "m",
    ],
    slopeMean: [`slope at this point, ${AT_POINT}`, "°"],
    slopeSteep: [
      `steepest slope of the 3 × 3 pixels of the ${TWO_MIN} around this point (its valley sides; read between the four pixel centres around it)`,
      "°",
    ],
    landShare: ["land at this point (1 yes)", "1"],
    lowTopM: [`top of the low land at this point: ${LOW_LYING_M} m (its ground is on the 2′ grid)`, "m"],
    lowShare: [
      `low-lying (≤ 10 m) and joined to the sea around this point: the share of the land within one pixel of each of the four 2′ pixels (≈ 3.7 km) around it that is, each pixel by its nearness (1 all, 0 none)`,
      "1",
    ],
    shoreBandShare: [
      `this point's place in the band of ground below ${LOW_LYING_M} m that its slope leaves beside the sea (${LOW_LYING_M} m / tan slope wide; 100 % at the shore, falling to 0 at the band's inland edge or at one 2′ pixel, ≈ 3.7 km, from the sea, whichever is nearer)`,
      "1",
    ],
    tJul: [
      `July mean temperature at this point's elevation (10′ climatology ${BETWEEN_CENTRES}, belonging to ${Math.round(p.hexElevMeanM)} m, ${LAPSE_RATE_C_PER_KM} °C/km)`,
      "°C",
    ],
    tDec: [
      `December mean temperature at this point's elevation (10′ climatology ${BETWEEN_CENTRES}, belonging to ${Math.round(p.hexElevMeanM)} m, ${LAPSE_RATE_C_PER_KM} °C/km)`,
      "°C",
    ],
    pJul: [`July precipitation, 10′ climatology (hexagon means ${BETWEEN_CENTRES})`, "mm"],
    pDec: [`December precipitation, 10′ climatology (hexagon means ${BETWEEN_CENTRES})`, "mm"],
    coastKm: [
      p.coastOwn
        ? `distance from this point to the sea, ${TWO_MIN}`
        : `distance to the sea (more than ${COAST_SEARCH_KM} km from this point; the hexagon's value)`,
      "km",
    ],
    floodplainShare: [
      `floodplain membership of this point × ${FD_PLAIN_FULL}, ${AT_POINT} (flatness × ${p.sample.river?.lineKm !== undefined ? "the larger of the share of the pixel the floodplain's width covers and the point's own place on the valley floor by its distance to the river's mapped line" : "share of the pixel the floodplain's width covers"} × flood depth left at its own height and distance; ${FD_PLAIN_FULL} on a wide valley floor beside its channel, 0 outside every floodplain)`,
      "1",
    ],
    upstreamKm2: [
      ownRiver
        ? `drainage area of the largest river whose floodplain reaches this point, ${AT_POINT}`
        : "drainage area of the largest river of the hexagon's delta",
      "km²",
    ],
    flowM3s: [ownRiver ? `mean flow of that river, ${AT_POINT}` : "mean flow of that river (hexagon)", "m³/s"],
    handM: [`height of this point above that river's channel, ${AT_POINT}`, "m"],
    channelKm: [
      p.sample.river?.lineKm !== undefined
        ? `distance from this point to that river's mapped line (${MAPPED_LINES}), read at the point`
        : `distance from this point to that channel, ${AT_POINT}`,
      "km",
    ],
    lapseC: [
      `temperature from the elevation its climatology belongs to (${Math.round(p.hexElevMeanM)} m, the hexagons' mean elevations ${BETWEEN_CENTRES}) to this point's, ${LAPSE_RATE_C_PER_KM} °C/km`,
      "°C",
    ],
    tideM: ["tidal range at the nearest station (within 300 km)", "m"],
    coastalPlain: ["the hexagon is on the coast or on low land joined to it (1/0)", "1"],
    population: ["population of places in the hexagon (GeoNames)", "people"],
    tHotOffset: [`hottest month above the warmer of July/December (1.875° model year, ${BETWEEN_CENTRES})`, "°C"],
    tColdOffset: [`coldest month below the colder of July/December (1.875° model year, ${BETWEEN_CENTRES})`, "°C"],
    tMeanOffset: [`annual mean minus the July/December mean (1.875° model year, ${BETWEEN_CENTRES})`, "°C"],
    sstMonths: [`months with sea-surface temperature ≥ 26.5 °C offshore (2° COADS, ${BETWEEN_CENTRES})`, "months"],
  };
}

/** The values of a point's explanation inputs, the extra ones included. */
export function pointInputValues(p: PointInputs): Record<string, number> {
  const r = p.sample.river;
  return {
    ...(p.inputs as unknown as Record<string, number>),
    handM: r ? r.handM : NaN,
    channelKm: r ? r.channelKm : NaN,
    lapseC: Math.round(p.lapseC * 100) / 100,
  };
}

/**
 * The point's own floodplain where it decides the point's river flood and lies within the 2′ relief's height error
 * (floodplainWithinHeightError): its share is the larger of floodplain and low land, and its river is the point's
 * own; null otherwise.
 */
export function floodplainInHeightError(p: PointInputs): PointRiver | null {
  const r = p.sample.river;
  return r &&
    floodplainWithinHeightError(r) &&
    p.inputs.floodplainShare > p.inputs.lowShare &&
    p.inputs.flowM3s === r.flowM3s
    ? r
    : null;
}
