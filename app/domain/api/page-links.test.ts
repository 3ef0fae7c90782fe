import { pageLinks } from "./page-links";

const url = new URL("http://localhost/api/v1/invoices/?limit=2&starting_after=9");

describe("Link header of a cursor list", () => {
  it("links the older page when more follow and the newer page when the page began after a cursor", () => {
    expect(pageLinks(url, { limit: 2, startingAfter: 9 }, true, [8, 7])).toBe(
      '</api/v1/invoices/?limit=2&starting_after=7>; rel="next", </api/v1/invoices/?limit=2&ending_before=8>; rel="prev"',
    );
    expect(pageLinks(new URL("http://localhost/api/v1/invoices/"), { limit: 100 }, false, [8, 7])).toBeNull();
    expect(pageLinks(new URL("http://localhost/api/v1/invoices/"), { limit: 100 }, true, [8, 7])).toBe(
      '</api/v1/invoices/?limit=100&starting_after=7>; rel="next"',
    );
  });

  it("paging back with ending_before: prev while newer items remain, next always (the cursor's own item follows)", () => {
    expect(pageLinks(url, { limit: 2, endingBefore: 5 }, false, [7, 6])).toBe(
      '</api/v1/invoices/?limit=2&starting_after=6>; rel="next"',
    );
    expect(pageLinks(url, { limit: 2, endingBefore: 5 }, true, [7, 6])).toContain('ending_before=7>; rel="prev"');
  });

  it("an empty page links nowhere", () => {
    expect(pageLinks(url, { limit: 2, startingAfter: 1 }, false, null)).toBeNull();
  });
});
