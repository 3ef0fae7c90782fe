/**
 * The health check's view of the database, answered within a second whatever the database does: a probe that does
 * not queue behind the app's pool (db.server.ts), a deadline, and one probe at a time however many checks arrive.
 */
import { databaseProbe } from "./db.server";

/** The health check answers within this, the database's answer or not. */
export const HEALTH_DEADLINE_MS = 900;

export type DatabaseHealth =
  | {
      ok: true;
      mode: "pglite" | "postgres";
      latencyMs: number;
      pool?: { total: number; idle: number; waiting: number };
    }
  | { ok: false; database: "not answering" | "unavailable"; error?: unknown };

let inFlight: Promise<DatabaseHealth> | null = null;

/** The database's health; checks that arrive while a probe runs share its answer. */
export function databaseHealth(): Promise<DatabaseHealth> {
  inFlight ??= probeWithDeadline().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function probeWithDeadline(): Promise<DatabaseHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), HEALTH_DEADLINE_MS);
  });
  const probe = (async () => {
    const database = await databaseProbe();
    await database.probe();
    return database;
  })();
  try {
    const outcome = await Promise.race([probe, deadline]);
    if (outcome === "late") {
      probe.catch(() => undefined);
      return { ok: false, database: "not answering" };
    }
    return {
      ok: true,
      mode: outcome.mode,
      latencyMs: Math.round(performance.now() - started),
      ...(outcome.pool ? { pool: outcome.pool() } : {}),
    };
  } catch (error) {
    return { ok: false, database: "unavailable", error };
  } finally {
    clearTimeout(timer);
  }
}
