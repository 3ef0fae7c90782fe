export interface ReportFileItem {
  id: string;
  title: string;
  fileName: string;
  bytes: number;
  createdAt: string;
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The user's stored report files with download links (plain links: no JavaScript needed). */
export function ReportFilesList({
  files,
  href,
  empty,
}: {
  files: ReportFileItem[];
  href: (id: string) => string;
  empty: string;
}) {
  if (!files.length) return <p className="text-slate-700">{empty}</p>;
  return (
    <table className="w-full max-w-4xl text-left text-sm">
      <caption className="sr-only">Your report files</caption>
      <thead>
        <tr className="border-b border-slate-300">
          <th scope="col" className="py-2 pr-4">
            Report
          </th>
          <th scope="col" className="py-2 pr-4">
            Created
          </th>
          <th scope="col" className="py-2 pr-4">
            Size
          </th>
          <th scope="col" className="py-2">
            Download
          </th>
        </tr>
      </thead>
      <tbody>
        {files.map((f) => (
          <tr key={f.id} className="border-b border-slate-200">
            <td className="py-2 pr-4">{f.title}</td>
            <td className="py-2 pr-4">{new Date(f.createdAt).toLocaleString("ru-RU", { timeZone: "UTC" })}</td>
            <td className="py-2 pr-4">{size(f.bytes)}</td>
            <td className="py-2">
              <a className="font-medium text-emerald-800 underline" href={href(f.id)}>
                {f.fileName}
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
