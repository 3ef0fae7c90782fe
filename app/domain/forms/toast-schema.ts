import { z } from "zod";
import { TOAST_TYPES, type Toast } from "./toast";

/** A flashed toast as the cookie carries it: bounded, and defaulted where the sender left a field out. */
export const toastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(TOAST_TYPES).default("info"),
  title: z.string().max(200).optional(),
  description: z.string().max(1000),
}) satisfies z.ZodType<Toast, z.ZodTypeDef, unknown>;

export type ToastInput = z.input<typeof toastSchema>;
