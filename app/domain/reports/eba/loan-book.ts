/**
 * Template 5 from a report's locations: each valid asset is a loan whose own figures sit in the columns the upload
 * mapped to the loan roles (sector, collateral, carrying amount, maturity, stage, impairment). Pure.
 */
import { currencyInHeader } from "../../portfolio/columns/value-column";
import type { AssessedLocation } from "../types";
import { amountOf, collateralOf, maturityYearsOf, naceSectionOf, stageOf } from "./loan-fields";
import {
  TEMPLATE5_DEFAULTS,
  Template5Accumulator,
  type LoanColumn,
  type Template5,
  type Template5Options,
} from "./template5";

/** The file's column name for each loan role it has. */
export type LoanColumns = Partial<Record<LoanColumn, string>>;

export const TEMPLATE5_GEOGRAPHY = "All assessed locations of the file";

export class LoanBookTemplate5 {
  private readonly acc: Template5Accumulator;

  constructor(
    private readonly columns: LoanColumns,
    /** The date residual maturities run from when the file gives maturity dates: the report's date. */
    private readonly asOf: Date,
    options: Template5Options = TEMPLATE5_DEFAULTS,
  ) {
    this.acc = new Template5Accumulator(options, new Set(Object.keys(columns) as LoanColumn[]));
  }

  /** Valid assets only: a row without a usable point (or repeating an asset) has no scores to be sensitive by. */
  add(loc: AssessedLocation): void {
    if (loc.status !== "valid" || !loc.scores) return;
    const cell = (role: LoanColumn) => {
      const name = this.columns[role];
      return name === undefined ? null : (loc.userColumns[name] ?? null);
    };
    this.acc.add({
      scores: loc.scores,
      section: naceSectionOf(cell("sector")),
      collateral: collateralOf(cell("collateral")),
      carrying: amountOf(cell("carrying")),
      maturity: maturityYearsOf(cell("maturity"), this.asOf),
      stage: stageOf(cell("stage")),
      impairment: amountOf(cell("impairment")),
    });
  }

  result(): Template5 {
    const column = this.columns.carrying;
    return {
      ...this.acc.result(TEMPLATE5_GEOGRAPHY),
      ...(column ? { amounts: { column, currency: currencyInHeader(column) } } : {}),
    };
  }
}
