/**
 * Requests for the app take turns, a few at a time. With every request admitted at once, the event loop shares
 * itself among all of them, so under a burst a heavy page finishes last of all and a client times out; in turns, a
 * request waits for those before it and then runs nearly alone (p99 ≈ queue + own time).
 *
 * Only a request whose body has fully arrived asks for a turn, so a slow client holds nothing while it sends. A
 * turn ends when its work ends (success or error), when its client goes away, or when it has run too long; a
 * waiting request whose client goes away leaves the queue. When several client addresses wait, the next turn goes
 * to the first one holding less than its share, so one address cannot keep every turn while others wait.
 */
export interface AdmissionOptions {
  concurrency: number;
  /** Turns one address may hold while another address waits. */
  sharePerAddress: number;
  /** A turn ends after this long even if its work has not; the work is told through onTimeout. */
  turnTimeoutMs: number;
  /** The app counts as unable to answer when requests have waited this long and no turn has ended meanwhile. */
  stallMs: number;
}

export interface Turn {
  /** Ends the turn (idempotent). */
  release: () => void;
  /**
   * Gives the turn back while `work` waits on something other than the event loop (a password hash on the thread
   * pool), then takes one again ahead of every waiting request. A sign-in queued for the one hashing slot otherwise
   * holds a turn for seconds while pages wait with the event loop idle.
   */
  stepAside: <T>(work: () => Promise<T>) => Promise<T>;
}

interface Waiter {
  address: string;
  since: number;
  grant: () => void;
}

export class Admission {
  private active = 0;
  private readonly held = new Map<string, number>();
  private readonly waiting: Waiter[] = [];
  private lastTurnEnded = Date.now();

  constructor(private readonly options: AdmissionOptions) {}

  /**
   * A turn for `address`, or null when `signal` aborts before one is free. The turn also ends when `signal`
   * aborts and after turnTimeoutMs (then `onTimeout` runs).
   */
  take(address: string, signal: AbortSignal, onTimeout: () => void = () => {}): Promise<Turn | null> {
    if (signal.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        address,
        since: Date.now(),
        grant: () => {
          signal.removeEventListener("abort", leave);
          resolve(this.grant(address, signal, onTimeout));
        },
      };
      const leave = () => {
        const at = this.waiting.indexOf(waiter);
        if (at !== -1) this.waiting.splice(at, 1);
        resolve(null);
      };
      signal.addEventListener("abort", leave, { once: true });
      this.waiting.push(waiter);
      this.dispatch();
    });
  }

  /**
   * Runs `work` in a turn; null without running it when the client left while it waited. `work` may end its turn
   * early (once it has made its answer, before a slow client has received it); it ends anyway when work settles.
   */
  async run<T>(
    address: string,
    signal: AbortSignal,
    work: (endTurn: () => void) => Promise<T>,
    onTimeout?: () => void,
  ): Promise<T | null> {
    const turn = await this.take(address, signal, onTimeout);
    if (!turn) return null;
    try {
      return await work(turn.release);
    } finally {
      turn.release();
    }
  }

  /** Turns held now, and requests waiting for one. */
  get counts() {
    return { active: this.active, waiting: this.waiting.length };
  }

  /** True when every turn is taken, requests wait, and none has ended for stallMs: the app is not answering. */
  stalled(now = Date.now()): boolean {
    const oldest = this.waiting.reduce((min, w) => Math.min(min, w.since), Infinity);
    return (
      this.active >= this.options.concurrency &&
      now - oldest > this.options.stallMs &&
      now - this.lastTurnEnded > this.options.stallMs
    );
  }

  private dispatch() {
    while (this.active < this.options.concurrency && this.waiting.length > 0) {
      const [next] = this.waiting.splice(this.nextWaiter(), 1);
      next!.grant();
    }
  }

  /** The first waiter whose address holds less than its share; the first of all when every one holds its share. */
  private nextWaiter(): number {
    const at = this.waiting.findIndex((w) => (this.held.get(w.address) ?? 0) < this.options.sharePerAddress);
    return at === -1 ? 0 : at;
  }

  private grant(address: string, signal: AbortSignal, onTimeout: () => void): Turn {
    let holding = false;
    let ended = false;
    /** The place in the queue of a turn that stepped aside and waits to come back. */
    let rejoining: Waiter | null = null;
    const hold = () => {
      holding = true;
      this.active++;
      this.held.set(address, (this.held.get(address) ?? 0) + 1);
    };
    const letGo = () => {
      holding = false;
      this.active--;
      const left = (this.held.get(address) ?? 1) - 1;
      if (left > 0) this.held.set(address, left);
      else this.held.delete(address);
      this.lastTurnEnded = Date.now();
      this.dispatch();
    };
    const release = () => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      signal.removeEventListener("abort", release);
      if (rejoining) {
        const at = this.waiting.indexOf(rejoining);
        if (at !== -1) this.waiting.splice(at, 1);
        const waiter = rejoining;
        rejoining = null;
        waiter.grant();
      }
      if (holding) letGo();
    };
    const rejoin = () =>
      new Promise<void>((resolve) => {
        rejoining = {
          address,
          since: Date.now(),
          grant: () => {
            rejoining = null;
            if (!ended) hold();
            resolve();
          },
        };
        this.waiting.unshift(rejoining);
        this.dispatch();
      });
    const stepAside = async <T>(work: () => Promise<T>): Promise<T> => {
      if (!holding) return work();
      letGo();
      try {
        return await work();
      } finally {
        if (!ended) await rejoin();
      }
    };
    hold();
    const timer = setTimeout(() => {
      release();
      onTimeout();
    }, this.options.turnTimeoutMs);
    timer.unref();
    signal.addEventListener("abort", release, { once: true });
    return { release, stepAside };
  }
}
