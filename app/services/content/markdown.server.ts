import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

const ALLOWED_TAGS = [...sanitizeHtml.defaults.allowedTags, "img", "h1", "h2", "h3", "h4", "del", "sup", "sub"];

/** Markdown (from files or the content editor) to HTML that is safe to inject: no scripts, no event handlers. */
export function renderMarkdown(markdown: string): string {
  const raw = marked.parse(markdown, { async: false, gfm: true }) as string;
  return sanitizeHtml(raw, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "title", "width", "height", "loading"],
      th: ["align"],
      td: ["align"],
      code: ["class"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    transformTags: {
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", decoding: "async" } }),
      a: (tagName, attribs) =>
        /^https?:\/\//.test(attribs.href ?? "")
          ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer", target: "_blank" } }
          : { tagName, attribs },
    },
  });
}

/** Plain text of a Markdown body, for descriptions and feeds. */
export function markdownToText(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false }) as string, { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, " ")
    .trim();
}
