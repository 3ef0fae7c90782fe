/**
 * Checks an H3 cell id's bit layout without loading h3-js, whose WebAssembly-free build still weighs ~60 KB
 * gzipped in every page that classifies a location code. Same rules as h3-js `isValidCell` + `getResolution`
 * (h3-cell.test.ts compares the two on real and corrupted ids).
 */
const PENTAGON_BASE_CELLS = new Set([4, 14, 24, 38, 49, 58, 63, 72, 83, 97, 107, 117]);
const MAX_BASE_CELL = 121;
const CELL_MODE = 1n;
const UNUSED_DIGIT = 7n;

/** The resolution of a valid H3 cell id (15 lower-case hex digits), or null when the id is not a valid cell. */
export function h3CellResolution(id: string): number | null {
  if (!/^[0-9a-f]{15,16}$/.test(id)) return null;
  const h = BigInt(`0x${id}`);
  if (h >> 63n !== 0n) return null;
  if (((h >> 59n) & 0xfn) !== CELL_MODE) return null;
  if (((h >> 56n) & 0x7n) !== 0n) return null;
  const resolution = Number((h >> 52n) & 0xfn);
  const baseCell = Number((h >> 45n) & 0x7fn);
  if (baseCell > MAX_BASE_CELL) return null;
  let firstNonZero = 0n;
  for (let r = 1; r <= 15; r++) {
    const digit = (h >> BigInt((15 - r) * 3)) & 0x7n;
    if (r <= resolution) {
      if (digit === UNUSED_DIGIT) return null;
      if (firstNonZero === 0n && digit !== 0n) firstNonZero = digit;
    } else if (digit !== UNUSED_DIGIT) return null;
  }
  // A pentagon has no sub-sequence that starts in its deleted k-axis direction.
  if (PENTAGON_BASE_CELLS.has(baseCell) && firstNonZero === 1n) return null;
  return resolution;
}
