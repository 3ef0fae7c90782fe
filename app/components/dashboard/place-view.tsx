import { Form, Link, useLocation } from "@remix-run/react";
import { Modal } from "~/components/ui/modal";
import { PLACE_VIEW_TEXT, locationReportHref, unlockHrefs, type UnlockKind } from "~/domain/dashboard";
import type { LocationKind } from "~/domain/entitlements";

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
          {PLACE_VIEW_TEXT.shownLevel(place.shown.kind, place.shown.name)}
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

/**
 * The confirmation step of an unlock, with the spec's dialogs: buyDataModal while orders of that kind are left (it
 * says what remains after), addCreditsModal otherwise. Cancel returns to the URL the unlock was opened from.
 */
export function UnlockDialog({ purchase, placeTitle }: { purchase: PendingUnlock; placeTitle: string }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const { cancel } = unlockHrefs(params, purchase.kind);
  const what = `${purchase.kind === "hexagon" ? purchase.name : `${purchase.name} (${purchase.code})`}, for ${placeTitle}`;
  if (purchase.modal === "buyDataModal")
    return (
      <Modal title={PLACE_VIEW_TEXT.confirmTitle(purchase.kind)} closeHref={cancel}>
        <div data-modal="buyDataModal">
          <p>{what}</p>
          <p className="mt-2" data-testid="spend-note">
            {PLACE_VIEW_TEXT.spend(purchase.kind, purchase.left)}
          </p>
          <Form method="post" className="mt-4 flex flex-wrap gap-2" preventScrollReset>
            <input type="hidden" name="intent" value="order" />
            <input type="hidden" name="location_code" value={purchase.code} />
            <input type="hidden" name="back" value={cancel} />
            <button type="submit" className="btn-primary">
              {PLACE_VIEW_TEXT.confirm(purchase.kind)}
            </button>
            <Link to={cancel} preventScrollReset replace className="btn-secondary">
              {PLACE_VIEW_TEXT.cancel}
            </Link>
          </Form>
        </div>
      </Modal>
    );
  return (
    <Modal title="Add credits" closeHref={cancel}>
      <div data-modal="addCreditsModal">
        <p>{what}</p>
        <p className="mt-2">{PLACE_VIEW_TEXT.noneLeft(purchase.kind)}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to={`/dashboard/cart?add=${purchase.kind}&pending=${encodeURIComponent(purchase.code)}`} className="btn-primary">
            Add credits
          </Link>
          <Link to={cancel} preventScrollReset replace className="btn-secondary">
            {PLACE_VIEW_TEXT.cancel}
          </Link>
        </div>
      </div>
    </Modal>
  );
}
