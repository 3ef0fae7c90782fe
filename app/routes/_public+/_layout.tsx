import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLocation, useRouteLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AuthPanel, authViewTitle } from "~/components/forms/auth-forms";
import { NewsletterForm } from "~/components/forms/newsletter-form";
import { COOKIE_SETTINGS_QUERY, NEWSLETTER_QUERY, PublicFooter } from "~/components/layout/public-footer";
import { PublicHeader } from "~/components/layout/public-header";
import { CookieConsentModal, CookieSettingsModal } from "~/components/modals/cookie-modals";
import { MailCollectModal } from "~/components/modals/mail-collect-modal";
import { Modal, withoutParams } from "~/components/ui/modal";
import { parseAuthView } from "~/domain/auth/auth-forms";
import { findDocument } from "~/domain/content/documents";
import { NEWSLETTER_FORM_ID } from "~/domain/content/forms/newsletter";
import { AUTH_QUERY, DOCUMENT_QUERY_PARAM, OFFICES_TEXT, SITE_NAME } from "~/domain/content/site";
import { publicPageQuery } from "~/domain/http/page-query";
import { useNonce } from "~/utils/nonce-provider";
import { loadPublicLayout } from "~/services/content/public-layout.server";

export const PUBLIC_LAYOUT_ID = "routes/_public+/_layout";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPublicLayout(request);
}

function OrganizationJsonLd({ origin, email, sameAs }: { origin: string; email: string; sameAs: string[] }) {
  const nonce = useNonce();
  const data = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: origin,
    logo: new URL("/favicon.svg", origin).toString(),
    email,
    description: "Physical climate risk scores for any inland location, under three scenarios to 2050.",
    address: OFFICES_TEXT.split(" - ").map((city) => ({ "@type": "PostalAddress", addressLocality: city })),
    ...(sameAs.length ? { sameAs } : {}),
  };
  // "<" is escaped so text inside the JSON can never close the script element.
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}

function PublicChrome({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>(PUBLIC_LAYOUT_ID);
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  // Parameters no public page reads are left out, as the server leaves them out when it draws the page.
  const here = `${location.pathname}${publicPageQuery(location.search)}`;
  const returnTo = withoutParams(here, COOKIE_SETTINGS_QUERY, AUTH_QUERY);
  const authView = params.get(AUTH_QUERY);
  const showSettings = params.has(COOKIE_SETTINGS_QUERY);
  const document = findDocument(params.get(DOCUMENT_QUERY_PARAM));
  const showNewsletter = params.has(NEWSLETTER_QUERY);
  const flash = data?.formFlash ?? null;
  // Only one modal at a time; consent comes first because it blocks the page until answered.
  const canShowModal = !showSettings && Boolean(data?.consent);
  return (
    <>
      <PublicHeader />
      {children}
      <PublicFooter contactEmail={data?.contactEmail ?? ""} socialLinks={data?.socialLinks ?? []} />
      {data ? (
        <OrganizationJsonLd
          origin={data.origin}
          email={data.contactEmail}
          sameAs={data.socialLinks.map((s) => s.href)}
        />
      ) : null}
      {showSettings ? (
        <CookieSettingsModal
          returnTo={returnTo}
          consent={data?.consent ?? null}
          closeHref={data?.consent ? returnTo : undefined}
        />
      ) : data && !data.consent ? (
        <CookieConsentModal
          returnTo={returnTo}
          settingsHref={`${returnTo}${returnTo.includes("?") ? "&" : "?"}${COOKIE_SETTINGS_QUERY}=1`}
        />
      ) : null}
      {authView && canShowModal ? (
        <Modal title={authViewTitle(parseAuthView(authView))} closeHref={withoutParams(here, AUTH_QUERY)}>
          <AuthPanel view={parseAuthView(authView)} redirectTo="/dashboard" />
        </Modal>
      ) : document && canShowModal && !authView ? (
        <MailCollectModal
          key={document.id}
          document={document}
          returnTo={withoutParams(here, "edit")}
          closeHref={withoutParams(here, DOCUMENT_QUERY_PARAM, "edit")}
          sentTo={data?.documentsSent[document.id]}
          editing={params.has("edit")}
          lastResult={flash?.form === `document:${document.id}` ? flash.result : null}
        />
      ) : showNewsletter && canShowModal && !authView ? (
        <Modal title="Newsletter" closeHref={withoutParams(here, NEWSLETTER_QUERY)}>
          <p className="mb-4 text-slate-700">
            Articles on physical climate risk, product news and methodology notes, about once a month.
          </p>
          <NewsletterForm
            doneHref={withoutParams(here, NEWSLETTER_QUERY)}
            lastResult={flash?.form === NEWSLETTER_FORM_ID ? flash.result : null}
            idSuffix="modal"
          />
        </Modal>
      ) : null}
    </>
  );
}

export default function PublicLayout() {
  return (
    <PublicChrome>
      <Outlet />
    </PublicChrome>
  );
}

export function ErrorBoundary() {
  return (
    <PublicChrome>
      <GeneralErrorBoundary />
    </PublicChrome>
  );
}
