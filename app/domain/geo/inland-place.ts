/**
 * An inland place read at its region or country: the area's coastal figures (storm surge, sea-level rise) are about
 * the area's coast, never the place's. Pure: shared by the place view, the point API and tests.
 */
/** The hazards that exist only on a coast and the low land joined to it. */
export const COASTAL_HAZARD_IDS = ["SS", "SL"] as const;
export type CoastalHazardId = (typeof COASTAL_HAZARD_IDS)[number];

/**
 * An inland place shown with the figures of its region or country: the coastal hazards that do not apply at the
 * place itself, whose area figure (the area's coast) must not be read as the place's.
 */
export interface InlandPlace {
  /** The place's own name ("Köln"). */
  place: string;
  /** The area whose figures are shown ("Germany"). */
  area: string;
  coastKm: number | null;
  hazards: CoastalHazardId[];
}

const COASTAL_NAMES: Record<CoastalHazardId, string> = { SS: "storm surge", SL: "sea-level rise" };

function listWords(words: string[]): string {
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : (words[0] ?? "");
}

/** The inland place of a hexagon read at its area, from the hexagon's coastal exposure; null when every coastal hazard applies. */
export function inlandPlaceOf(
  exposure: { coastKm: number | null; notApplicable: CoastalHazardId[] } | null,
  place: string,
  area: string,
): InlandPlace | null {
  if (!exposure?.notApplicable.length) return null;
  return { place, area, coastKm: exposure.coastKm, hazards: exposure.notApplicable };
}

/** The sentence the place view shows above the scores of an inland place read at its region or country. */
export function inlandPlaceNote(p: InlandPlace): string {
  const far = p.coastKm !== null && p.coastKm > 0 ? ` (${Math.round(p.coastKm)} km from the sea)` : "";
  const names = listWords(p.hazards.map((h) => COASTAL_NAMES[h]));
  return `${p.place} is inland${far} and not exposed to ${names}: ${p.area}'s ${names} figure${p.hazards.length > 1 ? "s are" : " is"} about its coast, so ${p.hazards.length > 1 ? "they are" : "it is"} not shown as ${p.place}'s.`;
}

/** Minimal shape of a hazard item the place view shows (the engine's HazardScoreItem). */
interface ShownItem {
  hazard_id: string;
  value: number | null;
  score: number | null;
  level: string | null;
  applicable: boolean;
  state: "ok" | "not_applicable" | "no_data";
  explanation?: { summary?: string; formula: string; inputs: Record<string, unknown>; steps: unknown[]; note?: string };
}

/**
 * An area's figure of a coastal hazard at an inland place becomes "not applicable" with the reason: the area's value
 * is about its coast, not about the place. Every other item is returned unchanged.
 */
export function withoutAreaCoastalFigure<T extends ShownItem>(item: T, inland: InlandPlace | null): T {
  if (!inland || !(inland.hazards as readonly string[]).includes(item.hazard_id)) return item;
  const name = COASTAL_NAMES[item.hazard_id as CoastalHazardId];
  const far =
    inland.coastKm !== null && inland.coastKm > 0 ? ` lies ${Math.round(inland.coastKm)} km from the sea and` : "";
  const summary = `${inland.place}${far} is neither on the coast nor on low land joined to it, so ${name} does not apply there; ${inland.area}'s figure is about its coast.`;
  return {
    ...item,
    value: null,
    score: null,
    level: null,
    applicable: false,
    state: "not_applicable",
    explanation: { formula: "", inputs: {}, steps: [], summary },
  };
}
