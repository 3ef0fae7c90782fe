/** Hazard identifiers and display metadata. Pure constants: safe to import in the browser. */

export const HAZARD_IDS = ["AL", "CS", "HW", "LS", "WF", "FD", "DR", "SS", "ER", "TC", "PC", "SL"] as const;
export type HazardId = (typeof HAZARD_IDS)[number];

/** Every hazard except the aggregate AL, in display order. */
export const PER_HAZARD_IDS = HAZARD_IDS.filter((h) => h !== "AL") as Exclude<HazardId, "AL">[];
export type PerHazardId = Exclude<HazardId, "AL">;

export interface HazardInfo {
  id: HazardId;
  name: string;
  colour: string;
}

export const HAZARDS: Readonly<Record<HazardId, HazardInfo>> = {
  AL: { id: "AL", name: "Aggregate", colour: "#4b5563" },
  CS: { id: "CS", name: "Cold spell", colour: "#3b82f6" },
  HW: { id: "HW", name: "Heat wave", colour: "#ef4444" },
  LS: { id: "LS", name: "Landslide", colour: "#92400e" },
  WF: { id: "WF", name: "Wildfire", colour: "#f97316" },
  FD: { id: "FD", name: "River flood", colour: "#0ea5e9" },
  DR: { id: "DR", name: "Drought", colour: "#ca8a04" },
  SS: { id: "SS", name: "Storm surge", colour: "#6366f1" },
  ER: { id: "ER", name: "Extreme rainfall", colour: "#14b8a6" },
  TC: { id: "TC", name: "Tropical cyclone", colour: "#a855f7" },
  PC: { id: "PC", name: "Precipitation change", colour: "#22c55e" },
  SL: { id: "SL", name: "Sea-level rise", colour: "#1e3a8a" },
};

export function isHazardId(v: unknown): v is HazardId {
  return typeof v === "string" && (HAZARD_IDS as readonly string[]).includes(v);
}

/** Accepts an id in any case ("fd", "FD"); returns null for anything else. */
export function parseHazardId(v: unknown): HazardId | null {
  if (typeof v !== "string") return null;
  const up = v.trim().toUpperCase();
  return isHazardId(up) ? up : null;
}
