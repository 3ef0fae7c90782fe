import { collectGarbage } from "../../app/services/infra/memory.server";
/** Peak memory of a run, sampled every 20 ms. */
export function mb(b: number): string {
  return `${(b / 1024 / 1024).toFixed(1)} MB`;
}

export function peakSampler() {
  collectGarbage();
  const baseline = process.memoryUsage().rss;
  let rss = baseline;
  let heap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      const m = process.memoryUsage();
      return { baseline, rss: Math.max(rss, m.rss), heap: Math.max(heap, m.heapUsed) };
    },
  };
}
