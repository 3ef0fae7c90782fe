import { readFile } from 'node:fs/promises';
import type { IngestInput } from './types';

export interface LoadedInput {
  bytes: Uint8Array;
  file: string;
}

export async function loadInput(input: IngestInput, fileName?: string): Promise<LoadedInput> {
  if (typeof input === 'string') {
    const buf = await readFile(input);
    return { bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), file: fileName ?? input };
  }
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  return { bytes, file: fileName ?? '<buffer>' };
}

/** A standalone ArrayBuffer holding exactly these bytes (Node Buffers may share a larger pool). */
export function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) {
    return bytes.buffer;
  }
  return bytes.slice().buffer as ArrayBuffer;
}
