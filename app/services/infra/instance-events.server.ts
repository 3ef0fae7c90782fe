/**
 * Signals that every server instance on the database must hear, such as "public content changed: drop your
 * rendered pages". On PostgreSQL a signal is a NOTIFY on one channel, and each instance LISTENs on a connection of
 * its own; with the embedded PGlite there is one process, so a signal goes straight to its handlers. The sender's
 * own handlers run at once either way, so its next response already reflects the change.
 */
import pg from "pg";
import { getEnv } from "~/env.server";
import { getDb, onBeforeCloseDb } from "./db.server";
import { logger } from "./logger.server";

const CHANNEL = "app_instance_events";
export const INSTANCE_EVENTS = ["public-pages-changed"] as const;
export type InstanceEvent = (typeof INSTANCE_EVENTS)[number];
/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 2_000;

const handlers = new Map<InstanceEvent, (() => void)[]>();

export function onInstanceEvent(event: InstanceEvent, handler: () => void) {
  handlers.set(event, [...(handlers.get(event) ?? []), handler]);
}

function run(event: InstanceEvent) {
  for (const handler of handlers.get(event) ?? []) {
    try {
      handler();
    } catch (error) {
      logger.error({ err: error, event }, "instance event handler failed");
    }
  }
}

/** Runs the handlers here and tells every other instance (PostgreSQL) to run theirs. */
export async function broadcast(event: InstanceEvent): Promise<void> {
  run(event);
  const client = ((await getDb()) as unknown as { $client: { query?: unknown; exec?: unknown } }).$client;
  // PGlite: no other process can share the database, so no one else to tell.
  if (typeof client.exec === "function" || typeof client.query !== "function") return;
  await (client as pg.Pool).query("SELECT pg_notify($1, $2)", [CHANNEL, event]);
}

let listener: pg.Client | null = null;
let started = false;
let stopped = false;
let retry: NodeJS.Timeout | undefined;

async function listen(url: string) {
  const client = new pg.Client({ connectionString: url });
  const lost = (error?: Error) => {
    if (listener !== client) return;
    listener = null;
    client.end().catch(() => undefined);
    if (stopped) return;
    logger.warn({ err: error }, "instance events: listening connection lost, connecting again");
    retry = setTimeout(() => void listen(url), RECONNECT_MS);
    retry.unref();
  };
  listener = client;
  client.on("error", lost);
  client.on("end", () => lost());
  client.on("notification", (message) => {
    const event = INSTANCE_EVENTS.find((e) => e === message.payload);
    if (event) run(event);
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    // Signals sent while this instance was not listening are lost: act as if each had come.
    for (const event of INSTANCE_EVENTS) run(event);
  } catch (error) {
    lost(error as Error);
  }
}

/** Starts listening (PostgreSQL only; idempotent): on server start, after the database opened. */
export function startInstanceEvents() {
  const url = getEnv().DATABASE_URL;
  if (!url || started) return;
  started = true;
  void listen(url);
  onBeforeCloseDb(async () => {
    stopped = true;
    clearTimeout(retry);
    const client = listener;
    listener = null;
    await client?.end().catch(() => undefined);
  });
}
