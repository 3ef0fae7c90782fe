import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/forms/fields";

const ACCEPTED = ".csv,.txt,.tsv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The portfolio file form (a plain multipart POST, so it works without script), with its hint and error. */
export function PortfolioUploadForm({
  hint,
  error,
  uploading,
}: {
  hint: string;
  error: string | null | undefined;
  uploading: boolean;
}) {
  return (
    <Form method="post" encType="multipart/form-data" replace>
      <label htmlFor="portfolio-file" className="field-label">
        Portfolio file (CSV or XLSX)
      </label>
      <input
        id="portfolio-file"
        name="file"
        type="file"
        required
        accept={ACCEPTED}
        aria-describedby="portfolio-file-hint upload-error"
        className="block w-full text-sm"
      />
      <p id="portfolio-file-hint" className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
      {error ? (
        <p id="upload-error" role="alert" className="mt-2 rounded bg-red-50 p-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-3 w-60">
        <SubmitButton pending={uploading}>{uploading ? "Uploading…" : "Upload and preview"}</SubmitButton>
      </div>
    </Form>
  );
}
