/** Toast constants and shape, free of zod so the client bundle of every page stays small (toast-schema.ts parses). */
export const TOAST_DURATION_MS = 5000;
export const TOAST_COOKIE_NAME = "toast";

export const TOAST_TYPES = ["success", "error", "warning", "info"] as const;

export interface Toast {
  id: string;
  type: (typeof TOAST_TYPES)[number];
  title?: string;
  description: string;
}
