import { parseSocialLinks, SOCIAL_LINKS_FORMAT } from "./site";

describe("parseSocialLinks", () => {
  it("shows no social links until the company's own pages are configured", () => {
    expect(parseSocialLinks(undefined)).toEqual([]);
    expect(parseSocialLinks("  ")).toEqual([]);
  });

  it("reads label=URL pairs in order", () => {
    expect(parseSocialLinks("LinkedIn=https://www.linkedin.com/company/climaterisk, GitHub=https://github.com/climaterisk")).toEqual([
      { label: "LinkedIn", href: "https://www.linkedin.com/company/climaterisk" },
      { label: "GitHub", href: "https://github.com/climaterisk" },
    ]);
  });

  it.each(["LinkedIn", "=https://x.example", "LinkedIn=http://insecure.example", "LinkedIn=javascript:alert(1)"])("refuses %s", (raw) => {
    expect(() => parseSocialLinks(raw)).toThrow(SOCIAL_LINKS_FORMAT);
  });
});
