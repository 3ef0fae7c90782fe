/**
 * The public pages' layout loader (cookie consent, contact details, the forms' flash), with Remix's `json` called
 * here. Only app/routes/_public+/_layout.tsx imports this module, so in the browser build the empty module standing
 * for it stays in the layout's chunk, instead of the shared server modules each becoming a chunk and a request of
 * their own on every public page that loads script (ADR 006).
 */
import { json } from "@remix-run/node";
import { parse } from "cookie";
import { CONSENT_COOKIE_NAME, parseConsent } from "~/domain/content/cookie-consent";
import { parseSocialLinks } from "~/domain/content/site";
import { getEnv } from "~/env.server";
import { readDocumentsSent } from "~/services/content/documents/documents.server";
import { readFormFlash } from "~/services/http/forms/form-flash.server";

export async function loadPublicLayout(request: Request) {
  const consent = parseConsent(parse(request.headers.get("Cookie") ?? "")[CONSENT_COOKIE_NAME]);
  const { flash, headers } = readFormFlash(request);
  const env = getEnv();
  return json(
    { consent, contactEmail: env.TEAM_MAILBOX, socialLinks: parseSocialLinks(env.SOCIAL_LINKS), origin: env.PUBLIC_URL, documentsSent: readDocumentsSent(request), formFlash: flash },
    { headers },
  );
}
