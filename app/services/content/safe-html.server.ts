import sanitizeHtml from "sanitize-html";
import type { SafeHtml } from "~/domain/content/safe-html";

/** Inline markup a short message may carry (bold, links, line breaks, lists); anything else is dropped. */
const MESSAGE_HTML: sanitizeHtml.IOptions = {
  allowedTags: ["b", "strong", "i", "em", "br", "p", "a", "ul", "ol", "li", "span"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["https", "mailto"],
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener" }) },
};

/** A message's HTML, sanitised, ready for the message modal. */
export function messageHtml(raw: string): SafeHtml {
  return sanitizeHtml(raw, MESSAGE_HTML) as SafeHtml;
}
