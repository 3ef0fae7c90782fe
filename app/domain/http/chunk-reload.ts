/** A stale deployment makes old script chunks 404; one reload fetches the new build, but never loop. */
export const CHUNK_RELOAD_MIN_INTERVAL_MS = 60_000;
export const CHUNK_RELOAD_STORAGE_KEY = "chunk-reload-at";

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
  /Loading chunk [\w-]+ failed/i,
  /ChunkLoadError/i,
];

export function isChunkLoadError(message: string | undefined | null): boolean {
  return Boolean(message) && CHUNK_ERROR_PATTERNS.some((p) => p.test(message!));
}

export function shouldReloadForChunkError(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_MIN_INTERVAL_MS;
}
