/** HTML rendered from Markdown and sanitised on the server when the item was saved. */
export function Prose({ html, className }: { html: string; className?: string }) {
  return <div className={`prose-content ${className ?? ""}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
