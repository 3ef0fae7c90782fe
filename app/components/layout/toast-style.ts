import type { Toast } from "~/domain/forms/toast";

/** Our own colours for toasts and the no-script banner: sonner's rich colours fall below WCAG AA contrast. */
export const TOAST_STYLE: Record<Toast["type"], string> = {
  success: "border-green-600 bg-green-50 text-green-900",
  error: "border-red-600 bg-red-50 text-red-900",
  warning: "border-amber-500 bg-amber-50 text-amber-900",
  info: "border-slate-400 bg-slate-50 text-slate-900",
};
