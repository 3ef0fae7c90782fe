import { describe, expect, it } from "vitest";
import { isPagePath, publicPageQuery } from "./page-query";

describe("publicPageQuery", () => {
  it("drops the parameters no public page reads", () => {
    expect(publicPageQuery("?z=0.123")).toBe("");
    expect(publicPageQuery("z=1&utm_source=x")).toBe("");
    expect(publicPageQuery("")).toBe("");
  });

  it("keeps the ones a page reads, as sent and in their order", () => {
    expect(publicPageQuery("?z=1&auth=login&x=2")).toBe("?auth=login");
    expect(publicPageQuery("?period=2050&z=9&scenario=rcp85&country=fr")).toBe(
      "?period=2050&scenario=rcp85&country=fr",
    );
    expect(publicPageQuery("?cookie-settings=1")).toBe("?cookie-settings=1");
    expect(publicPageQuery("?%61uth=login")).toBe("?%61uth=login");
  });

  it("drops a parameter whose name is not valid percent-encoding", () => {
    expect(publicPageQuery("?%zz=1&newsletter=1")).toBe("?newsletter=1");
  });
});

describe("isPagePath", () => {
  it("is true for pages and false for Remix's manifest and the resource files, which read their query", () => {
    for (const page of ["/", "/api", "/products/flood-map", "/blog/item/1", "/newsletter/confirm"])
      expect(isPagePath(page), page).toBe(true);
    for (const other of [
      "/__manifest",
      "/flood-map.geojson",
      "/charts/level-pie.svg",
      "/sitemap.xml",
      "/downloads/methodology.pdf",
    ]) {
      expect(isPagePath(other), other).toBe(false);
    }
  });
});
