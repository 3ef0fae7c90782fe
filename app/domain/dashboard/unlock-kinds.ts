import type { LocationKind } from "../commerce/entitlements";

/** What "Unlock" can buy at a place: countries are open to everyone. */
export const UNLOCK_KINDS = ["hexagon", "region"] as const satisfies readonly LocationKind[];
export type UnlockKind = (typeof UNLOCK_KINDS)[number];

/** The `unlock` URL value of a declined purchase dialog: the place stays, the dialog does not reopen. */
export const UNLOCK_DISMISSED = "none";
