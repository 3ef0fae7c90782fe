/**
 * A seeded pseudo-random generator (mulberry32: 32-bit integer steps, period 2^32), uniform on [0, 1). The same seed
 * gives the same sequence, so a sample drawn with it is repeatable. Integer arithmetic matters: a linear congruential
 * step computed in doubles (seed × 1103515245 overflows 2^53) loses bits and falls into short cycles, so "20,000
 * random points" would repeat a few thousand.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
