/**
 * The riskdb answers marked `Cache-Control: public` (the same for every caller), kept in this process for their
 * max-age, at most five minutes, as a shared cache in front of the server would keep them. An anonymous client
 * chooses the URLs, so the cache is bounded by the bytes it holds (bodies and their gzipped copies) as well as by
 * entries, and an answer is stored under the parameters its endpoint reads: a parameter the endpoint ignores (a
 * cache-busting `z=123`, kilobytes of padding) neither makes a new entry nor a new computation.
 */

export interface StoredReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
  gzipped?: Promise<Buffer>;
  /** When the stored answer goes stale (ms since the epoch); 0 for an answer made for one request only. */
  expires: number;
}

export const REPLY_CACHE_MAX_ENTRIES = 5_000;
export const REPLY_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** An answer larger than this is sent but not kept: a few of them would push everything else out. */
const MAX_STORED_BODY_BYTES = 1024 * 1024;
export const REPLY_CACHE_MAX_SECONDS = 300;

/**
 * The key of a request: its path and, sorted, the parameters the endpoint reads, each with the value the endpoint
 * sees (the last one given, as Object.fromEntries keeps it). Null when the query cannot be read.
 */
export function replyCacheKey(pathname: string, search: string, queryNames: readonly string[]): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of [...queryNames].sort()) {
    const values = params.getAll(name);
    if (values.length) kept.set(name, values[values.length - 1]!);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** How long an answer may be kept: its public max-age, at most REPLY_CACHE_MAX_SECONDS; 0 when it may not be. */
export function publicReplyTtlMs(status: number, cacheControl: string | undefined): number {
  if (status !== 200 || !/\bpublic\b/.test(cacheControl ?? "")) return 0;
  const maxAge = Number(/max-age=(\d+)/.exec(cacheControl ?? "")?.[1] ?? 0);
  return Math.min(maxAge, REPLY_CACHE_MAX_SECONDS) * 1000;
}

export class ReplyCache {
  private readonly entries = new Map<string, { reply: StoredReply; bytes: number }>();
  private heldBytes = 0;

  constructor(
    private readonly maxBytes = REPLY_CACHE_MAX_BYTES,
    private readonly maxEntries = REPLY_CACHE_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  get bytes() {
    return this.heldBytes;
  }

  get size() {
    return this.entries.size;
  }

  get(key: string): StoredReply | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.reply.expires < this.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.reply;
  }

  /** Keeps the reply until `ttlMs` from now, oldest entries leaving first while the cache is over either bound. */
  set(key: string, reply: StoredReply, ttlMs: number) {
    const bytes = key.length + (reply.body?.length ?? 0);
    if (ttlMs <= 0 || bytes > MAX_STORED_BODY_BYTES) return;
    this.delete(key);
    reply.expires = this.now() + ttlMs;
    this.entries.set(key, { reply, bytes });
    this.heldBytes += bytes;
    this.evict();
  }

  /** The gzipped copy of a stored reply counts once it exists, if the reply is still held. */
  addGzipped(key: string, reply: StoredReply, gzipped: Buffer) {
    const entry = this.entries.get(key);
    if (entry?.reply !== reply) return;
    entry.bytes += gzipped.length;
    this.heldBytes += gzipped.length;
    this.evict();
  }

  private evict() {
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.heldBytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.heldBytes -= entry.bytes;
  }
}
