/** The engine's answers to the document's example risk calls (app/domain/api-contract/risk-examples.ts). */
import { RISK_EXAMPLE_REQUESTS } from "~/domain/api-contract/risk-examples";
import { hazardScores, pointHazards } from "./risk-data-api.server";

export async function riskExampleAnswers() {
  const q = RISK_EXAMPLE_REQUESTS.hazardScores;
  const url = new URL("http://localhost/api/riskdb/hazard_scores");
  for (const [k, v] of Object.entries(q)) url.searchParams.set(k, v);
  const scores = await hazardScores(new Request(url), { ...q, explain: false });
  const point = await pointHazards(null, { ...RISK_EXAMPLE_REQUESTS.pointHazards, explain: false });
  return { hazardScores: scores.body, pointHazards: point };
}
