import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Toast } from "~/domain/forms/toast";
import type { Notice } from "./notice";
import { TOAST_STYLE } from "./toast-style";

export type { Notice };

// sonner (about 10 KB compressed) loads on the first toast, not with every page.
const SonnerToaster = lazy(() => import("./sonner-toaster.client"));
const waiting: Notice[] = [];
const wakers = new Set<() => void>();
let showNow: ((notice: Notice) => void) | null = null;

/** Shows a toast top right for 5 s; the first call loads the toaster, and nothing said meanwhile is lost. */
export function notify(notice: Notice) {
  if (showNow) return showNow(notice);
  waiting.push(notice);
  for (const wake of wakers) wake();
}

/** Mounts the toaster when there is something to show, and shows the toast flashed by the last redirect. */
export function FlashToaster({ toast }: { toast: Toast | null }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const wake = () => setWanted(true);
    wakers.add(wake);
    if (waiting.length) wake();
    return () => {
      wakers.delete(wake);
    };
  }, []);
  useEffect(() => {
    // Without a title the description is the message itself.
    if (toast)
      notify({
        type: toast.type,
        title: toast.title ?? toast.description,
        description: toast.title ? toast.description : undefined,
        id: toast.id,
      });
  }, [toast]);
  const onReady = useCallback((show: (notice: Notice) => void) => {
    showNow = show;
    for (const notice of waiting.splice(0)) show(notice);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster onReady={onReady} />
    </Suspense>
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
    <div
      role={toast.type === "error" ? "alert" : "status"}
      className={`fixed right-4 top-4 z-50 max-w-sm animate-toast-out rounded-md border-l-4 p-4 shadow ${TOAST_STYLE[toast.type]}`}
    >
      {toast.title ? <p className="font-semibold">{toast.title}</p> : null}
      <p>{toast.description}</p>
    </div>
  );
}
