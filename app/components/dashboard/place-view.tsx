import { Link, useLocation } from "@remix-run/react";
import { PLACE_VIEW_TEXT, locationReportHref, unlockHrefs, type UnlockKind } from "~/domain/dashboard/dashboard";
import type { LocationKind } from "~/domain/commerce/entitlements";

interface NamedLevel {
  kind: LocationKind;
  code: string;
  name: string;
}

export interface PlaceViewData {
  title: string;
  shown: NamedLevel | null;
  unlockable: (NamedLevel & { kind: UnlockKind })[];
  reportPoint: { lat: number; lon: number } | null;
  /** The scores shown are the chosen point's own, not its hexagon's. */
  atPoint?: boolean;
}

export interface PendingUnlock {
  modal: "buyDataModal" | "addCreditsModal";
  kind: UnlockKind;
  code: string;
  name: string;
  left: number;
}

/**
 * Under the place's heading: which level the scores are of, the "Unlock" actions for finer levels the user has not
 * bought, and the single-location report. Plain links: each opens its step without JavaScript.
 */
export function PlaceActions({ place }: { place: PlaceViewData }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  return (
    <div className="mt-2 space-y-2" data-testid="place-actions">
      {place.shown ? (
        <p className="text-sm text-slate-700" data-testid="shown-level">
          {PLACE_VIEW_TEXT.shownLevel(place.shown.kind, place.shown.name, place.atPoint)}
          {place.unlockable.length ? ` ${PLACE_VIEW_TEXT.finerLocked(place.unlockable.map((l) => l.kind))}` : null}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {place.unlockable.map((l) => (
          <Link key={l.kind} to={unlockHrefs(params, l.kind).open} preventScrollReset className="btn-primary">
            {PLACE_VIEW_TEXT.unlock(l.kind)}
          </Link>
        ))}
        {place.reportPoint ? (
          <Link to={locationReportHref(place.reportPoint, place.title)} className="btn-secondary">
            {PLACE_VIEW_TEXT.report}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
