/**
 * What the portfolio report's files need from every location before their first page (level counts, disclosure
 * tables, the most exposed locations), gathered in one pass: the report job gathers them while it assesses the
 * rows, so the PDF and the XLSX each read the locations only once more, to write them.
 */
import { slotIndex, type PeriodId, type ScenarioId } from "../hazards/scenarios";
import { DisclosureAccumulator } from "./disclosure";
import { FloodTotalsAccumulator } from "./flood-figures";
import { LevelCountAccumulator } from "./level-counts";
import type { AssessedLocation } from "./types";

/** Future slot shown beside the historical one in the appendix and the explanations. */
export const APPENDIX_FUTURE: { scenario: ScenarioId; period: PeriodId } = { scenario: "rcp85", period: "2050" };

/** How many of the most exposed locations the portfolio report explains in words. */
export const EXPLAINED_LOCATIONS = 5;

/** The few locations with the highest aggregate level today, then in the appendix's future slot, kept while streaming. */
export class MostExposed {
  readonly top: AssessedLocation[] = [];
  private readonly future = slotIndex(APPENDIX_FUTURE.scenario, APPENDIX_FUTURE.period);
  private rank(loc: AssessedLocation): number {
    const al = loc.scores?.AL;
    return (al?.[0]?.level ?? 0) * 10 + (al?.[this.future]?.level ?? 0);
  }
  add(loc: AssessedLocation) {
    if (loc.status !== "valid" || !loc.scores || !loc.hexagon) return;
    const r = this.rank(loc);
    if (this.top.length === EXPLAINED_LOCATIONS && r <= this.rank(this.top.at(-1)!)) return;
    const at = this.top.findIndex((x) => this.rank(x) < r);
    this.top.splice(at < 0 ? this.top.length : at, 0, loc);
    if (this.top.length > EXPLAINED_LOCATIONS) this.top.pop();
  }
}

export class ReportFileTotals {
  readonly levels = new LevelCountAccumulator();
  readonly disclosure = new DisclosureAccumulator();
  readonly exposed = new MostExposed();
  readonly flood = new FloodTotalsAccumulator();

  add(loc: AssessedLocation): void {
    this.flood.add(loc);
    this.levels.add(loc);
    this.disclosure.add(loc);
    this.exposed.add(loc);
  }

  /** Every location of a stream, for a file written on its own (a download rebuilt outside the job). */
  static async of(locations: AsyncIterable<AssessedLocation> | Iterable<AssessedLocation>): Promise<ReportFileTotals> {
    const totals = new ReportFileTotals();
    for await (const loc of locations) totals.add(loc);
    return totals;
  }
}
