import { renderToStaticMarkup } from "react-dom/server";
import type { HazardScoreItem } from "~/risk/types";
import { ScoreExplanation } from "./score-explanation";

/** "Why this score" of one hazard as markup: the server draws it, the page sets it (ScoreCard's `why`). */
export function explanationHtml(item: HazardScoreItem, datasetVersion: string): string {
  return renderToStaticMarkup(<ScoreExplanation item={item} datasetVersion={datasetVersion} />);
}
