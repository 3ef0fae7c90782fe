import { Form, Link } from "@remix-run/react";
import { CONSENT_CATEGORIES, type Consent } from "~/domain/content/cookie-consent";
import { Modal } from "~/components/ui/modal";

export const COOKIE_CONSENT_ACTION = "/cookie-consent";

/** First-visit consent: a choice is needed before the modal goes away. */
export function CookieConsentModal({ returnTo, settingsHref }: { returnTo: string; settingsHref: string }) {
  return (
    <Modal title="We use cookies" alert>
      <p className="text-sm text-slate-700">
        Necessary cookies keep you signed in and remember this choice. With your consent we also use analytics and
        marketing cookies. Read our{" "}
        <Link to="/cookies_policy" className="underline">
          cookies policy
        </Link>
        .
      </p>
      <Form method="post" action={COOKIE_CONSENT_ACTION} className="mt-6 flex flex-wrap gap-2" reloadDocument={false}>
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" name="choice" value="all" className="btn-primary">
          Accept all
        </button>
        <button type="submit" name="choice" value="necessary" className="btn-secondary">
          Necessary only
        </button>
        <Link to={settingsHref} preventScrollReset className="btn-secondary">
          Cookie settings
        </Link>
      </Form>
    </Modal>
  );
}

export function CookieSettingsModal({
  returnTo,
  consent,
  closeHref,
}: {
  returnTo: string;
  consent: Consent | null;
  closeHref?: string;
}) {
  return (
    <Modal title="Cookie settings" closeHref={closeHref}>
      <Form method="post" action={COOKIE_CONSENT_ACTION}>
        <input type="hidden" name="returnTo" value={returnTo} />
        <fieldset>
          <legend className="sr-only">Cookie categories</legend>
          {CONSENT_CATEGORIES.map((category) => (
            <div key={category.id} className="mb-4 flex items-start gap-3">
              <input
                id={`consent-${category.id}`}
                type="checkbox"
                name={category.id}
                defaultChecked={category.required || Boolean(consent?.[category.id])}
                disabled={category.required}
                className="mt-1 h-4 w-4"
                aria-describedby={`consent-${category.id}-desc`}
              />
              <div>
                <label htmlFor={`consent-${category.id}`} className="font-medium">
                  {category.label}
                  {category.required ? " (always on)" : ""}
                </label>
                <p id={`consent-${category.id}-desc`} className="text-sm text-slate-600">
                  {category.description}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="choice" value="custom" className="btn-primary">
            Save settings
          </button>
          <button type="submit" name="choice" value="all" className="btn-secondary">
            Accept all
          </button>
        </div>
      </Form>
    </Modal>
  );
}
