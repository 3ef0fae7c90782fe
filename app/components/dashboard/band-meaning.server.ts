import { PER_HAZARD_IDS, type PerHazardId } from "~/domain/hazards/hazards";
import { bandMeaningOf, bandMeanings } from "~/risk/explain/band-meanings";

/** What a card shows of its hazard's bands: the quantity they are read on and the band of each of its two scores. */
export interface CardBandMeaning {
  quantity: string;
  /** The reference place the bands' ranges hold for, where the value also depends on other inputs; else null. */
  where: string | null;
  hist: string | null;
  future: string | null;
}

type Scored = { hazard_id: string; score: number | null };

/** Per hazard id: the band meanings of the historical and the future score the page shows (the aggregate has none). */
export function cardBandMeanings(hist: readonly Scored[], future: readonly Scored[]): Record<string, CardBandMeaning> {
  const scoreOf = (items: readonly Scored[], h: string) => items.find((i) => i.hazard_id === h)?.score ?? null;
  const out: Record<string, CardBandMeaning> = {};
  for (const h of PER_HAZARD_IDS) {
    if (!hist.some((i) => i.hazard_id === h) && !future.some((i) => i.hazard_id === h)) continue;
    out[h] = {
      quantity: bandMeanings()[h as PerHazardId].quantity,
      where: bandMeanings()[h as PerHazardId].where,
      hist: bandMeaningOf(h, scoreOf(hist, h)),
      future: bandMeaningOf(h, scoreOf(future, h)),
    };
  }
  return out;
}
