import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ContentPageView, contentPageMeta } from "~/components/pages/content-page";
import { PACKAGE_GROUP_NAMES, PACKAGES } from "~/domain/commerce/packages";
import { API_KEY_NOTE, planIncludes, reportPrices } from "~/domain/commerce/plan-offer";
import { ENTITLEMENT_RULE } from "~/domain/commerce/entitlements";
import { formatMinorUnits } from "~/domain/commerce/invoicing/money";
import { PREVIEW_RULE_TEXT } from "~/domain/portfolio/preview-rule";
import { FREE_PLAN, PLAN_DEFINITIONS } from "~/domain/commerce/plans";
import { documentModalHref } from "~/domain/content/site";
import { loadContentPage } from "~/services/content/pages.server";
import type { RouteHandle } from "~/root";

export const loader = ({ request }: LoaderFunctionArgs) => loadContentPage(request, "pricing");
/** Static text: nothing here needs script. */
export const handle: RouteHandle = { hydrate: false };
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta = contentPageMeta("/pricing", "Pricing");

/** Plans overview; content links to /pricing, and the detailed list itself is e-mailed (Pricing menu item). */
export default function PricingPage() {
  const { pathname } = useLocation();
  return (
    <ContentPageView
      wide
      aside={
        <p className="mt-6">
          <Link to={documentModalHref(pathname, "pricing")} preventScrollReset className="btn-primary">
            Get the detailed Pricing List by e-mail
          </Link>
        </p>
      }
    >
      <PlansAndPackages />
    </ContentPageView>
  );
}

const START_FREE_HREF = `/dashboard/login?view=signup&redirectTo=${encodeURIComponent("/dashboard")}`;

/** Every plan and package with its price and a button into the cart (sign-in first when signed out). */
function PlansAndPackages() {
  const reports = reportPrices();
  return (
    <>
      <section aria-labelledby="plans-heading" className="mt-10">
        <h2 id="plans-heading" className="text-2xl font-bold">
          Plans
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {PLAN_DEFINITIONS.map((p) => (
            <li key={p.code} className="card flex flex-col">
              <h3 className="text-lg font-semibold">{p.name}</h3>
              <p className="mt-1 text-2xl font-bold">
                {formatMinorUnits(p.priceMinor)} EUR<span className="text-sm font-normal"> / year</span>
              </p>
              <p className="mt-2 text-sm text-slate-700">{p.description}</p>
              <ul
                className="mt-2 flex-1 list-disc pl-5 text-sm"
                aria-label={`${p.name} includes`}
                data-testid={`plan-includes-${p.code}`}
              >
                {planIncludes(p).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              {/* The free plan is never bought: it is where a new account starts (signed-in users land on the dashboard). */}
              <Link
                to={p.code === FREE_PLAN ? START_FREE_HREF : `/dashboard/cart?plan=${encodeURIComponent(p.code)}`}
                className="btn-primary mt-4 text-center"
                aria-label={p.code === FREE_PLAN ? `Start with ${p.name}` : `Upgrade to ${p.name}`}
              >
                {p.code === FREE_PLAN ? "Start free" : "Upgrade"}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="reports-heading" className="mt-10">
        <h2 id="reports-heading" className="text-2xl font-bold">
          Reports and the API key
        </h2>
        <p className="mt-2 max-w-3xl">
          Reports are bought on their own and cost the same on every plan: a portfolio report{" "}
          <strong>{reports.portfolio}</strong>, a single-location report <strong>{reports.single}</strong>. No plan
          includes reports.
        </p>
        <p className="mt-2 max-w-3xl" data-testid="api-key-note">
          {API_KEY_NOTE}
        </p>
        <p className="mt-2 max-w-3xl text-sm text-slate-700">
          Prices exclude VAT, which follows your billing country; the order review shows it line by line before you pay.
        </p>
      </section>
      <section aria-labelledby="access-heading" className="mt-10">
        <h2 id="access-heading" className="text-2xl font-bold">
          What you can read
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          One rule for the dashboard, the API, the portfolio preview and the reports:
        </p>
        <ul className="mt-2 max-w-3xl list-disc pl-5" data-testid="entitlement-rule">
          {ENTITLEMENT_RULE.map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>{PREVIEW_RULE_TEXT.rule}</li>
        </ul>
      </section>
      <section aria-labelledby="packages-heading" className="mt-10">
        <h2 id="packages-heading" className="text-2xl font-bold">
          Data packages
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Add countries, regions or hexagons to any plan. Prices exclude VAT, which follows your billing country.
        </p>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          {(["country", "region", "hexagon"] as const).map((kind) => (
            <div key={kind} className="card">
              <h3 className="text-lg font-semibold">{PACKAGE_GROUP_NAMES[kind]}</h3>
              <ul className="mt-2 text-sm">
                {PACKAGES.filter((p) => p.kind === kind)
                  .slice()
                  .sort((a, b) => a.priceMinor - b.priceMinor)
                  .map((p) => (
                    <li key={p.id} className="flex justify-between gap-2 border-b py-1">
                      <span>{p.name}</span>
                      <span>
                        {formatMinorUnits(p.priceMinor)} EUR{p.locations === null ? " each" : ""}
                      </span>
                    </li>
                  ))}
              </ul>
              <Link to={`/dashboard/cart?add=${kind}`} className="btn-secondary mt-4 inline-block">
                Buy {PACKAGE_GROUP_NAMES[kind].toLowerCase()} package
              </Link>
            </div>
          ))}
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
