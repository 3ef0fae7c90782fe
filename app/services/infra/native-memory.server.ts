/**
 * Freed native memory given back to the system. glibc's malloc returns only the top of a heap when chunks are freed;
 * the pages of free chunks below it stay resident. After a busy spell (uploads parsed, workbooks zipped, answers
 * compressed, report pages drawn) that was 70 MB the server no longer used: 315 MB resident 30 s after a load test,
 * 244 MB once malloc_trim(0) had released every whole free page of every arena. Called through koffi, which ships
 * prebuilt for Linux on glibc; where libc has no malloc_trim (musl, macOS) this is a garbage collection alone.
 */
import { collectGarbage } from "./memory.server";
import { logger } from "./logger.server";

type MallocTrim = (pad: number) => number;

let mallocTrim: Promise<MallocTrim | null> | null = null;

async function loadMallocTrim(): Promise<MallocTrim | null> {
  if (process.platform !== "linux") return null;
  try {
    const { default: koffi } = await import("koffi");
    return koffi.load("libc.so.6").func("int malloc_trim(size_t pad)") as MallocTrim;
  } catch (error) {
    logger.info({ err: error }, "malloc_trim is not available here: freed native memory stays with the allocator");
    return null;
  }
}

/**
 * A full collection (the buffers that only garbage still held are freed), then the allocator's free pages handed
 * back. For moments when much memory has just become garbage and nothing is in a hurry: the end of a report job,
 * a quiet server. Resolves to whether the allocator was trimmed.
 */
export async function releaseMemory(): Promise<boolean> {
  collectGarbage();
  const trim = await (mallocTrim ??= loadMallocTrim());
  if (!trim) return false;
  trim(0);
  return true;
}

let afterLoads = false;
let releasePending = false;

/** The server runtime turns this on; tests and scripts do not collect after every dataset they load. */
export function releaseMemoryAfterDatasetLoads(): void {
  afterLoads = true;
}

/**
 * A dataset (the risk engine, the place list) has just loaded on the request that first needed it: inflating and
 * parsing it left tens of MB of garbage (gzip files, JSON text) that an idle server would otherwise carry until it
 * is next quiet. Released once, after the current answer; loads in one turn share one release.
 */
export function datasetLoaded(): void {
  if (!afterLoads || releasePending) return;
  releasePending = true;
  setImmediate(() => {
    releasePending = false;
    void releaseMemory();
  });
}
