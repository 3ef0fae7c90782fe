import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";

interface ModalProps {
  title: string;
  /** Where "close" goes: a URL without the query parameter that opened the modal. Works without JavaScript. */
  closeHref?: string;
  onClose?: () => void;
  children: ReactNode;
  size?: "sm" | "md" | "lg";
  /** Announces the modal as an alert dialog that needs an answer (e.g. cookie consent). */
  alert?: boolean;
  labelledById?: string;
}

const WIDTH = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" } as const;

/**
 * Accessible modal rendered on the server, so it opens from a link or query parameter with JavaScript off.
 * With JavaScript it takes focus, keeps Tab inside and closes on Escape.
 */
export function Modal({ title, closeHref, onClose, children, size = "md", alert, labelledById }: ModalProps) {
  const generatedId = useId();
  const titleId = labelledById ?? `${generatedId}-title`;
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLAnchorElement & HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>("input, select, textarea, button, a[href]");
    (first ?? panel)?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape" && (onClose || closeHref)) {
        event.preventDefault();
        if (onClose) onClose();
        else closeRef.current?.click();
      }
      if (event.key === "Tab" && panel) trapFocus(panel, event);
    }
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
  }, [onClose, closeHref]);

  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50 p-4" role="presentation">
      <div
        ref={panelRef}
        role={alert ? "alertdialog" : "dialog"}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative max-h-[90vh] w-full ${WIDTH[size]} overflow-y-auto rounded-lg bg-white p-6 shadow-xl`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-semibold">
            {title}
          </h2>
          {onClose ? (
            <button
              ref={closeRef}
              type="button"
              onClick={onClose}
              className="rounded p-1 text-slate-500 hover:text-slate-900"
              aria-label="Close"
            >
              <CloseIcon />
            </button>
          ) : closeHref ? (
            <Link
              ref={closeRef}
              to={closeHref}
              preventScrollReset
              replace
              className="rounded p-1 text-slate-500 hover:text-slate-900"
              aria-label="Close"
            >
              <CloseIcon />
            </Link>
          ) : null}
        </div>
        {children}
      </div>
    </div>
  );
}

function CloseIcon() {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M5 5l10 10M15 5L5 15" />
    </svg>
  );
}

function trapFocus(panel: HTMLElement, event: KeyboardEvent) {
  const focusable = Array.from(
    panel.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])',
    ),
  );
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** The current URL without the given query parameters: the close target of a query-opened modal. */
export function withoutParams(pathWithQuery: string, ...names: string[]) {
  const [pathname = "/", search = ""] = pathWithQuery.split("?", 2);
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}
