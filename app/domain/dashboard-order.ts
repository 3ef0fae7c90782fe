import { z } from "zod";
import { MESSAGES } from "./validation-messages";

/** The dashboard's "order this place" form (its action only: the page itself ships without zod). */
export const dashboardOrderSchema = z.object({
  intent: z.literal("order"),
  location_code: z.string().trim().min(1, MESSAGES.required),
});
