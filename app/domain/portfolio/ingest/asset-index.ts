/**
 * Which rows of an upload are the same asset. With an asset id, rows of one id are one asset, whatever else they
 * hold; a second row of an id whose cells differ from its first row is a conflict the user resolves in the file.
 * Without an id, only a row repeated cell for cell is the same asset: two rows at one place (one city centroid, say)
 * that differ in any cell are two assets. The first row of an asset stands for it; the others are neither billed nor
 * counted. Pure, and bounded like the place index: ids and rows are kept as 52-bit hashes, not as strings.
 */
import type { Cell } from "../columns/columns";
import { FirstRowIndex } from "../columns/first-rows";

export interface AssetSighting {
  /** The first row of the same asset; null when this row is a new asset. */
  sameAssetAs: number | null;
  /** The row repeats an asset id with cells that differ from the id's first row. */
  conflict: boolean;
}

/** Two independent 32-bit FNV-1a hashes of a string, as one integer below 2^52. */
export function hash52(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  return (a >>> 12) * 4294967296 + (b >>> 0);
}

function cellKey(c: Cell): string {
  if (c === null || c === undefined) return "";
  return String(c).trim();
}

/** A row's cells as one text, trailing empty cells aside (a spreadsheet pads some rows and not others). */
export function rowText(cells: readonly Cell[]): string {
  const parts = cells.map(cellKey);
  while (parts.length && parts[parts.length - 1] === "") parts.pop();
  return parts.join("\u0001");
}

export class AssetIndex {
  private readonly firstRows = new FirstRowIndex();
  /** Each id's first row's content hash, at that row's number (a typed array: no heap number per row). */
  private contentOf = new Float64Array(1 << 12);

  /** Records the row; `id` is its asset id (null or "" when the file has none for it). */
  see(row: number, id: string | null, cells: readonly Cell[]): AssetSighting {
    const content = hash52(rowText(cells));
    if (!id) {
      const first = this.firstRows.firstOrAdd(hash52(`r\u0000${content}`), row);
      return { sameAssetAs: first ?? null, conflict: false };
    }
    const first = this.firstRows.firstOrAdd(hash52(`i\u0000${id}`), row);
    if (first === undefined) {
      if (row >= this.contentOf.length) {
        const grown = new Float64Array(Math.max(row + 1, this.contentOf.length * 2));
        grown.set(this.contentOf);
        this.contentOf = grown;
      }
      this.contentOf[row] = content;
      return { sameAssetAs: null, conflict: false };
    }
    return { sameAssetAs: first, conflict: this.contentOf[first] !== content };
  }
}
