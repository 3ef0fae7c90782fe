/**
 * How fast a request body must arrive. A client that announces a body and then sends a byte now and then would
 * otherwise keep its connection, and whatever the request holds, for as long as Node lets it (300 s). A body is cut
 * off when nothing arrives for idleMs, when it is slower on average than minBytesPerSecond after graceMs, or when it
 * is still arriving after deadlineMs.
 */
export interface BodyPace {
  idleMs: number;
  graceMs: number;
  minBytesPerSecond: number;
  deadlineMs: number;
}

export const BODY_TOO_SLOW_MESSAGE = "The request body arrived too slowly; send it again on a faster connection.";

const CHECK_EVERY_MS = 1_000;

/** Counts a body's bytes as they arrive and calls `onTooSlow` once when it falls behind its pace. */
export class BodyPaceWatch {
  private readonly started = Date.now();
  private lastByteAt = this.started;
  private bytes = 0;
  private readonly timer: NodeJS.Timeout;
  private done = false;

  constructor(
    private readonly pace: BodyPace,
    private readonly onTooSlow: (reason: "idle" | "rate" | "deadline") => void,
    /** Called before each check, for a caller that counts bytes by sampling rather than by chunk. */
    private readonly sample: () => void = () => {},
  ) {
    this.timer = setInterval(() => this.check(), Math.min(CHECK_EVERY_MS, pace.idleMs));
    this.timer.unref();
  }

  saw(chunkBytes: number) {
    this.bytes += chunkBytes;
    this.lastByteAt = Date.now();
  }

  stop() {
    this.done = true;
    clearInterval(this.timer);
  }

  /** Which limit the body has broken at `now`, if any. */
  verdict(now = Date.now()): "idle" | "rate" | "deadline" | null {
    const elapsed = now - this.started;
    if (elapsed > this.pace.deadlineMs) return "deadline";
    if (now - this.lastByteAt > this.pace.idleMs) return "idle";
    if (elapsed > this.pace.graceMs && (this.bytes * 1000) / elapsed < this.pace.minBytesPerSecond) return "rate";
    return null;
  }

  private check() {
    if (this.done) return;
    this.sample();
    if (this.done) return;
    const reason = this.verdict();
    if (!reason) return;
    this.stop();
    this.onTooSlow(reason);
  }
}
