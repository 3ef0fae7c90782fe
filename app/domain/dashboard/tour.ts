/**
 * When the dashboard shows the intro tour: on entering the dashboard until the user closes it; again after
 * each sign-in (the auth modal closing), and for a DISCOVERY user whenever the available locations change.
 */
import { FREE_PLAN } from "../commerce/plans";

export interface TourSeen {
  seenAt: Date;
  /** locationsFingerprint at that time; null when the user was not on DISCOVERY. */
  locationsFingerprint: string | null;
}

export interface TourContext {
  planCode: string;
  /** When the current session began (the sign-in that closed the auth modal). */
  sessionStartedAt: Date | null;
  /** locationsFingerprint of the user's available locations now; needed only on DISCOVERY. */
  locationsFingerprint: string | null;
}

/** Whether the fingerprint of the available locations matters for this plan (only DISCOVERY's do). */
export function tourWatchesLocations(planCode: string): boolean {
  return planCode === FREE_PLAN;
}

export function shouldShowTour(seen: TourSeen | null, now: TourContext): boolean {
  if (!seen) return true;
  if (now.sessionStartedAt && now.sessionStartedAt.getTime() > seen.seenAt.getTime()) return true;
  return tourWatchesLocations(now.planCode) && seen.locationsFingerprint !== now.locationsFingerprint;
}

/** A short, order-independent digest of the ordered codes of each kind (FNV-1a, 32 bits: a change detector). */
export function locationsFingerprint(
  orderList: Readonly<Record<"country" | "region" | "hexagon", readonly string[]>>,
): string {
  const text = (["country", "region", "hexagon"] as const)
    .map((kind) => `${kind}:${[...new Set(orderList[kind])].sort().join(",")}`)
    .join("|");
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
