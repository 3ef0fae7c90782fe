import { Form, Link, useLocation } from "@remix-run/react";
import { Modal } from "~/components/ui/modal";
import { PLACE_VIEW_TEXT, unlockHrefs } from "~/domain/dashboard/dashboard";
import type { PendingUnlock } from "./place-view";

/**
 * The confirmation step of an unlock, with the spec's dialogs: buyDataModal while orders of that kind are left (it
 * says what remains after), addCreditsModal otherwise. Cancel returns to the URL the unlock was opened from.
 */
export default function UnlockDialog({ purchase, placeTitle }: { purchase: PendingUnlock; placeTitle: string }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const { cancel, ordered } = unlockHrefs(params, purchase.kind);
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
            <input type="hidden" name="back" value={ordered} />
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
          <Link
            to={`/dashboard/cart?add=${purchase.kind}&pending=${encodeURIComponent(purchase.code)}`}
            className="btn-primary"
          >
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
