import { Link, NavLink, useLocation } from "@remix-run/react";
import {
  documentModalHref,
  HEADER_BUTTONS,
  HEADER_MENU,
  isGroup,
  SITE_NAME,
  type MenuItem,
} from "~/domain/content/site";

function MenuLink({ item, pathname, className }: { item: MenuItem; pathname: string; className: string }) {
  if ("document" in item) {
    return (
      <Link to={documentModalHref(pathname, item.document)} preventScrollReset className={className}>
        {item.label}
      </Link>
    );
  }
  return (
    <NavLink
      to={item.to}
      end={item.to === "/"}
      className={({ isActive }) => `${className}${isActive ? " font-semibold text-brand-700" : ""}`}
    >
      {item.label}
    </NavLink>
  );
}

/**
 * Public header: the spec's menu; groups are <details> so they open by keyboard and without JavaScript. Below md
 * the menu folds behind a "Menu" <details> toggle (the panel is its CSS peer), so phones get one compact bar.
 */
export function PublicHeader() {
  const { pathname } = useLocation();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-3 px-4 py-3">
        <Link to="/" className="text-lg font-bold text-brand-700">
          {SITE_NAME}
        </Link>
        <details className="group/menu peer md:hidden">
          <summary
            aria-controls="site-menu"
            className="btn-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden"
          >
            <span aria-hidden="true" className="group-open/menu:hidden">
              ☰
            </span>
            <span aria-hidden="true" className="hidden group-open/menu:inline">
              ✕
            </span>
            Menu
          </summary>
        </details>
        <div
          id="site-menu"
          className="hidden w-full flex-col gap-4 peer-open:flex md:flex md:w-auto md:flex-1 md:flex-row md:flex-wrap md:items-center md:justify-between"
        >
          <nav aria-label="Main" className="md:mx-auto">
            <ul className="flex flex-col gap-y-1 text-sm md:flex-row md:flex-wrap md:items-center md:gap-x-5 md:gap-y-2">
              {HEADER_MENU.map((entry) =>
                isGroup(entry) ? (
                  <li key={entry.label} className="relative">
                    <details className="group">
                      <summary className="cursor-pointer list-none py-2 hover:text-brand-700 md:py-0">
                        {entry.label} <span aria-hidden="true">▾</span>
                      </summary>
                      <ul className="z-30 border-l-2 border-slate-200 pl-3 md:absolute md:left-0 md:mt-2 md:w-60 md:rounded-md md:border md:bg-white md:py-2 md:pl-0 md:shadow-lg">
                        {entry.items.map((item) => (
                          <li key={item.label}>
                            <MenuLink item={item} pathname={pathname} className="block px-4 py-2 hover:bg-slate-50" />
                          </li>
                        ))}
                      </ul>
                    </details>
                  </li>
                ) : (
                  <li key={entry.label}>
                    <MenuLink
                      item={entry}
                      pathname={pathname}
                      className="block py-2 hover:text-brand-700 md:inline md:py-0"
                    />
                  </li>
                ),
              )}
            </ul>
          </nav>
          <div className="flex flex-wrap items-center gap-2">
            {HEADER_BUTTONS.map((button, index) => (
              <Link key={button.label} to={button.to} className={index === 0 ? "btn-primary" : "btn-secondary"}>
                {button.label}
              </Link>
            ))}
            <Link to="?auth=login" preventScrollReset className="ml-2 text-sm text-slate-700 underline">
              Log in
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
}
