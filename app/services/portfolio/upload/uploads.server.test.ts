import { setupTestDatabase } from "#db/testing";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  DEFAULT_WEIGHTING_COLUMN,
  HEADER_SCAN_MAX_ROWS,
  UPLOAD_MESSAGES,
  VISITOR_MAX_ROWS,
  XLSX_MAX_SHARED_STRINGS_BYTES,
} from "~/domain/portfolio/limits";
import {
  AT_SEA,
  LAND_SITES,
  binaryFile,
  blankLinesCsv,
  blankRowsAfterHeaderCsv,
  emptyRowsXlsx,
  largeCsvLines,
  lyingZipBomb,
  mergedHeaderXlsx,
  oneBadLatitudeCsv,
  semicolonCsv,
  singleHugeLine,
  swappedCsv,
  writeSharedStringsXlsx,
  zipBomb,
} from "../../../../tests/support/portfolio-files";
import { UploadRefusedError } from "../errors.server";
import { ingestUpload, uploadRows, ROW_STATUS, type UploadOwner } from "./uploads.server";

setupTestDatabase();

async function* chunked(buf: Buffer | string, size = 16 * 1024): AsyncGenerator<Uint8Array> {
  const b = typeof buf === "string" ? Buffer.from(buf, "utf8") : buf;
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}

const member = { userId: null, plan: "PREMIUM" as const };

describe("ingestUpload", () => {
  it("reads a semicolon CSV with comma decimals, a BOM, blank and duplicate rows, and accounts for every row", async () => {
    const f = semicolonCsv();
    const r = await ingestUpload({ fileName: "export.csv", data: chunked(f.text, 50), owner: member });
    expect(r.detected).toMatchObject({
      lat: "Latitude",
      lon: "Longitude",
      name: "Site name",
      id: "Asset ID",
      swapped: false,
    });
    expect(r.total_locations).toBe(f.rows);
    expect(r.valid_locations).toBe(f.valid);
    expect(r.invalid.map((i) => i.row)).toEqual(f.invalidRows);
    expect(r.invalid[0]!.reason).toMatch(/not a number/);
    expect(r.invalid[1]!.reason).toMatch(/0\/0/);
    expect(r.out_of_range).toEqual([{ row: 15, id: "SEA-01", reason: expect.stringMatching(/at sea/) }]);
    // another asset id at the first site's point: an asset of its own, the point billed once
    expect(r.duplicates).toEqual([]);
    expect(r.shared_places).toEqual([{ row: 11, same_place_as: 2 }]);
    expect(r.blank_rows).toBe(2);
    expect(r.duplicate_locations).toBe(f.duplicates);
    // one partition of the rows read: each row in exactly one count
    expect(r.valid_locations + r.duplicate_locations + r.invalid_locations + r.out_of_range_locations).toBe(
      r.total_locations,
    );
    expect(r.billed_locations).toBe(f.billed);
    expect(r.data[0]).toEqual({ row: 2, lat: 51.5074, lon: -0.1278, name: "London office" });
    expect(r.weighted_by).toEqual([DEFAULT_WEIGHTING_COLUMN, "Insured value (EUR)"]);
    // Eight sites in eight hexagons: fewer than the preview rule asks, so the charts are withheld, never replaced.
    expect(r.figures).toEqual({ shown: false, distinct_hexagons: 8, min_hexagons: 10 });
    expect(r.piecharts).toEqual([]);

    const stored = [];
    for await (const row of uploadRows(r.upload_id)) stored.push(row);
    expect(stored.map((s) => s[0])).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 15]);
    expect(stored.filter((s) => s[1] === ROW_STATUS.valid)).toHaveLength(f.valid + f.duplicates);
    expect(stored[0]![5]).toEqual(["LDN-01", "London office", "51,5074", "-0,1278", "1200000,5", "ok"]);
  });

  it.each([
    [
      "UTF-16LE with its byte-order mark",
      (t: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, "utf16le")]),
    ],
    [
      "UTF-16BE with its byte-order mark",
      (t: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(t, "utf16le").swap16()]),
    ],
    ["UTF-16LE without a byte-order mark", (t: string) => Buffer.from(t, "utf16le")],
  ])("reads a %s CSV (Excel's Unicode text)", async (_, encode) => {
    const text = "Name\tLatitude\tLongitude\r\nBüro Zürich\t47.3769\t8.5417\r\nLondon office\t51.5074\t-0.1278\r\n";
    // Odd chunk sizes split characters between chunks.
    const r = await ingestUpload({ fileName: "unicode.txt", data: chunked(encode(text), 7), owner: member });
    expect(r.valid_locations).toBe(2);
    expect(r.data.map((d) => d.name)).toEqual(["Büro Zürich", "London office"]);
  });

  it("reads a workbook with a shared-string table under the cap, and refuses one over it with a 413", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shared-strings-"));
    try {
      const small = path.join(dir, "small.xlsx");
      await writeSharedStringsXlsx(small, 1000, 8);
      const ok = await ingestUpload({ fileName: "small.xlsx", data: fs.createReadStream(small), owner: member });
      expect(ok.valid_locations).toBe(8);
      // Names come out of the shared-string table (the header's three strings come first).
      expect(ok.detected.name).toBe("name");
      expect(ok.data.map((d) => d.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^[0-9a-z]{8,}$/)]));
      expect(new Set(ok.data.map((d) => d.name)).size).toBe(8);

      const big = path.join(dir, "big.xlsx");
      // about 30 bytes a string: just over the cap
      const { sharedStringsBytes } = await writeSharedStringsXlsx(
        big,
        Math.ceil(XLSX_MAX_SHARED_STRINGS_BYTES / 30) + 1000,
        8,
      );
      expect(sharedStringsBytes).toBeGreaterThan(XLSX_MAX_SHARED_STRINGS_BYTES);
      const refused = await ingestUpload({ fileName: "big.xlsx", data: fs.createReadStream(big), owner: member }).catch(
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(UploadRefusedError);
      expect(refused).toMatchObject({
        status: 413,
        message: UPLOAD_MESSAGES.sharedStringsTooLarge(XLSX_MAX_SHARED_STRINGS_BYTES),
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("finds the header under merged group headers in an Excel file and offers the GDP column", async () => {
    const buf = await mergedHeaderXlsx();
    const r = await ingestUpload({ fileName: "portfolio.xlsx", data: chunked(buf), owner: member });
    expect(r.header_rows).toBe(3);
    expect(r.detected).toMatchObject({ lat: "Latitude", lon: "Longitude", id: "Asset ID", name: "Name" });
    expect(r.total_locations).toBe(LAND_SITES.length + 2);
    expect(r.valid_locations).toBe(LAND_SITES.length);
    expect(r.out_of_range).toEqual([
      { row: 4 + LAND_SITES.length, id: "SEA-02", reason: expect.stringMatching(/at sea/) },
    ]);
    expect(r.invalid).toEqual([{ row: 5 + LAND_SITES.length, id: "TXT-01", reason: "latitude is not a number" }]);
    expect(r.weighted_by).toEqual([DEFAULT_WEIGHTING_COLUMN, "Insured value"]);
  });

  it("detects swapped latitude and longitude columns and reports it", async () => {
    const r = await ingestUpload({ fileName: "sites.csv", data: chunked(swappedCsv()), owner: member });
    expect(r.detected.swapped).toBe(true);
    expect(r.detected.column_order).toEqual({ as_named: 0, swapped: LAND_SITES.length });
    expect(r.warnings).toContain(UPLOAD_MESSAGES.swapped(LAND_SITES.length, 0));
    expect(r.valid_locations).toBe(LAND_SITES.length);
    expect(r.data[0]).toMatchObject({ lat: 51.5074, lon: -0.1278 });
  });

  it("does not let one row with a latitude of 95 turn six good rows round", async () => {
    const r = await ingestUpload({ fileName: "sites.csv", data: chunked(oneBadLatitudeCsv()), owner: member });
    expect(r.detected.swapped).toBe(false);
    // Madrid read the other way round (−3.7, 40.4) is on the Kenyan coast: it fits both readings and says nothing
    const { as_named, swapped } = r.detected.column_order;
    expect(as_named).toBeGreaterThanOrEqual(5);
    expect(as_named).toBeGreaterThan(swapped);
    expect(r.valid_locations).toBe(6);
    expect(r.out_of_range).toEqual([{ row: 8, id: "BAD-07", reason: "latitude outside -90..90" }]);
    expect(r.warnings).toEqual(swapped > 0 ? [UPLOAD_MESSAGES.notSwapped(as_named, swapped)] : []);
  });

  it.each([
    ["binary.csv", () => binaryFile(), UPLOAD_MESSAGES.binary],
    ["bomb.xlsx", () => zipBomb(), UPLOAD_MESSAGES.zipBomb],
    ["renamed.xlsx", () => Buffer.from("lat,lon\n1,2\n"), UPLOAD_MESSAGES.notZip],
    ["line.csv", () => singleHugeLine(), /longer than 64 KB/],
    ["photo.png", () => Buffer.from("x"), UPLOAD_MESSAGES.badType],
    ["nocoords.csv", () => Buffer.from("a,b\n1,2\n"), UPLOAD_MESSAGES.noColumns],
  ])("refuses %s with a clear message", async (name, make, message) => {
    const p = ingestUpload({ fileName: name, data: chunked(make(), 256 * 1024), owner: member });
    await expect(p).rejects.toBeInstanceOf(UploadRefusedError);
    await expect(ingestUpload({ fileName: name, data: chunked(make(), 256 * 1024), owner: member })).rejects.toThrow(
      message,
    );
  });

  it("limits a visitor to a small file", async () => {
    const lines = [...largeCsvLines(VISITOR_MAX_ROWS + 1)].join("");
    await expect(
      ingestUpload({ fileName: "big.csv", data: chunked(lines), owner: { userId: null, plan: null } }),
    ).rejects.toThrow(/more than 500 rows/);
  });

  it("keeps points at sea out of the valid set", async () => {
    const text = `lat,lon\n${AT_SEA.map((s) => `${s.lat},${s.lon}`).join("\n")}\n`;
    const r = await ingestUpload({ fileName: "sea.csv", data: chunked(text), owner: member });
    expect(r.valid_locations).toBe(0);
    expect(r.out_of_range_locations).toBe(2);
  });

  describe("files shaped to exhaust the server", () => {
    /** Refused with the message, quickly: the event loop is never held for long. */
    async function refusedFast(
      fileName: string,
      data: Buffer | string,
      message: string | RegExp,
      owner: UploadOwner = member,
    ) {
      const started = performance.now();
      const error = await ingestUpload({ fileName, data: chunked(data, 64 * 1024), owner }).catch((e: unknown) => e);
      const ms = performance.now() - started;
      expect(error).toBeInstanceOf(UploadRefusedError);
      expect((error as Error).message).toMatch(message);
      expect(ms).toBeLessThan(5000);
    }

    it("refuses a 1 MB file of line breaks after the header search limit", async () => {
      await refusedFast("blank.csv", blankLinesCsv(), UPLOAD_MESSAGES.noHeaderWithin(HEADER_SCAN_MAX_ROWS));
    });

    it("refuses an Excel sheet of empty rows after the header search limit", async () => {
      await refusedFast("empty.xlsx", await emptyRowsXlsx(), UPLOAD_MESSAGES.noHeaderWithin(HEADER_SCAN_MAX_ROWS));
    });

    it("counts blank rows against the plan's row limit", async () => {
      await refusedFast("gaps.csv", blankRowsAfterHeaderCsv(VISITOR_MAX_ROWS + 100), /more than 500 rows/, {
        userId: null,
        plan: null,
      });
    });

    it("refuses a zip bomb whose directory lies about its sizes, without expanding it", async () => {
      await refusedFast("liar.xlsx", lyingZipBomb(), UPLOAD_MESSAGES.zipBomb);
    });
  });

  it("counts leading blank rows among the blank rows: every input row is accounted for", async () => {
    const text = `\n\n,,\n${blankRowsAfterHeaderCsv(2)}`;
    const r = await ingestUpload({ fileName: "lead.csv", data: chunked(text), owner: member });
    // 3 blank lines above the header, 2 below it, 1 header, 1 location: 7 lines
    expect(r.blank_rows).toBe(5);
    expect(r.header_rows).toBe(1);
    expect(r.total_locations).toBe(1);
    expect(r.blank_rows + r.header_rows + r.total_locations).toBe(text.split("\n").length - 1);
  });
});
