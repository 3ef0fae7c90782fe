/** Query and export form of /dashboard/corporate. Shared by the loader, the action and the page. */
import { z } from "zod";
import { FUTURE_PERIOD_IDS, FUTURE_SCENARIO_IDS, type FuturePeriodId, type FutureScenarioId } from "../hazards/scenarios";

export const DEFAULT_DISCLOSURE_SLOT: { scenario: FutureScenarioId; period: FuturePeriodId } = { scenario: "rcp45", period: "2050" };

export const CorporateQuerySchema = z.object({
  portfolio: z.string().trim().max(100).optional().catch(undefined),
  scenario: z.enum(FUTURE_SCENARIO_IDS as [FutureScenarioId, ...FutureScenarioId[]]).catch(DEFAULT_DISCLOSURE_SLOT.scenario),
  period: z.enum(FUTURE_PERIOD_IDS as [FuturePeriodId, ...FuturePeriodId[]]).catch(DEFAULT_DISCLOSURE_SLOT.period),
  /** EBA Template 5: the level at or above which a hazard makes a loan sensitive (3 High, 4 Severe, 5 Extreme). */
  t5_level: z.coerce.number().pipe(z.union([z.literal(3), z.literal(4), z.literal(5)])).catch(3),
});

export const CorporateExportSchema = z.object({
  portfolio: z.string({ required_error: "Field is required" }).trim().min(1, "Field is required").max(100),
  format: z.enum(["pdf", "xlsx"]),
  scenario: CorporateQuerySchema.shape.scenario,
  period: CorporateQuerySchema.shape.period,
  t5_level: CorporateQuerySchema.shape.t5_level,
});
