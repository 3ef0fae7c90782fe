/**
 * Assessing a paid portfolio again when the hazard dataset changes. A purchase covers its locations for 12 months:
 * within them a new report of the same stored file with the current dataset costs nothing; after them, or for other
 * locations, the portfolio is ordered again as usual.
 */

/** Months a paid portfolio report covers its locations for new assessments at no cost. */
export const REASSESS_FREE_MONTHS = 12;

export const REASSESS_TEXT = {
  action: (version: string) => `Assess again with dataset ${version}`,
  offer: (from: string, to: string, until: string) =>
    `This report used dataset ${from}; the current dataset is ${to}. Your purchase covers these locations until ${until}: a new report with dataset ${to} costs nothing.`,
  expired: (to: string) =>
    `This portfolio was paid for more than ${REASSESS_FREE_MONTHS} months ago, so a report with dataset ${to} is a new order: order the full report again to assess it.`,
  reorder: (version: string) => `Order the report with dataset ${version}`,
  otherLocations: "The paid order covers other locations than this file holds: order the full report for this file.",
  unchanged: (version: string) => `This report already uses the current dataset ${version}.`,
  notPaid: "Only a paid portfolio report can be assessed again.",
  done: (version: string) => `A new report with dataset ${version} is being built, at no cost.`,
  datasetUsed: (version: string) => `Risk dataset version ${version}`,
} as const;

export interface ReassessInput {
  /** When the latest paid order of this portfolio was paid (null: never paid). */
  paidAt: Date | null;
  /** How many locations that order paid for, and how many the stored file holds now. */
  paidLocations: number | null;
  locations: number;
  /** The dataset version of the portfolio's latest report, and the one the engine serves now. */
  reportDataset: string | null;
  currentDataset: string;
  now: Date;
}

export type ReassessDecision =
  | { kind: "free"; until: Date }
  | { kind: "unchanged" }
  | { kind: "expired"; until: Date }
  | { kind: "other_locations" }
  | { kind: "not_paid" };

/** The end of the free period: the same day and time REASSESS_FREE_MONTHS calendar months after payment (UTC). */
export function reassessFreeUntil(paidAt: Date): Date {
  const until = new Date(paidAt);
  const day = until.getUTCDate();
  until.setUTCDate(1);
  until.setUTCMonth(until.getUTCMonth() + REASSESS_FREE_MONTHS);
  // 29 February paid: the period ends on the last day of the month a year later, never spills into March.
  const lastDay = new Date(Date.UTC(until.getUTCFullYear(), until.getUTCMonth() + 1, 0)).getUTCDate();
  until.setUTCDate(Math.min(day, lastDay));
  return until;
}

/** The one rule: same locations, within 12 months of payment, and the dataset has changed since the last report. */
export function reassessment(input: ReassessInput): ReassessDecision {
  if (!input.paidAt || input.paidLocations === null) return { kind: "not_paid" };
  if (input.paidLocations !== input.locations) return { kind: "other_locations" };
  if (input.reportDataset === input.currentDataset) return { kind: "unchanged" };
  const until = reassessFreeUntil(input.paidAt);
  return input.now.getTime() < until.getTime() ? { kind: "free", until } : { kind: "expired", until };
}
