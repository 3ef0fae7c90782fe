import type { ReactNode } from "react";
import { DISCLOSURE_TABLES } from "~/domain/reports/disclosure";

type DisclosureTableId = keyof typeof DISCLOSURE_TABLES;

/** Classes for the body cells of a disclosure table; numbers align right. */
export const DISCLOSURE_CELL = "border-b border-slate-200 px-2 py-1";
export const DISCLOSURE_NUMBER_CELL = `${DISCLOSURE_CELL} text-right tabular-nums`;
const HEADER_CELL = "border-b border-slate-300 px-2 py-1 text-left font-semibold";

/** A column heading: its text, or its text with a tooltip (the hazard name behind an id). */
export type DisclosureColumn = string | { label: string; title: string };

function MapsTo({ table }: { table: DisclosureTableId }) {
  return (
    <div className="mb-3 rounded border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
      <p className="font-semibold">Maps to</p>
      <ul className="ml-5 list-disc">
        {DISCLOSURE_TABLES[table].mapsTo.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}

/** One disclosure table's section: its heading (the table's title unless given), what it maps to, then its content. */
export function DisclosureSection({ table, heading, children }: { table: DisclosureTableId; heading?: string; children: ReactNode }) {
  const id = `t-${table}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-xl font-semibold">
        {heading ?? DISCLOSURE_TABLES[table].title}
      </h2>
      <MapsTo table={table} />
      {children}
    </section>
  );
}

/** A scrollable table with one header row; the body rows come as children. */
export function DisclosureTable({ columns, children }: { columns: readonly DisclosureColumn[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="text-sm">
        <thead>
          <tr>
            {columns.map((c) => {
              const { label, title } = typeof c === "string" ? { label: c, title: undefined } : c;
              return (
                <th scope="col" key={label} className={HEADER_CELL} title={title}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
