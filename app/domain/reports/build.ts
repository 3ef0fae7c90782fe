/** The methodology revision every report and API answer names. */

/** Revision of docs/methodology.md that the scores follow. */
export const METHODOLOGY_VERSION = "1.0";
