import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { UPLOAD_MESSAGES } from "~/domain/portfolio/limits";
import { LAND_SITES, mergedHeaderXlsx } from "../../../../tests/support/portfolio-files";
import { SharedStringStore, XLSX_READ_ATTEMPTS, readXlsx, type RawRow } from "./reader.server";

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

describe("readXlsx", () => {
  async function savedWorkbook(): Promise<string> {
    const file = path.join(os.tmpdir(), `reader-test-${crypto.randomUUID()}.xlsx`);
    fs.writeFileSync(file, await mergedHeaderXlsx());
    return file;
  }
  const row = (n: number): RawRow => ({ rowNo: n, cells: [n] });

  it("reads a workbook again after exceljs's lost-part TypeError and skips the rows already given", async () => {
    const file = await savedWorkbook();
    let reads = 0;
    async function* flaky(): AsyncGenerator<RawRow> {
      reads++;
      yield row(1);
      yield row(2);
      if (reads === 1) throw new TypeError("Cannot read properties of undefined (reading 'sheets')");
      yield row(3);
    }
    const rows: number[] = [];
    for await (const r of readXlsx(file, flaky)) rows.push(r.rowNo);
    expect(rows).toEqual([1, 2, 3]);
    expect(reads).toBe(2);
    fs.rmSync(file);
  });

  it("refuses a workbook whose reads keep failing, and a parse error at once", async () => {
    const file = await savedWorkbook();
    let reads = 0;
    async function* broken(): AsyncGenerator<RawRow> {
      reads++;
      if (reads > 0) throw new TypeError("lost");
      yield row(1);
    }
    await expect(async () => {
      for await (const _ of readXlsx(file, broken));
    }).rejects.toThrow(UPLOAD_MESSAGES.notZip);
    expect(reads).toBe(XLSX_READ_ATTEMPTS);
    reads = 0;
    async function* damaged(): AsyncGenerator<RawRow> {
      reads++;
      if (reads > 0) throw new Error("invalid signature");
      yield row(1);
    }
    await expect(async () => {
      for await (const _ of readXlsx(file, damaged));
    }).rejects.toThrow(UPLOAD_MESSAGES.notZip);
    expect(reads).toBe(1);
    fs.rmSync(file);
  });

  it("reads the same valid workbook the same way many times over", async () => {
    const file = await savedWorkbook();
    for (let i = 0; i < 200; i++) {
      const rows: RawRow[] = [];
      for await (const r of readXlsx(file)) rows.push(r);
      expect(rows).toHaveLength(LAND_SITES.length + 5);
    }
    fs.rmSync(file);
  });
});
