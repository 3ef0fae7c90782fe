/**
 * The workbook writer's zip checksums computed by Node's own CRC-32 (zlib, native) instead of the pure-JavaScript
 * one its zip library calls: the same numbers, but the JavaScript loop over every byte of sheet XML took 15 % of
 * the report job's main thread (about 7 GB of XML for a 1M-row workbook).
 */
import zlib from "node:zlib";
import CRC32 from "crc-32";

type Crc32Buf = (data: Uint8Array, seed?: number) => number;

/** The library's own function, kept for the test that holds the two to the same results. */
export const javascriptCrc32: Crc32Buf = CRC32.buf;

const nativeCrc32 = (zlib as unknown as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;

/** Signed, as the library returns it; a seed that is not a number (its streams start from a buffer) counts as 0. */
export const zipCrc32: Crc32Buf = nativeCrc32
  ? (data, seed) => nativeCrc32(data, typeof seed === "number" ? seed >>> 0 : 0) | 0
  : javascriptCrc32;

/** Swaps the library's function for the native one, for every zip stream that calls it (idempotent). */
export function installNativeZipChecksums(): void {
  (CRC32 as { buf: Crc32Buf }).buf = zipCrc32;
}
