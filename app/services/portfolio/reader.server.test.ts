import { SharedStringStore } from "./reader.server";

describe("SharedStringStore", () => {
  it("keeps strings in order, rich text joined, empty ones and unknown indexes as null, across growth", () => {
    const store = new SharedStringStore();
    const texts = Array.from({ length: 20_000 }, (_, i) => `site ${i} — Zürich ${"x".repeat(i % 50)}`);
    for (const t of texts) store.push(t);
    store.push({ richText: [{ text: "Lyon " }, { text: "depot" }] });
    store.push(null);
    expect(store.count).toBe(texts.length + 2);
    expect(store.at(0)).toBe(texts[0]);
    expect(store.at(12_345)).toBe(texts[12_345]);
    expect(store.at(texts.length)).toBe("Lyon depot");
    expect(store.at(texts.length + 1)).toBeNull();
    expect(store.at(texts.length + 2)).toBeNull();
    expect(store.at(-1)).toBeNull();
  });
});
