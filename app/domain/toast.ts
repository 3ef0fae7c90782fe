import { z } from "zod";

export const TOAST_DURATION_MS = 5000;
export const TOAST_COOKIE_NAME = "toast";

export const toastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(["success", "error", "warning", "info"]).default("info"),
  title: z.string().max(200).optional(),
  description: z.string().max(1000),
});

export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;
