/** Locations by risk level per hazard × slot, fed one location at a time. */
import { HAZARD_IDS, type HazardId } from "../hazards/hazards";
import { SLOT_COUNT } from "../hazards/scenarios";
import type { AssessedLocation } from "./types";

/** [level 1..5 at index 0..4, not applicable, no data] */
export type LevelCountRow = [number, number, number, number, number, number, number];

export class LevelCountAccumulator {
  private readonly counts = new Float64Array(HAZARD_IDS.length * SLOT_COUNT * 7);
  valid = 0;

  add(loc: AssessedLocation): void {
    if (loc.status !== "valid" || !loc.scores) return;
    this.valid++;
    HAZARD_IDS.forEach((h, hi) => {
      const slots = loc.scores![h];
      for (let s = 0; s < SLOT_COUNT; s++) {
        const sc = slots?.[s];
        const i = (hi * SLOT_COUNT + s) * 7;
        if (sc?.level) this.counts[i + sc.level - 1]! += 1;
        else if (sc && !sc.applicable) this.counts[i + 5]! += 1;
        else this.counts[i + 6]! += 1;
      }
    });
  }

  row(hazard: HazardId, slot: number): LevelCountRow {
    const i = (HAZARD_IDS.indexOf(hazard) * SLOT_COUNT + slot) * 7;
    return Array.from(this.counts.subarray(i, i + 7)) as LevelCountRow;
  }
}
