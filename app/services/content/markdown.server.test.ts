import { markdownToText, renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders headings, lists and links", () => {
    const html = renderMarkdown("## Title\n\n- one\n- [FAQ](/faq)");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain('<a href="/faq">FAQ</a>');
  });
  it("removes scripts, event handlers and javascript: links", () => {
    const html = renderMarkdown('<script>alert(1)</script><img src="x.png" onerror="alert(1)">\n\n[x](javascript:alert(1))');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('loading="lazy"');
  });
  it("opens outside links in a new tab safely", () => {
    expect(renderMarkdown("[x](https://example.org)")).toContain('rel="noopener noreferrer"');
  });
  it("gives plain text", () => {
    expect(markdownToText("## A *b*\n\nc")).toBe("A b c");
  });
});
