import { useEffect } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Toaster, toast as showToast } from "sonner";
import { TOAST_DURATION_MS, type Toast } from "~/domain/toast";

const STYLE: Record<Toast["type"], string> = {
  success: "border-green-600 bg-green-50 text-green-900",
  error: "border-red-600 bg-red-50 text-red-900",
  warning: "border-amber-500 bg-amber-50 text-amber-900",
  info: "border-slate-400 bg-slate-50 text-slate-900",
};

/** Shows the toast flashed by the last redirect; top right, 5 s. */
export function FlashToaster({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "info" ? showToast : showToast[toast.type];
    // Without a title the description is the message itself.
    show(toast.title ?? toast.description, {
      id: toast.id,
      description: toast.title ? toast.description : undefined,
      duration: TOAST_DURATION_MS,
    });
  }, [toast]);
  // Our own colours (the same as the no-script banner): sonner's rich colours fall below WCAG AA contrast.
  return (
    <Toaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      closeButton
      toastOptions={{ classNames: { toast: "border-l-4", title: "font-semibold", description: "!text-inherit", ...STYLE } }}
    />
  );
}

/**
 * Without JavaScript the flashed message still shows, as a banner that fades out after the toast time (a CSS
 * animation, the same 5 s as TOAST_DURATION_MS); once hydrated, sonner takes over.
 */
export function NoScriptToast({ toast }: { toast: Toast }) {
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <div role={toast.type === "error" ? "alert" : "status"} className={`fixed right-4 top-4 z-50 max-w-sm animate-toast-out rounded-md border-l-4 p-4 shadow ${STYLE[toast.type]}`}>
      {toast.title ? <p className="font-semibold">{toast.title}</p> : null}
      <p>{toast.description}</p>
    </div>
  );
}
