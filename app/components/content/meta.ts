import { breadcrumbJsonLd, seoMeta } from "~/utils/seo";

/** The site origin (PUBLIC_URL) from the root loader, for canonical URLs and JSON-LD in `meta` functions. */
export function rootOrigin(matches: readonly { id: string; data?: unknown }[]): string {
  const data = matches.find((m) => m.id === "root")?.data as { origin?: string } | undefined;
  return data?.origin ?? "http://localhost";
}

/** Breadcrumbs (Home → page) and the meta tags of a simple listing page such as news or team. */
export function sectionPage(title: string, description: string, path: string) {
  const crumbs = [
    { name: "Home", path: "/" },
    { name: title, path },
  ];
  const meta = ({ data, matches }: { data: unknown; matches: readonly { id: string; data?: unknown }[] }) => {
    const origin = rootOrigin(matches);
    const failed = Boolean((data as { error?: unknown } | undefined)?.error);
    return seoMeta({ title, description, origin, path, noindex: failed, jsonLd: breadcrumbJsonLd(origin, crumbs) });
  };
  return { crumbs, meta };
}
