import type { ReactNode } from "react";

/** A titled box of related content; the title is the section's heading, so screen readers can jump between cards. */
export function Card({
  title,
  titleId,
  lead,
  actions,
  children,
  className,
  as: Tag = "section",
  ...rest
}: {
  title?: ReactNode;
  titleId?: string;
  lead?: ReactNode;
  /** Buttons or links shown beside the title. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  as?: "section" | "div" | "article";
  "data-testid"?: string;
}) {
  return (
    <Tag
      className={["card", className].filter(Boolean).join(" ")}
      aria-labelledby={title && titleId ? titleId : undefined}
      {...rest}
    >
      {title || actions ? (
        <div className="mb-stack flex flex-wrap items-start justify-between gap-2">
          {title ? (
            <h2 id={titleId} className="text-heading text-slate-900">
              {title}
            </h2>
          ) : null}
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {lead ? <p className="-mt-2 mb-stack text-sm text-slate-600">{lead}</p> : null}
      {children}
    </Tag>
  );
}
