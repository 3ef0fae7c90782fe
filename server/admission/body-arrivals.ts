/**
 * Bodies still arriving, per client address. A body on its way holds a connection and a little memory, nothing
 * more, but one address with hundreds of them open would hold the server's sockets: past its share it gets a 429.
 */
export const TOO_MANY_BODIES_MESSAGE =
  "Too many of your requests are still sending their bodies; wait for them to finish, then try again.";
export const TOO_MANY_BODIES_RETRY_AFTER_SECONDS = 5;

export class BodyArrivals {
  private readonly counts = new Map<string, number>();

  constructor(private readonly maxPerAddress: number) {}

  /** Counts a body from `address` until the returned `done` (idempotent); null when the address has its share. */
  begin(address: string): (() => void) | null {
    const now = this.counts.get(address) ?? 0;
    if (now >= this.maxPerAddress) return null;
    this.counts.set(address, now + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.counts.get(address) ?? 1) - 1;
      if (left > 0) this.counts.set(address, left);
      else this.counts.delete(address);
    };
  }

  arriving(address: string): number {
    return this.counts.get(address) ?? 0;
  }
}
