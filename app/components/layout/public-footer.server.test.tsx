import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { parseSocialLinks } from "~/domain/content/site";
import { PublicFooter } from "./public-footer";

function footer(raw: string | undefined) {
  return renderToString(
    <MemoryRouter>
      <PublicFooter contactEmail="team@example.com" socialLinks={parseSocialLinks(raw)} />
    </MemoryRouter>,
  );
}

describe("the footer's social links", () => {
  it("are the company's own pages from SOCIAL_LINKS, opening in a new tab", () => {
    const html = footer("LinkedIn=https://www.linkedin.com/company/acme,GitHub=https://github.com/acme");
    expect(html).toMatch(
      /<a href="https:\/\/www\.linkedin\.com\/company\/acme" rel="noopener noreferrer me" target="_blank"[^>]*>LinkedIn<span/,
    );
    expect(html).toMatch(/<a href="https:\/\/github\.com\/acme"[^>]*>GitHub<span/);
  });

  it("are left out when SOCIAL_LINKS is unset", () => {
    const html = footer(undefined);
    expect(html).not.toContain("linkedin");
    expect(html).toContain("London - Paris");
  });
});
