import { z } from "zod";
import { normaliseRedirectPath } from "../http/safe-redirect";
import { MESSAGES } from "../forms/validation-messages";

/** The dashboard's "order this place" form (its action only: the page itself ships without zod). */
export const dashboardOrderSchema = z.object({
  intent: z.literal("order"),
  location_code: z.string().trim().min(1, MESSAGES.required),
  /** The place view the unlock was confirmed from; only a /dashboard path is followed back. */
  back: z
    .string()
    .optional()
    .transform((v) => {
      const path = normaliseRedirectPath(v);
      return path && (path === "/dashboard" || path.startsWith("/dashboard?")) ? path : undefined;
    }),
});
