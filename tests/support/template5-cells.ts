import type { Template5Cell } from "../../app/domain/reports/eba/template5";

/** The value of a Template 5 cell, or null when the file cannot give it. */
export const cellValue = (cell: Template5Cell): number | null => ("value" in cell ? cell.value : null);
