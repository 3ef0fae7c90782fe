import type { ReactNode, TableHTMLAttributes } from "react";

/** Cell classes shared by every data table; numbers align right in tabular figures. */
export const TH =
  "border-b border-slate-300 bg-slate-50 px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
export const TD = "border-b border-slate-200 px-3 py-2 align-top";
export const TD_NUMBER = `${TD} text-right tabular-nums`;
export const TH_ROW = `${TD} text-left font-semibold text-slate-900`;

/**
 * A table that scrolls inside its own box when it is wider than the screen, so the page never does. The box is a
 * labelled, focusable region: keyboard users can scroll it with the arrow keys.
 */
export function DataTable({
  label,
  caption,
  children,
  className,
  boxClassName,
  ...rest
}: TableHTMLAttributes<HTMLTableElement> & { label: string; caption?: ReactNode; boxClassName?: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={[
        "max-w-full overflow-x-auto rounded-md border border-slate-200 focus-visible:outline-offset-0",
        boxClassName,
      ]
        .filter(Boolean)
        .join(" ")}
    >
      <table className={["w-full border-collapse text-sm", className].filter(Boolean).join(" ")} {...rest}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}
