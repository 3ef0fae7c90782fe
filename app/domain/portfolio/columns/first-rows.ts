/**
 * The first row seen at each coordinate key of an upload, for duplicate detection: an open-addressing hash table
 * on typed arrays. A Map of 1M number keys held each key as a heap number, tens of MB of heap that every collection
 * walked; this holds 12 bytes per slot outside the heap, at most half full.
 */
const EMPTY = -1;
const INITIAL_CAPACITY = 1 << 12;

export class FirstRowIndex {
  private keys = new Float64Array(INITIAL_CAPACITY);
  private rows = new Int32Array(INITIAL_CAPACITY).fill(EMPTY);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The first row recorded at `key`; records `row` there and returns undefined when the key is new. */
  firstOrAdd(key: number, row: number): number | undefined {
    const at = this.slotOf(key);
    if (this.rows[at] !== EMPTY) return this.rows[at];
    this.keys[at] = key;
    this.rows[at] = row;
    if (++this.count * 2 > this.keys.length) this.grow();
    return undefined;
  }

  /** The slot holding `key`, or the empty slot where it belongs (linear probing). */
  private slotOf(key: number): number {
    const mask = this.keys.length - 1;
    let at = hash(key) & mask;
    while (this.rows[at] !== EMPTY && this.keys[at] !== key) at = (at + 1) & mask;
    return at;
  }

  private grow() {
    const { keys, rows } = this;
    this.keys = new Float64Array(keys.length * 2);
    this.rows = new Int32Array(keys.length * 2).fill(EMPTY);
    for (let i = 0; i < keys.length; i++) {
      if (rows[i] === EMPTY) continue;
      const at = this.slotOf(keys[i]!);
      this.keys[at] = keys[i]!;
      this.rows[at] = rows[i]!;
    }
  }
}

/** Mixes both 32-bit halves of an integer key below 2^53 (coordinate keys), so nearby keys spread over the table. */
function hash(key: number): number {
  const low = key >>> 0;
  const high = Math.floor(key / 4294967296) >>> 0;
  return Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b) ^ (low >>> 15);
}
