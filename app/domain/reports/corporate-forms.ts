/** Query and export form of /dashboard/corporate. Shared by the loader, the action and the page. */
import { z } from "zod";
import { TEMPLATE5_DEFAULTS, parseChronicHazards } from "./eba/template5";
import {
  FUTURE_PERIOD_IDS,
  FUTURE_SCENARIO_IDS,
  type FuturePeriodId,
  type FutureScenarioId,
} from "../hazards/scenarios";

export const DEFAULT_DISCLOSURE_SLOT: { scenario: FutureScenarioId; period: FuturePeriodId } = {
  scenario: "rcp45",
  period: "2050",
};

export const CorporateQuerySchema = z.object({
  portfolio: z.string().trim().max(100).optional().catch(undefined),
  scenario: z
    .enum(FUTURE_SCENARIO_IDS as [FutureScenarioId, ...FutureScenarioId[]])
    .catch(DEFAULT_DISCLOSURE_SLOT.scenario),
  period: z.enum(FUTURE_PERIOD_IDS as [FuturePeriodId, ...FuturePeriodId[]]).catch(DEFAULT_DISCLOSURE_SLOT.period),
  /** EBA Template 5: the level at or above which a hazard makes a loan sensitive (3 High, 4 Severe, 5 Extreme). */
  t5_level: z.coerce
    .number()
    .pipe(z.union([z.literal(3), z.literal(4), z.literal(5)]))
    .catch(3),
  /** EBA Template 5: the hazards counted as chronic (comma-separated ids), every other one acute; unset: the EU Taxonomy's split. */
  t5_chronic: z
    .string()
    .max(200)
    .optional()
    .transform((v) => (v === undefined ? [...TEMPLATE5_DEFAULTS.chronic] : parseChronicHazards(v)))
    .catch([...TEMPLATE5_DEFAULTS.chronic]),
});

/** The field set that says the chronic checkboxes were on the form, so that none ticked means none chronic. */
export const T5_KINDS_FIELD = "t5_kinds";

/**
 * A corporate form's fields as one object: the chronic hazards' checkboxes (one field per ticked hazard) are joined;
 * without the field set they stay unset (the defaults).
 */
export function corporateFormFields(form: URLSearchParams | FormData): Record<string, string | undefined> {
  const fields: Record<string, string | undefined> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") fields[key] = value;
  fields.t5_chronic = form.has(T5_KINDS_FIELD)
    ? form
        .getAll("t5_chronic")
        .filter((v) => typeof v === "string")
        .join(",")
    : undefined;
  return fields;
}

export const CorporateExportSchema = z.object({
  portfolio: z.string({ required_error: "Field is required" }).trim().min(1, "Field is required").max(100),
  format: z.enum(["pdf", "xlsx"]),
  scenario: CorporateQuerySchema.shape.scenario,
  period: CorporateQuerySchema.shape.period,
  t5_level: CorporateQuerySchema.shape.t5_level,
  t5_chronic: CorporateQuerySchema.shape.t5_chronic,
});
