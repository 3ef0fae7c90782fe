/**
 * The `Link` header of a cursor list (RFC 8288): rel="next" to the older items after the page, rel="prev" to the newer
 * ones before it, each a link the client follows as it is (the same path and limit, one cursor).
 */
export interface PageCursor {
  limit: number;
  startingAfter?: number;
  endingBefore?: number;
}

/** `edges`: the keys of the page's first and last items, null for an empty page. Null when no page is next to it. */
export function pageLinks(
  url: URL,
  page: PageCursor,
  hasMore: boolean,
  edges: readonly [number, number] | null,
): string | null {
  if (!edges) return null;
  const backwards = page.startingAfter === undefined && page.endingBefore !== undefined;
  // Reading forwards, older items remain when has_more, newer ones when the page started after a cursor; backwards, the reverse.
  const olderRemain = backwards ? true : hasMore;
  const newerRemain = backwards ? hasMore : page.startingAfter !== undefined;
  const link = (cursor: "starting_after" | "ending_before", key: number, rel: string) => {
    const target = new URL(url);
    target.searchParams.delete("starting_after");
    target.searchParams.delete("ending_before");
    target.searchParams.set("limit", String(page.limit));
    target.searchParams.set(cursor, String(key));
    return `<${target.pathname}${target.search}>; rel="${rel}"`;
  };
  const links = [
    ...(olderRemain ? [link("starting_after", edges[1], "next")] : []),
    ...(newerRemain ? [link("ending_before", edges[0], "prev")] : []),
  ];
  return links.length ? links.join(", ") : null;
}
