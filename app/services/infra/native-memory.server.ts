/**
 * Freed memory given back to the system. A full collection frees the buffers only garbage still held; handing the
 * freed pages back to the system is the allocator's work: the image and `npm start` (scripts/start.sh) run the server
 * on jemalloc with background purging of freed pages after a second (docs/decisions/005-server-entry.md; an hour of
 * mixed load and the idle server stay within the RSS budget, figures in bench/README.md); on glibc the
 * fixed malloc thresholds keep most freed buffers out of the heap.
 */
import { collectGarbage } from "./memory.server";

/**
 * A full collection, for moments when much memory has just become garbage and nothing is in a hurry: the end of a
 * report job, a quiet server, a dataset just loaded.
 */
export async function releaseMemory(): Promise<void> {
  collectGarbage();
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
