import type { ReactNode } from "react";

export function PageHeader({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-section">
      <h1 className="text-title text-slate-900">{title}</h1>
      {lead ? <p className="mt-2 max-w-3xl text-slate-700">{lead}</p> : null}
      {children}
    </div>
  );
}
