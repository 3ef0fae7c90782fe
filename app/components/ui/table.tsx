import { Fragment, type ReactNode, type TableHTMLAttributes } from "react";

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

/** One row of a table as a phone shows it: a title, then each column's name beside its value. */
export interface RowBlock {
  key: string;
  title: ReactNode;
  values: readonly (readonly [label: string, value: ReactNode])[];
}

/**
 * A table's rows for screens narrower than `sm`: one block per row, every value named by its column, so nothing is
 * cut off. Pair it with the same table in a `DataTable` whose box is `hidden sm:block`.
 */
export function PhoneRowBlocks({
  rows,
  testId,
  className,
}: {
  rows: readonly RowBlock[];
  testId?: string;
  className?: string;
}) {
  return (
    <ul className={["divide-y text-sm sm:hidden", className].filter(Boolean).join(" ")} data-testid={testId}>
      {rows.map((r) => (
        <li key={r.key} className="py-2">
          <p className="font-medium">{r.title}</p>
          <dl className="mt-1 grid grid-cols-2 gap-x-3">
            {r.values.map(([label, value]) => (
              <Fragment key={label}>
                <dt>{label}</dt>
                <dd className="text-right tabular-nums">{value}</dd>
              </Fragment>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
