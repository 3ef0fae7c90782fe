import { Link } from "@remix-run/react";
import {
  COOKIE_SETTINGS_QUERY,
  LEGAL_LINKS,
  NEWSLETTER_QUERY,
  OFFICES_TEXT,
  PARTNER_SITES,
  SITE_NAME,
  type SocialLink,
} from "~/domain/content/site";

export { COOKIE_SETTINGS_QUERY, NEWSLETTER_QUERY };

export function PublicFooter({ contactEmail, socialLinks }: { contactEmail: string; socialLinks: SocialLink[] }) {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-slate-50 text-sm text-slate-700">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-base font-bold text-brand-700">{SITE_NAME}</p>
          <p className="mt-2">{OFFICES_TEXT}</p>
          <p className="mt-2">
            <a href={`mailto:${contactEmail}`} className="underline">
              {contactEmail}
            </a>
          </p>
        </div>
        <nav aria-label="Open data we build on">
          <h2 className="font-semibold text-slate-900">Open data we build on</h2>
          <ul className="mt-2 space-y-1">
            {PARTNER_SITES.map((site) => (
              <li key={site.href}>
                <a href={site.href} rel="noopener noreferrer" target="_blank" className="hover:underline">
                  {site.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
            <li>
              <Link to="/methodology" className="hover:underline">
                How the scores are made
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="font-semibold text-slate-900">Legal</h2>
          <ul className="mt-2 space-y-1">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="hover:underline"
                  {...("newTab" in link && link.newTab ? { target: "_blank", rel: "noopener" } : {})}
                >
                  {link.label}
                  {"newTab" in link && link.newTab ? <span className="sr-only"> (opens in a new tab)</span> : null}
                </Link>
              </li>
            ))}
            <li>
              <Link to={`?${COOKIE_SETTINGS_QUERY}=1`} preventScrollReset className="hover:underline">
                Cookie settings
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-slate-900">Stay informed</h2>
          <Link to={`?${NEWSLETTER_QUERY}=1`} preventScrollReset className="btn-secondary mt-2">
            Newsletter
          </Link>
          {socialLinks.length ? (
            <ul className="mt-4 flex gap-4">
              {socialLinks.map((s) => (
                <li key={s.href}>
                  <a href={s.href} rel="noopener noreferrer me" target="_blank" className="hover:underline">
                    {s.label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} {SITE_NAME}. {OFFICES_TEXT}
      </p>
    </footer>
  );
}
