/**
 * The dashboard's flood-loss view of a point: the URL parameters its form sends (so it works without JavaScript),
 * and the words and number formats the view and the reports share. No schema here: the page's script imports this
 * module, and the parameters' schema (`point-view-params.ts`) stays on the server (ADR 022).
 */
import { OCCUPANCY_LABELS, type Occupancy } from "./depth-damage-functions";

export const FLOOD_VIEW_PARAMS = {
  occupancy: "flood_occupancy",
  value: "flood_value_eur",
  protection: "flood_protection",
} as const;

export const FLOOD_VIEW_TEXT = {
  heading: "Flood depth and money at risk",
  lead: "From published flood-depth maps read at this point's pixel, turned into damage with the JRC depth-damage functions. Nothing here comes from the screening index; the River flood and Coastal flood scores above come from these maps where they cover the point, and say so.",
  defaultOccupancy: (o: Occupancy) => `Occupancy: ${OCCUPANCY_LABELS[o]} (assumed; choose the asset's use below).`,
  noValue: "Enter the asset's value to see the losses in EUR; the damage ratios do not need it.",
  protection: (years: number, rule: string) =>
    `Assumed flood protection: floods more frequent than 1-in-${years} years do no damage. Expected annual damage: ${rule}.`,
  rpSumNote:
    "A single asset's 1-in-100-year loss; across assets these do not add up to a portfolio 1-in-100-year loss.",
} as const;

/** "12.5 %" with one decimal, or "–" for no value. */
export function formatRatio(r: number | null): string {
  return r === null ? "–" : `${(r * 100).toFixed(1)} %`;
}

/** A raster's pixel size as it is usually named: 30″ rather than 0.008333…°. */
export function formatPixelSize(deg: number): string {
  const seconds = deg * 3600;
  if (Math.abs(seconds - Math.round(seconds)) < 1e-6 && seconds < 60) return `${Math.round(seconds)}″`;
  const minutes = deg * 60;
  if (Math.abs(minutes - Math.round(minutes)) < 1e-6 && minutes < 60) return `${Math.round(minutes)}′`;
  return `${Number(deg.toPrecision(3))}°`;
}

export function formatDepth(m: number | null): string {
  return m === null ? "no value" : `${m.toFixed(2)} m`;
}
