/**
 * The public pages' layout loader (cookie consent, contact details, the forms' flash), with Remix's `json` called
 * here. The public layout's page module (ADR 022).
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
