import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import { TOAST_DURATION_MS } from "~/domain/forms/toast";
import type { Notice } from "./notice";
import { TOAST_STYLE } from "./toast-style";

/** sonner, loaded only once a page has something to say; hands its show function to the queue in toaster.tsx. */
export default function SonnerToaster({ onReady }: { onReady: (show: (notice: Notice) => void) => void }) {
  useEffect(() => {
    onReady((n) => {
      const show = n.type === "info" ? toast : toast[n.type];
      show(n.title, { id: n.id, description: n.description, duration: TOAST_DURATION_MS });
    });
  }, [onReady]);
  return (
    <Toaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      closeButton
      toastOptions={{
        classNames: { toast: "border-l-4", title: "font-semibold", description: "!text-inherit", ...TOAST_STYLE },
      }}
    />
  );
}
