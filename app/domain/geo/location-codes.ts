/** Location codes: a country (ISO 3166-1 alpha-2), a region (ISO 3166-2) or a hexagon of the dataset's H3 grid. */
import { h3CellResolution } from "./h3-cell";

export const LOCATION_KINDS = ["country", "region", "hexagon"] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/** The hex grid of the dataset. */
export const HEXAGON_RESOLUTION = 4;

export interface LocationRef {
  kind: LocationKind;
  code: string;
}

/** Classifies a location code by its shape and normalises its case; null when it is none of the three. */
export function classifyLocationCode(raw: unknown): LocationRef | null {
  if (typeof raw !== "string") return null;
  const code = raw.trim();
  if (/^[A-Za-z]{2}$/.test(code)) return { kind: "country", code: code.toUpperCase() };
  if (/^[A-Za-z]{2}-[A-Za-z0-9]{1,3}$/.test(code)) return { kind: "region", code: code.toUpperCase() };
  if (/^[0-9a-fA-F]{15}$/.test(code)) {
    const hex = code.toLowerCase();
    if (h3CellResolution(hex) === HEXAGON_RESOLUTION) return { kind: "hexagon", code: hex };
  }
  return null;
}

/** The country a region code belongs to ('GB-LND' → 'GB'). */
export function countryOfRegion(regionCode: string): string {
  return regionCode.slice(0, 2).toUpperCase();
}
