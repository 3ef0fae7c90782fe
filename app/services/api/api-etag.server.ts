/**
 * Entity tags of the score answers: one function makes them and one decides a conditional request, for the riskdb
 * answers (api+ routes and the server's fast path alike) and the batch.
 */
import { createHash } from "node:crypto";

/** A strong ETag over what an answer depends on: the dataset and methodology versions first, then the request. */
export function versionedEtag(datasetVersion: string, methodologyVersion: string, parts: readonly unknown[]): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify([datasetVersion, methodologyVersion, ...parts]));
  return `"${hash.digest("base64url").slice(0, 32)}"`;
}

/** Whether `If-None-Match` names the answer's current ETag (or is `*`): then the answer is a 304. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** The query string in a fixed order, so `?a=1&b=2` and `?b=2&a=1` share an ETag. */
export function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}
