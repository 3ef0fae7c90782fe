/**
 * The dashboard's flood-loss view of a point: what its form asks (occupancy, value, protection standard, as URL
 * parameters so it works without JavaScript), and the words and number formats the view and the reports share.
 */
import { z } from "zod";
import { OCCUPANCIES, OCCUPANCY_LABELS, type Occupancy } from "./depth-damage-functions";
import { DEFAULT_PROTECTION_YEARS } from "./expected-damage";
import { DEFAULT_OCCUPANCY } from "./occupancy";

export const FLOOD_VIEW_PARAMS = {
  occupancy: "flood_occupancy",
  value: "flood_value_eur",
  protection: "flood_protection",
} as const;

const emptyAsUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

const FloodViewParams = z.object({
  occupancy: z.preprocess(emptyAsUndefined, z.enum(OCCUPANCIES).optional()),
  valueEur: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: "Enter the asset's value in EUR as a number" })
      .finite()
      .min(0, "The value cannot be negative")
      .max(1e13, "The value is too large")
      .optional(),
  ),
  protectionYears: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: "Enter the protection standard in years" })
      .int("Whole years")
      .min(1, "At least 1 year")
      .max(1000, "At most 1,000 years")
      .optional(),
  ),
});

export interface FloodViewSelection {
  occupancy: Occupancy;
  occupancyGiven: boolean;
  valueEur: number | null;
  protectionYears: number;
  /** Per form field, what is wrong with what was entered (the figure then uses the default). */
  errors: Partial<Record<"valueEur" | "protectionYears" | "occupancy", string>>;
  /** The form's entries as typed, to show them again. */
  raw: { occupancy: string; valueEur: string; protectionYears: string };
}

export function parseFloodViewParams(params: URLSearchParams): FloodViewSelection {
  const raw = {
    occupancy: params.get(FLOOD_VIEW_PARAMS.occupancy) ?? "",
    valueEur: params.get(FLOOD_VIEW_PARAMS.value) ?? "",
    protectionYears: params.get(FLOOD_VIEW_PARAMS.protection) ?? "",
  };
  const errors: FloodViewSelection["errors"] = {};
  const field = <K extends keyof typeof FloodViewParams.shape>(key: K, value: string) => {
    const r = FloodViewParams.shape[key].safeParse(value);
    if (r.success) return r.data as z.output<(typeof FloodViewParams.shape)[K]>;
    errors[key] = key === "occupancy" ? `Choose one of: ${OCCUPANCIES.join(", ")}` : r.error.issues[0]!.message;
    return undefined;
  };
  const occupancy = field("occupancy", raw.occupancy);
  const valueEur = field("valueEur", raw.valueEur);
  const protectionYears = field("protectionYears", raw.protectionYears);
  return {
    occupancy: occupancy ?? DEFAULT_OCCUPANCY,
    occupancyGiven: occupancy !== undefined,
    valueEur: valueEur ?? null,
    protectionYears: protectionYears ?? DEFAULT_PROTECTION_YEARS,
    errors,
    raw,
  };
}

export const FLOOD_VIEW_TEXT = {
  heading: "Flood depth and money at risk",
  lead: "From published flood-depth maps read at this point's pixel, turned into damage with the JRC depth-damage functions. Nothing here comes from the screening index; the River flood and Coastal flood scores above are that index.",
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

export function formatDepth(m: number | null): string {
  return m === null ? "no value" : `${m.toFixed(2)} m`;
}
