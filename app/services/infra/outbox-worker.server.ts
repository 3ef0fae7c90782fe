/**
 * The in-process worker of a database outbox (mail, webhook deliveries): passes run one at a time per process, a wake
 * during a pass asks for one more, a timer wakes it for retries and rows other instances left, and a shutdown stops
 * it and waits for the pass in flight before the database closes. What a pass does is the caller's: it claims due
 * rows (safe on many instances at once) and checks `stopping` between sends.
 */
import { onBeforeCloseDb } from "./db.server";
import { logger } from "./logger.server";

export interface OutboxWorker {
  /** Set while the worker stops: the send in flight finishes, nothing new is claimed. */
  readonly stopping: boolean;
  /** Runs a pass soon (coalesced: at most one pass at a time per process). */
  wake(): Promise<void>;
  /** A pass every `intervalMs`, and one now. */
  start(intervalMs: number): void;
  /** Stops the periodic passes and waits for the pass in flight. */
  stop(): Promise<void>;
}

export function outboxWorker(name: string, pass: () => Promise<unknown>): OutboxWorker {
  let stopping = false;
  let running: Promise<void> | null = null;
  let again = false;
  let closeHookRegistered = false;
  let timer: NodeJS.Timeout | undefined;

  const worker: OutboxWorker = {
    get stopping() {
      return stopping;
    },
    wake() {
      if (stopping) return running ?? Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      stopBeforeDbCloses();
      running = (async () => {
        try {
          do {
            again = false;
            await pass().catch((error) => logger.error({ err: error }, `${name} worker pass failed`));
          } while (again && !stopping);
        } finally {
          // Cleared in the same step as the last check of `again`: a wake in between would find a pass that has
          // ended and leave its rows for the next periodic pass.
          running = null;
        }
      })();
      return running;
    },
    start(intervalMs) {
      if (timer) return;
      stopBeforeDbCloses();
      timer = setInterval(() => void worker.wake(), intervalMs);
      timer.unref();
      void worker.wake();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopping = true;
      try {
        await running;
      } finally {
        stopping = false;
      }
    },
  };

  /** The database must outlive the worker: a shutdown stops it and waits for its pass before closing. */
  function stopBeforeDbCloses() {
    if (closeHookRegistered) return;
    closeHookRegistered = true;
    onBeforeCloseDb(async () => {
      closeHookRegistered = false;
      await worker.stop();
    });
  }

  return worker;
}
