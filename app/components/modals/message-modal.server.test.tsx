import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { messageHtml } from "~/services/content/safe-html.server";
import { MessageModal } from "./message-modal";

function render(node: React.ReactNode) {
  return renderToString(<MemoryRouter>{node}</MemoryRouter>);
}

describe("the message modal", () => {
  it("shows the title, the message as HTML and a button labelled Close by default", () => {
    const html = render(
      <MessageModal
        title="Order received"
        html={messageHtml('Your order <b>42</b> is <a href="https://example.com/x">here</a>.')}
        closeHref="/dashboard"
      />,
    );
    expect(html).toContain("Order received");
    expect(html).toContain('Your order <b>42</b> is <a href="https://example.com/x" rel="noopener">here</a>.');
    expect(html).toMatch(/<a[^>]*href="\/dashboard"[^>]*>Close<\/a>/);
    expect(html).not.toContain("text-center");
  });

  it("drops script and event handlers from the message", () => {
    const html = render(
      <MessageModal
        title="t"
        html={messageHtml('<img src=x onerror="alert(1)"><script>alert(2)</script>Hi')}
        onClose={() => {}}
      />,
    );
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("Hi");
  });

  it("takes its own button label, centres on request, and while loading the button waits", () => {
    const html = render(
      <MessageModal title="t" html={messageHtml("Sending…")} buttonLabel="OK" centred loading closeHref="/x" />,
    );
    expect(html).toContain("text-center");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*OK<\/button>/s);
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain(">Close<");
    expect(html).not.toContain('href="/x"');
  });
});
