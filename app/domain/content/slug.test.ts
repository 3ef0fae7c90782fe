import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { idFromSlug, slugify, slugWithId } from "./slug";

describe("slugify (friendly-URL rule)", () => {
  it("lowercases and turns whitespace into dashes", () => {
    expect(slugify("Hazards Explained")).toBe("hazards-explained");
  });

  it("turns & into 'and'", () => {
    expect(slugify("Regulation & Disclosure")).toBe("regulation-and-disclosure");
    expect(slugify("R&D")).toBe("randd");
  });

  it("removes punctuation but keeps existing dashes", () => {
    expect(slugify("What do the 1 to 5 risk scores mean?")).toBe("what-do-the-1-to-5-risk-scores-mean");
    expect(slugify("How to Read a 1-to-5 Climate Risk Score")).toBe("how-to-read-a-1-to-5-climate-risk-score");
    expect(slugify("Why “not applicable” isn't low: (a note), really!")).toBe("why-not-applicable-isnt-low-a-note-really");
  });

  it("collapses repeated spaces and dashes and trims them at the ends", () => {
    expect(slugify("  Finance,   Lending -- and   Insurance  ")).toBe("finance-lending-and-insurance");
    expect(slugify("a - b")).toBe("a-b");
  });

  it("drops accents and keeps other letters", () => {
    expect(slugify("Tomás Álvarez")).toBe("tomas-alvarez");
    expect(slugify("Hélène Marchand")).toBe("helene-marchand");
    expect(slugify("Климат и риск")).toBe("климат-и-риск");
  });

  it("gives an empty slug for a title of punctuation only", () => {
    expect(slugify("?!…")).toBe("");
    expect(slugWithId("?!", 4)).toBe("4");
  });

  it("appends the id", () => {
    expect(slugWithId("Regulation & Disclosure", 2)).toBe("regulation-and-disclosure-2");
  });

  it("matches the slug stored in every content file", () => {
    const root = path.resolve(process.cwd(), "content");
    for (const folder of ["blog", "topics", "faq", "news", "team"]) {
      for (const file of fs.readdirSync(path.join(root, folder))) {
        const { data } = matter(fs.readFileSync(path.join(root, folder, file), "utf8"));
        const title = (data.question ?? data.title ?? data.name) as string;
        expect(slugify(title), `${folder}/${file}`).toBe(data.slug);
      }
    }
  });
});

describe("idFromSlug", () => {
  it("reads the number after the last dash", () => {
    expect(idFromSlug("regulation-and-disclosure-2")).toBe(2);
    expect(idFromSlug("how-to-read-a-1-to-5-climate-risk-score-14")).toBe(14);
    expect(idFromSlug("2030-outlook-7")).toBe(7);
  });

  it("accepts a bare number", () => {
    expect(idFromSlug("3")).toBe(3);
  });

  it("round-trips with slugWithId", () => {
    expect(idFromSlug(slugWithId("Scores 1 to 5", 12))).toBe(12);
  });

  it("rejects segments without a trailing id", () => {
    expect(idFromSlug("regulation-and-disclosure")).toBeNull();
    expect(idFromSlug("topic-2x")).toBeNull();
    expect(idFromSlug("")).toBeNull();
    expect(idFromSlug("topic-0")).toBeNull();
    expect(idFromSlug("topic-99999999999")).toBeNull();
  });
});
