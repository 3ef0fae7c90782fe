/**
 * Who a credential speaks for and what the account may read, kept in memory: reading them from the database on every
 * signed-in or keyed API call was nearly all of its time. The database tells every instance when an account changes
 * (triggers NOTIFY the account's id on `app_account_changed` at commit: migration 0022), and an instance forgets what
 * it holds about that account. Until this instance listens on the database in use, nothing is kept.
 *
 * A value read while a change commits could be stored after the change was told; so each fill notes the change count
 * before its query, and a value filled before the account's last change is never used.
 */
import type pg from "pg";
import { getDb, onBeforeCloseDb, type Database } from "../infra/db.server";
import { logger } from "../infra/logger.server";

export const ACCOUNT_CHANNEL = "app_account_changed";
/** A safety net only: an entry is dropped after this long even if no change was told. */
export const ACCOUNT_CACHE_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 50_000;

/** Changes told so far; an account's last change and the last change of every account ('*', or a lost listener). */
let changes = 0;
let everyoneChangedAt = 0;
const accountChangedAt = new Map<string, number>();

function accountChanged(userId: string) {
  changes++;
  if (userId === "*" || accountChangedAt.size >= MAX_ENTRIES) {
    everyoneChangedAt = changes;
    accountChangedAt.clear();
    for (const cache of caches) cache.entries.clear();
    return;
  }
  accountChangedAt.set(userId, changes);
}

function stillValid(userId: string, filledAt: number): boolean {
  return filledAt >= everyoneChangedAt && filledAt >= (accountChangedAt.get(userId) ?? 0);
}

interface Entry<V> {
  userId: string | null;
  value: V;
  filledAt: number;
  expires: number;
}

/** A cache of values about accounts, by any key (a token's hash, a user id); `userOf` names the account a value is about. */
export class AccountCache<V> {
  readonly entries = new Map<string, Entry<V>>();
  private readonly pending = new Map<string, { loading: Promise<V>; filledAt: number }>();

  constructor(private readonly userOf: (value: V, key: string) => string | null) {
    caches.push(this);
  }

  /**
   * The value for `key`, from memory when it was filled since its account last changed, else from `load`. Values for
   * which `userOf` answers null (an unknown token) are not kept: a wrong credential is looked up every time.
   */
  async get(key: string, load: () => Promise<V>, nowMs = Date.now()): Promise<V> {
    const db = await getDb();
    if (!listeningOn(db)) {
      startListening(db);
      return load();
    }
    const hit = this.entries.get(key);
    if (hit && hit.expires > nowMs && (hit.userId === null || stillValid(hit.userId, hit.filledAt))) return hit.value;
    const inFlight = this.pending.get(key);
    if (inFlight) {
      const value = await inFlight.loading;
      // A load begun before the account last changed may have read the rows as they were (an order not yet in):
      // it answers only callers who came before the change; a later one reads again.
      const userId = this.userOf(value, key);
      if (userId === null || stillValid(userId, inFlight.filledAt)) return value;
    }
    const filledAt = changes;
    const loading = load();
    const flight = { loading, filledAt };
    this.pending.set(key, flight);
    const value = await loading.finally(() => {
      if (this.pending.get(key) === flight) this.pending.delete(key);
    });
    const userId = this.userOf(value, key);
    if (userId !== null && stillValid(userId, filledAt) && listeningOn(db)) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { userId, value, filledAt, expires: nowMs + ACCOUNT_CACHE_TTL_MS });
    }
    return value;
  }

  forget(key: string) {
    this.entries.delete(key);
  }
}

const caches: { entries: Map<string, unknown> }[] = [];

/**
 * Forgets an account here at once; a write path calls it once its change has committed. The NOTIFY tells every
 * instance, this one included, but reaches this one's listener a moment after the commit, and the writer's next
 * request (the page after an order) may come first.
 */
export function forgetAccount(userId: string) {
  accountChanged(userId);
}

// ---------- listening ----------

let listening: { db: Database; ready: boolean; started: Promise<void>; stop: () => Promise<void> } | null = null;

function listeningOn(db: Database): boolean {
  return listening?.db === db && listening.ready;
}

function lost(state: typeof listening, error?: unknown) {
  if (!state || listening !== state) return;
  if (error)
    logger.warn({ err: error }, "account changes: listening connection lost; nothing is kept until it is back");
  listening = null;
  accountChanged("*");
  // Back to the pool, destroyed: a pool does not end while a connection is out.
  void state.stop();
}

/** Starts listening on the database in use (idempotent); values are kept once it listens. */
function startListening(db: Database) {
  if (listening?.db === db) return;
  const previous = listening;
  accountChanged("*");
  const state: NonNullable<typeof listening> = {
    db,
    ready: false,
    started: Promise.resolve(),
    stop: async () => undefined,
  };
  listening = state;
  void previous?.stop();
  const client = (db as unknown as { $client: unknown }).$client as
    { listen: (channel: string, cb: (payload: string) => void) => Promise<() => Promise<void>> } | pg.Pool;
  const onPayload = (payload: string | undefined) => {
    if (listening === state && payload) accountChanged(payload);
  };
  const started =
    "listen" in client && typeof client.listen === "function"
      ? client.listen(ACCOUNT_CHANNEL, onPayload).then((unlisten) => {
          state.stop = () => unlisten().catch(() => undefined);
        })
      : (client as pg.Pool).connect().then(async (connection) => {
          connection.on("notification", (message) => message.channel === ACCOUNT_CHANNEL && onPayload(message.payload));
          connection.on("error", (error) => lost(state, error));
          // A connection the server ends without an error is as lost: its notifications no longer come.
          connection.on("end", () => lost(state, new Error("listening connection ended")));
          let released = false;
          state.stop = async () => {
            if (released) return;
            released = true;
            connection.release(true);
          };
          await connection.query(`LISTEN ${ACCOUNT_CHANNEL}`);
        });
  onBeforeCloseDb(async () => {
    if (listening === state) {
      listening = null;
      accountChanged("*");
    }
    await state.stop();
  });
  state.started = started.then(
    () => {
      if (listening === state) state.ready = true;
      else void state.stop();
    },
    (error: unknown) => lost(state, error),
  );
}

/** Starts listening on the database in use and waits until it listens (server start, tests). */
export async function listenForAccountChanges(): Promise<boolean> {
  const db = await getDb();
  startListening(db);
  await listening?.started;
  return listeningOn(db);
}
