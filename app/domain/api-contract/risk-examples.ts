/**
 * The risk answers the document shows as examples: what the engine answers for them, so an example's hazards,
 * order, colours and values are real. `riskExampleRequests` names the calls; app/services/api/riskdb-examples.test.ts
 * checks the stored answers (risk-examples.json, written by `npm run openapi:examples`) against the engine's.
 */
import examples from "./risk-examples.json";

export const RISK_EXAMPLE_REQUESTS = {
  hazardScores: { location_code: "GB", scenario: "rcp45", period: "2050" },
  pointHazards: { lat: 51.507, lon: -0.128, scenario: "rcp85", period: "2050" },
} as const;

export const RISK_EXAMPLES = examples;
