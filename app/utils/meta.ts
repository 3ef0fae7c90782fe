import { SITE_NAME } from "~/domain/content/site";

/** "Page | Site" title plus description; canonical and Open Graph are added by public pages. */
export function pageTitle(title: string) {
  return `${title} | ${SITE_NAME}`;
}
