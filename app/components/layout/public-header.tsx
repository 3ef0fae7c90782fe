import { Link, NavLink, useLocation } from "@remix-run/react";
import { documentModalHref, HEADER_BUTTONS, HEADER_MENU, isGroup, SITE_NAME, type MenuItem } from "~/domain/site";

function MenuLink({ item, pathname, className }: { item: MenuItem; pathname: string; className: string }) {
  if ("document" in item) {
    return (
      <Link to={documentModalHref(pathname, item.document)} preventScrollReset className={className}>
        {item.label}
      </Link>
    );
  }
  return (
    <NavLink to={item.to} end={item.to === "/"} className={({ isActive }) => `${className}${isActive ? " font-semibold text-brand-700" : ""}`}>
      {item.label}
    </NavLink>
  );
}

/** Public header: the spec's menu; groups are <details> so they open by keyboard and without JavaScript. */
export function PublicHeader() {
  const { pathname } = useLocation();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="text-lg font-bold text-brand-700">
          {SITE_NAME}
        </Link>
        <nav aria-label="Main" className="order-3 w-full md:order-none md:w-auto">
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
            {HEADER_MENU.map((entry) =>
              isGroup(entry) ? (
                <li key={entry.label} className="relative">
                  <details className="group">
                    <summary className="cursor-pointer list-none hover:text-brand-700">
                      {entry.label} <span aria-hidden="true">▾</span>
                    </summary>
                    <ul className="absolute left-0 z-30 mt-2 w-60 rounded-md border border-slate-200 bg-white py-2 shadow-lg">
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
                  <MenuLink item={entry} pathname={pathname} className="hover:text-brand-700" />
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
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
    </header>
  );
}
