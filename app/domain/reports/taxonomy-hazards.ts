/** Our hazards on the EU Taxonomy's grid of climate-related hazards (chronic / acute). Pure. */
import type { PerHazardId } from "../hazards/hazards";

export type TaxonomyCategory = "temperature" | "wind" | "water" | "solid_mass";
export type TaxonomyType = "chronic" | "acute";

export const TAXONOMY_CATEGORIES: readonly { id: TaxonomyCategory; name: string }[] = [
  { id: "temperature", name: "Temperature-related" },
  { id: "wind", name: "Wind-related" },
  { id: "water", name: "Water-related" },
  { id: "solid_mass", name: "Solid mass-related" },
];
export const TAXONOMY_TYPES: readonly { id: TaxonomyType; name: string }[] = [
  { id: "chronic", name: "Chronic" },
  { id: "acute", name: "Acute" },
];

/**
 * Our hazards on the grid of Regulation (EU) 2021/2139, Annex I, Appendix A ("Classification of climate-related
 * hazards"), with the Appendix A hazard each one stands for.
 */
export const TAXONOMY_HAZARD_MAP: Readonly<
  Record<PerHazardId, { category: TaxonomyCategory; type: TaxonomyType; appendixHazard: string }>
> = {
  HW: { category: "temperature", type: "acute", appendixHazard: "Heat wave" },
  CS: { category: "temperature", type: "acute", appendixHazard: "Cold wave/frost" },
  WF: { category: "temperature", type: "acute", appendixHazard: "Wildfire" },
  TC: { category: "wind", type: "acute", appendixHazard: "Cyclone, hurricane, typhoon" },
  FD: { category: "water", type: "acute", appendixHazard: "Flood (fluvial)" },
  SS: { category: "water", type: "acute", appendixHazard: "Flood (coastal)" },
  ER: { category: "water", type: "acute", appendixHazard: "Heavy precipitation (rain)" },
  DR: { category: "water", type: "acute", appendixHazard: "Drought" },
  PC: { category: "water", type: "chronic", appendixHazard: "Changing precipitation patterns and types" },
  SL: { category: "water", type: "chronic", appendixHazard: "Sea level rise" },
  LS: { category: "solid_mass", type: "acute", appendixHazard: "Landslide" },
};
