import { Link } from "@remix-run/react";

/** Previous / numbered / next links; `hrefFor` builds each page's URL so pages are crawlable plain links. */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className="btn-secondary">
          Previous page
        </Link>
      ) : null}
      <ul className="flex gap-1">
        {pages.map((n) => (
          <li key={n}>
            {n === page ? (
              <span aria-current="page" className="btn bg-brand-600 text-white">
                <span className="sr-only">Page </span>
                {n}
              </span>
            ) : (
              <Link to={hrefFor(n)} className="btn-secondary" aria-label={`Page ${n}`}>
                {n}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className="btn-secondary">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}
