/**
 * In-process cache of rendered anonymous public pages. The server entry stores a page only when the app marked it
 * publicly cacheable and the visitor carried nothing personal; anything the content service publishes clears it on
 * every instance (an instance event), and entries expire after the page's own shared-cache lifetime anyway.
 */
import { broadcast, onInstanceEvent } from "../infra/instance-events.server";
import { logger } from "../infra/logger.server";

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The HTML with the CSP nonce it was rendered with; the server swaps in a fresh nonce per response. */
  body: string;
  nonce: string | null;
  etag: string;
  storedAt: number;
}

export const PAGE_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 500;
const MAX_BYTES = 16 * 1024 * 1024;

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  /** Bumped on every invalidation; a render that started before it is not stored. */
  generation = 0;

  constructor(
    private readonly ttlMs = PAGE_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    if (this.now() - page.storedAt > this.ttlMs) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last, so eviction takes the oldest.
    this.entries.delete(key);
    this.entries.set(key, page);
    return page;
  }

  /** Stores a page rendered while `generation` was current; ignored when content changed in between. */
  set(key: string, page: Omit<CachedPage, "storedAt">, generation: number) {
    if (generation !== this.generation) return;
    this.delete(key);
    const entry = { ...page, storedAt: this.now() };
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.delete(oldest);
    }
  }

  invalidate() {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  get size() {
    return this.entries.size;
  }

  private delete(key: string) {
    const page = this.entries.get(key);
    if (!page) return;
    this.bytes -= page.body.length;
    this.entries.delete(key);
  }
}

export const publicPageCache = new PageCache();

onInstanceEvent("public-pages-changed", () => publicPageCache.invalidate());

/**
 * Called by every write the public pages show (content saved, published or unpublished): this instance's cache is
 * cleared before it returns, the other instances' as soon as the signal reaches them.
 */
export function invalidatePublicPages() {
  publicPageCache.invalidate();
  broadcast("public-pages-changed").catch((error: unknown) =>
    logger.error({ err: error }, "could not tell the other instances that content changed"),
  );
}
