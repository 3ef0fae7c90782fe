/** Password resets in tests: the request, then its mail queued. */
import { acceptPasswordReset } from "~/services/auth/auth.server";

/**
 * Sends a reset link when an account uses the address, and answers the same either way (no account enumeration).
 * Limited per client and per address; a new link invalidates every older one. Waits for the mail to be queued.
 */
export async function requestPasswordReset(emailInput: string, client = "unknown"): Promise<void> {
  const { delivery } = await acceptPasswordReset(emailInput, client);
  await delivery;
}
