import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/forms/fields";
import { COLUMN_ROLES, COLUMN_ROLE_LABELS, NO_COLUMN, type ColumnRole } from "~/domain/portfolio/columns/columns";

/**
 * The column-mapping step: one select per role (id, name, value, country, address, city, postcode) over the file's
 * columns, and the hidden fields that name the upload. A plain form posted to the page: it works without script.
 */
export function ColumnMappingForm({
  columns,
  chosen,
  lat,
  lon,
  hidden,
  pending,
  action,
}: {
  columns: readonly string[];
  chosen: Record<ColumnRole, number | null>;
  lat: string;
  lon: string;
  /** The hidden inputs that name the upload and the intent. */
  hidden: ReactNode;
  pending: boolean;
  action?: string;
}) {
  return (
    <Form method="post" replace action={action} aria-label="Choose the columns">
      {hidden}
      <p className="mb-3 text-sm text-slate-700">
        Latitude <strong>{lat}</strong>, longitude <strong>{lon}</strong>. The file is read again with the columns
        chosen here.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {COLUMN_ROLES.map((role) => {
          const current = chosen[role];
          return (
            <div key={role} className="flex flex-col gap-1 text-sm">
              <label htmlFor={`column-${role}`} className="font-medium">
                {COLUMN_ROLE_LABELS[role]}
              </label>
              <select
                id={`column-${role}`}
                name={`column_${role}`}
                defaultValue={current === null ? NO_COLUMN : String(current)}
                className="rounded border-slate-300"
              >
                <option value={NO_COLUMN}>— none —</option>
                {columns.map((c, i) => (
                  <option key={`${i}-${c}`} value={String(i)}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
      <div className="mt-4 w-56">
        <SubmitButton pending={pending}>Read the file with these columns</SubmitButton>
      </div>
    </Form>
  );
}
