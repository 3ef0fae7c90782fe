/** The flood-loss view's URL parameters read with their schema: what was entered, what it means, what is wrong. */
import { z } from "zod";
import { OCCUPANCIES, type Occupancy } from "./depth-damage-functions";
import { DEFAULT_PROTECTION_YEARS } from "./expected-damage";
import { DEFAULT_OCCUPANCY } from "./occupancy";
import { FLOOD_VIEW_PARAMS } from "./point-view";

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
