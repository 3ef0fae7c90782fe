/** Text made safe inside HTML markup and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The `<option>` elements of a select, the one whose value is `selected` marked so. */
export function optionsHtml(options: readonly { value: string; label: string }[], selected: string): string {
  return options
    .map(
      (o) =>
        `<option value="${escapeHtml(o.value)}"${o.value === selected ? ' selected=""' : ""}>${escapeHtml(o.label)}</option>`,
    )
    .join("");
}
