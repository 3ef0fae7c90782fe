/**
 * The production server admits requests to the app a few at a time (server/admission/turns.ts). Work that waits
 * on something other than the event loop, such as a password hash queued for the thread pool, gives its turn back
 * meanwhile through `offTurn`, so the pages behind it run while it waits. Without that server (development, tests)
 * there are no turns and the work simply runs.
 */
type TurnLender = <T>(work: () => Promise<T>) => Promise<T>;

let lender: TurnLender | null = null;

/** Called once by the production server with the way to step its current request's turn aside. */
export function lendTurnsWith(next: TurnLender) {
  lender = next;
}

/** Runs `work` without holding the current request's turn; the request takes one again (first in line) after. */
export function offTurn<T>(work: () => Promise<T>): Promise<T> {
  return lender ? lender(work) : work();
}
