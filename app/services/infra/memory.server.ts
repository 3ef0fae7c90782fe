/** A full garbage collection on demand, for the few places that know a lot of memory just became garbage. */
import v8 from "node:v8";
import vm from "node:vm";

let gc: (() => void) | undefined;

/**
 * One full collection now. V8 lets a busy process's old generation fill with garbage before it collects (a report
 * job's heap grew to several times its live size), and the RSS it reaches stays with the process.
 */
export function collectGarbage(): void {
  if (!gc) {
    v8.setFlagsFromString("--expose-gc");
    gc = vm.runInNewContext("gc") as () => void;
  }
  gc();
}
