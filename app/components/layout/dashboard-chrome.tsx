import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import {
  ACCOUNT_DOWNLOADS,
  ACCOUNT_TOP_BAR,
  isUnavailable,
  PLAN_UNAVAILABLE_WARNING,
  SCENARIO_SWITCH_LINKS,
  SIDEBAR_ITEMS,
  SIDEBAR_TOOLS,
  ADMIN_ITEMS,
  topBarKind,
  type SidebarItem,
} from "~/domain/dashboard/dashboard-nav";
import { OFFICES_TEXT, SITE_NAME } from "~/domain/content/site";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm ${isActive ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-100"}`;

export function DashboardTopBar({ userName, plan }: { userName: string; plan: string }) {
  const { pathname } = useLocation();
  const kind = topBarKind(pathname);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3">
        <Link to="/" className="text-lg font-bold text-brand-700">
          {SITE_NAME}
        </Link>
        {kind === "account" ? (
          <nav aria-label="Account" className="flex flex-wrap items-center gap-2 text-sm">
            {ACCOUNT_TOP_BAR.map((item) => (
              <NavLink key={item.to} to={item.to} end className={navClass}>
                {item.label}
              </NavLink>
            ))}
            {ACCOUNT_DOWNLOADS.map((item) => (
              <a key={item.href} href={item.href} className="rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100">
                {item.label}
              </a>
            ))}
          </nav>
        ) : kind === "switch" ? (
          // On a phone the same two pages are in the dashboard menu: the first screen keeps its room for the scores.
          <nav aria-label="Analysis mode" className="hidden flex-wrap gap-2 text-sm md:flex">
            {SCENARIO_SWITCH_LINKS.map((item) => (
              <NavLink key={item.to} to={item.to} end className={navClass}>
                {item.label}
              </NavLink>
            ))}
          </nav>
        ) : null}
        <p className="text-sm text-slate-600">
          <span className="sr-only">Signed in as </span>
          {userName} · <span className="font-semibold">{plan}</span>
        </p>
      </div>
    </header>
  );
}

function SidebarLink({ item, plan }: { item: SidebarItem; plan: string }) {
  const unavailable = isUnavailable(item, plan);
  return (
    <li>
      <NavLink
        to={item.to}
        end={item.to === "/dashboard"}
        className={navClass}
        aria-describedby={unavailable ? `warn-${item.to}` : undefined}
      >
        {item.label}
      </NavLink>
      {unavailable ? (
        <p id={`warn-${item.to}`} className="px-3 pb-1 text-xs text-amber-700">
          {PLAN_UNAVAILABLE_WARNING}
        </p>
      ) : null}
    </li>
  );
}

/** Below md the sidebar folds behind a <details> toggle (the nav is its CSS peer), so it works without JavaScript. */
export function DashboardSidebar({ plan, isAdmin }: { plan: string; isAdmin: boolean }) {
  return (
    <aside className="w-full border-b border-slate-200 bg-slate-50 md:w-60 md:shrink-0 md:border-b-0 md:border-r">
      <details className="group/sidebar peer md:hidden">
        <summary
          aria-controls="dashboard-nav"
          className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 text-sm font-semibold text-slate-800 [&::-webkit-details-marker]:hidden"
        >
          <span aria-hidden="true" className="group-open/sidebar:hidden">
            ☰
          </span>
          <span aria-hidden="true" className="hidden group-open/sidebar:inline">
            ✕
          </span>
          Dashboard menu
        </summary>
      </details>
      <nav id="dashboard-nav" aria-label="Dashboard" className="hidden p-3 pt-0 peer-open:block md:block md:pt-3">
        <ul className="space-y-1">
          {SIDEBAR_ITEMS.map((item) => (
            <SidebarLink key={item.to} item={item} plan={plan} />
          ))}
          <li>
            <Form method="post" action="/logout">
              <button
                type="submit"
                className="block w-full rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100"
              >
                Logout
              </button>
            </Form>
          </li>
        </ul>
        <h2 className="mt-6 px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Tools</h2>
        <ul className="mt-1 space-y-1">
          {SIDEBAR_TOOLS.map((item) => (
            <SidebarLink key={item.to} item={item} plan={plan} />
          ))}
        </ul>
        {isAdmin ? (
          <>
            <h2 className="mt-6 px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Administration</h2>
            <ul className="mt-1 space-y-1">
              {ADMIN_ITEMS.map((item) => (
                <SidebarLink key={item.to} item={item} plan={plan} />
              ))}
            </ul>
          </>
        ) : null}
      </nav>
    </aside>
  );
}

export function DashboardFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white px-4 py-3 text-xs text-slate-500">
      © {new Date().getFullYear()} {SITE_NAME} · {OFFICES_TEXT} ·{" "}
      <Link to="/privacy_policy" className="underline">
        Privacy Policy
      </Link>{" "}
      ·{" "}
      <Link to="/terms" target="_blank" rel="noopener" className="underline">
        Terms & Conditions
      </Link>
    </footer>
  );
}
