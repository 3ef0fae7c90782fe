import crypto from "node:crypto";
import os from "node:os";
import { promisify } from "node:util";
import { offTurn } from "../infra/turns.server";

const rawScrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * crypto.scrypt runs on libuv's thread pool (4 threads), which also does gzip, file reads and DNS. A burst of
 * logins used to fill every thread with hashes, so pages waited behind them. Hashes take turns instead: at
 * most one per core but one, leaving threads (and a core) for everything else; the rest wait here in order.
 */
export const MAX_CONCURRENT_HASHES = Math.max(1, os.availableParallelism() - 1);

export const hashSlots = {
  active: 0,
  waiting: [] as (() => void)[],
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so `active` never dips and a newcomer cannot jump the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  },
};

// The request's app turn is given back while the hash waits for its slot and runs on the thread pool.
const scrypt: typeof rawScrypt = (password, salt, keylen, options) =>
  offTurn(() => hashSlots.run(() => rawScrypt(password, salt, keylen, options)));

/** scrypt is memory-hard: N=2^15, r=8 needs 32 MiB per hash, which makes GPU guessing expensive. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1, keyLength: 32 };
const MAXMEM = 64 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, PARAMS.keyLength, {
    N: PARAMS.N,
    r: PARAMS.r,
    p: PARAMS.p,
    maxmem: MAXMEM,
  });
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, n, r, p, saltB64, keyB64] = stored.split("$");
  if (algorithm !== "scrypt" || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, "base64");
  const actual = await scrypt(password.normalize("NFKC"), Buffer.from(saltB64, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** Opaque random token for cookies and e-mail links, plus the hash that is stored. */
export function createOpaqueToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
