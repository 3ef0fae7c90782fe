import { outboxWorker } from "./outbox-worker.server";

/** A pass that waits until the test lets it finish. */
function gatedPasses() {
  const gates: (() => void)[] = [];
  let passes = 0;
  const pass = () =>
    new Promise<void>((resolve) => {
      passes++;
      gates.push(resolve);
    });
  return { pass, passes: () => passes, release: () => gates.shift()?.() };
}

const tick = () => new Promise((r) => setImmediate(r));

describe("an outbox worker", () => {
  it("runs one pass at a time: wakes during a pass ask for exactly one more", async () => {
    const g = gatedPasses();
    const worker = outboxWorker("test", g.pass);
    const first = worker.wake();
    void worker.wake();
    void worker.wake();
    expect(g.passes()).toBe(1);
    g.release();
    await tick();
    expect(g.passes()).toBe(2);
    g.release();
    await first;
    expect(g.passes()).toBe(2);
  });

  it("stops: waits for the pass in flight, says it is stopping meanwhile, and starts none", async () => {
    const g = gatedPasses();
    const worker = outboxWorker("test", g.pass);
    void worker.wake();
    void worker.wake();
    const stopped = worker.stop();
    expect(worker.stopping).toBe(true);
    const woken = worker.wake();
    g.release();
    await Promise.all([stopped, woken]);
    expect(worker.stopping).toBe(false);
    // the wake asked for during the pass is dropped by the stop
    expect(g.passes()).toBe(1);
  });

  it("keeps going after a failed pass", async () => {
    let calls = 0;
    const worker = outboxWorker("test", async () => {
      calls++;
      throw new Error("smtp down");
    });
    await worker.wake();
    await worker.wake();
    expect(calls).toBe(2);
  });
});
