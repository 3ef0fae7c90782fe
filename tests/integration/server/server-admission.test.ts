/**
 * The production server's admission control (server/admission/admission.ts): a turn is freed when its work ends, fails, runs
 * past its time or loses its client, a waiting request whose client leaves gives up its place, and while others
 * wait one address holds no more than its share.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { Admission } from "../../../server/admission/admission";

const options = { concurrency: 2, sharePerAddress: 1, turnTimeoutMs: 1_000, stallMs: 5_000 };

/** Work that runs until `finish` is called. */
function pending() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("admission", () => {
  it("lets `concurrency` requests run and queues the next until one ends", async () => {
    const turns = new Admission(options);
    const [a, b] = [pending(), pending()];
    const first = turns.run("1", new AbortController().signal, a.work);
    void turns.run("2", new AbortController().signal, b.work);
    let thirdRan = false;
    const third = turns.run("3", new AbortController().signal, async () => {
      thirdRan = true;
      return "third";
    });
    await Promise.resolve();
    expect(turns.counts).toEqual({ active: 2, waiting: 1 });
    expect(thirdRan).toBe(false);
    a.finish();
    await first;
    expect(await third).toBe("third");
    b.finish();
  });

  it("frees the turn when the work fails", async () => {
    const turns = new Admission({ ...options, concurrency: 1 });
    await expect(
      turns.run("1", new AbortController().signal, async () => Promise.reject(new Error("boom"))),
    ).rejects.toThrow("boom");
    expect(turns.counts).toEqual({ active: 0, waiting: 0 });
    expect(await turns.run("1", new AbortController().signal, async () => "next")).toBe("next");
  });

  it("frees the turn when the client goes away while its request runs", async () => {
    const turns = new Admission({ ...options, concurrency: 1 });
    const client = new AbortController();
    const stuck = pending();
    void turns.run("1", client.signal, stuck.work);
    const next = turns.run("2", new AbortController().signal, async () => "next");
    await Promise.resolve();
    expect(turns.counts).toEqual({ active: 1, waiting: 1 });
    client.abort();
    expect(await next).toBe("next");
    expect(turns.counts).toEqual({ active: 0, waiting: 0 });
    stuck.finish();
  });

  it("drops a waiting request whose client goes away, without running it", async () => {
    const turns = new Admission({ ...options, concurrency: 1 });
    const holder = pending();
    void turns.run("1", new AbortController().signal, holder.work);
    const client = new AbortController();
    let ran = false;
    const waiting = turns.run("2", client.signal, async () => {
      ran = true;
    });
    await Promise.resolve();
    expect(turns.counts.waiting).toBe(1);
    client.abort();
    expect(await waiting).toBeNull();
    expect(turns.counts).toEqual({ active: 1, waiting: 0 });
    holder.finish();
    await Promise.resolve();
    expect(ran).toBe(false);
  });

  it("frees the turn of a request that runs past its time, and says so", async () => {
    vi.useFakeTimers();
    const turns = new Admission({ ...options, concurrency: 1 });
    const onTimeout = vi.fn();
    const stuck = pending();
    void turns.run("1", new AbortController().signal, stuck.work, onTimeout);
    const next = turns.run("2", new AbortController().signal, async () => "next");
    await vi.advanceTimersByTimeAsync(999);
    expect(turns.counts).toEqual({ active: 1, waiting: 1 });
    await vi.advanceTimersByTimeAsync(2);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(await next).toBe("next");
    stuck.finish();
  });

  it("gives the next turn to an address holding less than its share, ahead of one that holds more", async () => {
    const turns = new Admission(options);
    const busy = [pending(), pending()];
    // Alone, one address may use every turn.
    const held = busy.map((p) => turns.run("crowd", new AbortController().signal, p.work));
    const order: string[] = [];
    const visitorWork = pending();
    const crowdAgain = turns.run("crowd", new AbortController().signal, async () => void order.push("crowd"));
    const visitor = turns.run("visitor", new AbortController().signal, async () => {
      order.push("visitor");
      await visitorWork.work();
    });
    await Promise.resolve();
    expect(turns.counts).toEqual({ active: 2, waiting: 2 });
    busy[0]!.finish();
    await held[0];
    await Promise.resolve();
    // The visitor came last but holds nothing: it goes first.
    expect(order).toEqual(["visitor"]);
    expect(turns.counts).toEqual({ active: 2, waiting: 1 });
    busy[1]!.finish();
    await crowdAgain;
    expect(order).toEqual(["visitor", "crowd"]);
    visitorWork.finish();
    await visitor;
  });

  it("reports a stall only when every turn is taken, requests wait and no turn has ended for stallMs", async () => {
    const turns = new Admission({ ...options, concurrency: 1 });
    const stuck = pending();
    void turns.run("1", new AbortController().signal, stuck.work);
    expect(turns.stalled(Date.now() + 60_000)).toBe(false);
    void turns.run("2", new AbortController().signal, async () => undefined);
    await Promise.resolve();
    expect(turns.stalled(Date.now() + 1_000)).toBe(false);
    expect(turns.stalled(Date.now() + 6_000)).toBe(true);
    stuck.finish();
  });

  it("a turn stepped aside lets the next request run, then comes back ahead of those still waiting", async () => {
    const turns = new Admission({ ...options, concurrency: 1 });
    const order: string[] = [];
    const hash = pending();
    // A sign-in's turn, as the server's middleware holds it.
    const held = await turns.take("1", new AbortController().signal);
    const aside = held!.stepAside(async () => {
      order.push("hash started");
      await hash.work();
      order.push("hash done");
    });
    const page = pending();
    const firstPage = turns.run("2", new AbortController().signal, async () => {
      order.push("page 2 runs");
      await page.work();
    });
    const secondPage = turns.run("3", new AbortController().signal, async () => {
      order.push("page 3 runs");
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual(["hash started", "page 2 runs"]);
    expect(turns.counts).toEqual({ active: 1, waiting: 1 });
    hash.finish();
    await new Promise((r) => setTimeout(r, 0));
    // Back in line first: page 3 still waits when page 2 ends.
    expect(turns.counts).toEqual({ active: 1, waiting: 2 });
    page.finish();
    await firstPage;
    await aside;
    expect(order).toEqual(["hash started", "page 2 runs", "hash done"]);
    expect(turns.counts).toEqual({ active: 1, waiting: 1 });
    held!.release();
    await secondPage;
    expect(order.at(-1)).toBe("page 3 runs");
    expect(turns.counts).toEqual({ active: 0, waiting: 0 });
  });

  it("a turn whose client leaves while it is stepped aside or waiting to come back holds nothing", async () => {
    const turns = new Admission({ ...options, concurrency: 1 });
    const client = new AbortController();
    const held = await turns.take("1", client.signal);
    const blocker = pending();
    const aside = held!.stepAside(async () => "hashed");
    const other = turns.run("2", new AbortController().signal, blocker.work);
    await new Promise((r) => setTimeout(r, 0));
    // The work is done and the turn waits to come back behind request 2's turn; the client leaves.
    expect(turns.counts).toEqual({ active: 1, waiting: 1 });
    client.abort();
    expect(await aside).toBe("hashed");
    expect(turns.counts).toEqual({ active: 1, waiting: 0 });
    blocker.finish();
    await other;
    expect(turns.counts).toEqual({ active: 0, waiting: 0 });
  });
});
