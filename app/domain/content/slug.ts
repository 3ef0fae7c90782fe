/**
 * The spec's friendly-URL rule for blog topics: lowercase, '&' → 'and', whitespace → '-', punctuation removed,
 * repeated '-' collapsed, then '-{id}' appended. The id is read back as the number after the last '-'.
 */
export function slugify(title: string): string {
  return (
    title
      // Accents are dropped (é → e) so URLs stay readable ASCII where the language allows it.
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/&/g, "and")
      .replace(/\s+/g, "-")
      .replace(/[^\p{L}\p{N}-]/gu, "")
      .replace(/-+/g, "-")
      .replace(/^-|-$/g, "")
  );
}

/** `{slug}-{id}`, or just the id when the title has nothing left after the rule. */
export function slugWithId(title: string, id: number): string {
  const slug = slugify(title);
  return slug ? `${slug}-${id}` : String(id);
}

/** The id in a `{slug}-{id}` segment (a bare number counts too); null when the segment does not end in a number. */
export function idFromSlug(segment: string): number | null {
  const match = /(?:^|-)(\d{1,9})$/.exec(segment.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
