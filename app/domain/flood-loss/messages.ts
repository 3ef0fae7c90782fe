/** What the product says about flood depth and loss, in one place for the API, the dashboard and the reports. */

export const NO_DEPTH_LAYER = "not available: no flood-depth layer covers this place";

export const HOW_TO_ADD_LAYER =
  "Fetch the published WRI Aqueduct Floods maps for a box around it (npm run layers:fetch -- aqueduct --bbox W,S,E,N) or add your own depth map (npm run layers:add).";

/** @public (the module's provenance and labels for pages and reports) */
export const SCREENING_INDEX_LABEL = "screening index (no flood-depth layer here; not a depth and not a loss)";

export function depthLevelExplanation(kind: "river" | "coastal", reason: string, source: string): string {
  return `${kind === "river" ? "River" : "Coastal"} flood from the published depth map (${source}): ${reason}.`;
}

/** A scenario or period the published maps do not cover (RCP2.6, 2040): nothing is interpolated. */
export const NO_PUBLISHED_SLOT = (slot: string) =>
  `not available for ${slot}: WRI Aqueduct Floods publishes depth maps for the historical baseline and RCP4.5/RCP8.5 in 2030, 2050 and 2080 only, and nothing is interpolated`;
