import { Link } from "@remix-run/react";

export interface Crumb {
  name: string;
  path: string;
}

/** Visible trail matching the BreadcrumbList JSON-LD; the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
      <ol className="flex flex-wrap gap-1">
        {items.map((item, index) => (
          <li key={item.path} className="flex gap-1">
            {index > 0 ? <span aria-hidden="true">/</span> : null}
            {index === items.length - 1 ? (
              <span aria-current="page">{item.name}</span>
            ) : (
              <Link to={item.path} className="hover:underline">
                {item.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
