import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLocation, useRouteLoaderData } from "@remix-run/react";
import { parse } from "cookie";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AuthPanel, authViewTitle } from "~/components/forms/auth-forms";
import { COOKIE_SETTINGS_QUERY, PublicFooter } from "~/components/layout/public-footer";
import { PublicHeader } from "~/components/layout/public-header";
import { CookieConsentModal, CookieSettingsModal } from "~/components/modals/cookie-modals";
import { Modal, withoutParams } from "~/components/ui/modal";
import { parseAuthView } from "~/domain/auth-forms";
import { CONSENT_COOKIE_NAME, parseConsent } from "~/domain/cookie-consent";
import { getEnv } from "~/env.server";

export const PUBLIC_LAYOUT_ID = "routes/_public+/_layout";

export async function loader({ request }: LoaderFunctionArgs) {
  const consent = parseConsent(parse(request.headers.get("Cookie") ?? "")[CONSENT_COOKIE_NAME]);
  return json({ consent, contactEmail: getEnv().TEAM_MAILBOX });
}

function PublicChrome({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>(PUBLIC_LAYOUT_ID);
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const here = `${location.pathname}${location.search}`;
  const returnTo = withoutParams(here, COOKIE_SETTINGS_QUERY, "auth");
  const authView = params.get("auth");
  const showSettings = params.has(COOKIE_SETTINGS_QUERY);
  return (
    <>
      <PublicHeader />
      {children}
      <PublicFooter contactEmail={data?.contactEmail ?? ""} />
      {showSettings ? (
        <CookieSettingsModal returnTo={returnTo} consent={data?.consent ?? null} closeHref={data?.consent ? returnTo : undefined} />
      ) : data && !data.consent ? (
        <CookieConsentModal returnTo={returnTo} settingsHref={`${returnTo}${returnTo.includes("?") ? "&" : "?"}${COOKIE_SETTINGS_QUERY}=1`} />
      ) : null}
      {authView && !showSettings && data?.consent ? (
        <Modal title={authViewTitle(parseAuthView(authView))} closeHref={withoutParams(here, "auth")}>
          <AuthPanel view={parseAuthView(authView)} redirectTo="/dashboard" />
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
