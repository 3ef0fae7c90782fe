/** What the product says about flood depth and loss, in one place for the API, the dashboard and the reports. */

export const NO_DEPTH_LAYER = "not available: no flood-depth layer covers this place";

export const HOW_TO_ADD_LAYER =
  "Fetch the published WRI Aqueduct Floods maps for a box around it (npm run layers:fetch -- aqueduct --bbox W,S,E,N) or add your own depth map (npm run layers:add).";

/** How a report's column of river or coastal flood levels read from the index, not a depth map, is marked. */
export const SCREENING_INDEX_COLUMN_NOTE = "screening index";

/** @public (the module's provenance and labels for pages and reports) */
export const SCREENING_INDEX_LABEL = "screening index (no flood-depth layer here; not a depth and not a loss)";

export function depthLevelExplanation(kind: "river" | "coastal", reason: string, source: string): string {
  return `${kind === "river" ? "River" : "Coastal"} flood from the published depth map (${source}): ${reason}.`;
}

/** A scenario or period the published maps do not cover (RCP2.6, 2040): nothing is interpolated. */
export const NO_PUBLISHED_SLOT = (slot: string) =>
  `not available for ${slot}: WRI Aqueduct Floods publishes depth maps for the historical baseline and RCP4.5/RCP8.5 in 2030, 2050 and 2080 only, and nothing is interpolated`;

/** Why a river or coastal flood score is the screening index and not a depth layer's; each note says so. */
export const SCREENING_NOTES = {
  noPublishedSlot: (scenario: string, period: string) =>
    `screening index: WRI Aqueduct Floods publishes no depth map for ${scenario} ${period} (historical, RCP4.5 and RCP8.5 in 2030, 2050 and 2080 only), and nothing is interpolated`,
  notCovered: (layerScenario: string, layerPeriod: string) =>
    `screening index: no flood-depth layer ${layerScenario === "historical" ? "of the historical baseline" : `for ${layerScenario} ${layerPeriod}`} covers this point`,
  noValue: "screening index: the flood-depth layer holds no value at this point's pixel",
  unreadable: "screening index: the flood-depth layer could not be read",
  area: "screening index: a hexagon's, region's or country's score is the screening index; flood-depth layers are read at a point",
} as const;

/** The aggregate stays on the index, and says so where a depth layer scored river or coastal flood. */
export const AGGREGATE_WITH_LAYER_NOTE =
  "screening index: the aggregate averages screening-index values only; river or coastal flood here is scored from a flood-depth layer and is not in it";

/** The line a page shows under a river or coastal flood score: which source it came from, and why. */
export function scoreSourceLine(
  source: { type: "flood_depth_layer"; reason: string } | { type: "screening_index"; note: string },
): string {
  if (source.type === "flood_depth_layer") return `From the flood-depth map: ${source.reason}.`;
  return `Screening index${source.note.replace(/^screening index/, "")}.`;
}
