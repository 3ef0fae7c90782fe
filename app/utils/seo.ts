import type { MetaDescriptor } from "@remix-run/node";
import { SITE_NAME } from "~/domain/content/site";

export interface SeoInput {
  title: string;
  description: string;
  /** Absolute site origin, e.g. from the root loader's PUBLIC_URL. */
  origin: string;
  path: string;
  type?: "website" | "article";
  image?: string;
  noindex?: boolean;
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
}

/** Title, description, canonical URL, Open Graph, Twitter card and JSON-LD for a public page. */
export function seoMeta({
  title,
  description,
  origin,
  path,
  type = "website",
  image,
  noindex,
  jsonLd,
}: SeoInput): MetaDescriptor[] {
  const url = new URL(path, origin).toString();
  const fullTitle = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image) tags.push({ property: "og:image", content: new URL(image, origin).toString() });
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  for (const block of Array.isArray(jsonLd) ? jsonLd : jsonLd ? [jsonLd] : []) {
    tags.push({ "script:ld+json": block });
  }
  return tags;
}

export function breadcrumbJsonLd(origin: string, items: { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: new URL(item.path, origin).toString(),
    })),
  };
}
