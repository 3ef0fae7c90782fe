/** The site origin (PUBLIC_URL) from the root loader, for canonical URLs and JSON-LD in `meta` functions. */
export function rootOrigin(matches: readonly { id: string; data?: unknown }[]): string {
  const data = matches.find((m) => m.id === "root")?.data as { origin?: string } | undefined;
  return data?.origin ?? "http://localhost";
}
