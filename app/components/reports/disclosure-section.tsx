import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { DataTable, TD, TD_NUMBER, TH } from "~/components/ui/table";
import { DISCLOSURE_TABLES } from "~/domain/reports/disclosure";

type DisclosureTableId = keyof typeof DISCLOSURE_TABLES;

/** Classes for the body cells of a disclosure table; numbers align right. */
export const DISCLOSURE_CELL = `${TD} text-left`;
export const DISCLOSURE_NUMBER_CELL = TD_NUMBER;

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
export function DisclosureSection({
  table,
  heading,
  children,
}: {
  table: DisclosureTableId;
  heading?: string;
  children: ReactNode;
}) {
  const id = `t-${table}`;
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className="mb-stack text-heading">
        {heading ?? DISCLOSURE_TABLES[table].title}
      </h2>
      <MapsTo table={table} />
      {children}
    </section>
  );
}

/** Each body cell gets its column's name in `data-label`: a phone shows the row as a block of labelled values. */
function labelCells(rows: ReactNode, labels: readonly string[]): ReactNode {
  return Children.map(rows, (row) =>
    isValidElement<{ children?: ReactNode }>(row)
      ? cloneElement(
          row,
          {},
          Children.map(row.props.children, (cell, i) =>
            isValidElement(cell)
              ? cloneElement(cell as ReactElement<{ "data-label"?: string }>, { "data-label": labels[i] })
              : cell,
          ),
        )
      : row,
  );
}

/**
 * A table with one header row; the body rows come as children. From the `sm` width it is a table that scrolls in
 * its own box; on a phone each row is a block of values named by their column (`.table-stack`), so nothing is cut off.
 */
export function DisclosureTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly DisclosureColumn[];
  children: ReactNode;
}) {
  const labels = columns.map((c) => (typeof c === "string" ? c : c.title));
  return (
    <DataTable label={label} className="table-stack">
      <thead>
        <tr>
          {columns.map((c) => {
            const { label, title } = typeof c === "string" ? { label: c, title: undefined } : c;
            return (
              <th scope="col" key={label} className={TH} title={title}>
                {label}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>{labelCells(children, labels)}</tbody>
    </DataTable>
  );
}
