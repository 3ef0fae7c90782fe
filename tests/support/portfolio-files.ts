/**
 * Portfolio files shaped like real exports, built in the test itself: Excel with merged group headers,
 * semicolon CSV with comma decimals and a BOM, blank and duplicate rows, swapped columns, points at sea, 0/0, text
 * in number cells, and files that are not what they claim (binary renamed .csv, zip bomb renamed .xlsx, one
 * 10 MB line).
 */
import zlib from "node:zlib";
import ExcelJS from "exceljs";

/** Real places on land, with lat/lon. */
export const LAND_SITES = [
  { id: "LDN-01", name: "London office", lat: 51.5074, lon: -0.1278, value: 1200000 },
  { id: "PAR-02", name: "Paris warehouse", lat: 48.8566, lon: 2.3522, value: 830000 },
  { id: "BER-03", name: "Berlin plant", lat: 52.52, lon: 13.405, value: 450000 },
  { id: "MAD-04", name: "Madrid depot", lat: 40.4168, lon: -3.7038, value: 310000 },
  { id: "TYO-05", name: "Tokyo branch", lat: 35.6762, lon: 139.6503, value: 990000 },
  { id: "SYD-06", name: "Sydney site", lat: -33.8688, lon: 151.2093, value: 275000 },
  { id: "DEL-07", name: "Delhi farm", lat: 28.7041, lon: 77.1025, value: 150000 },
  { id: "SAO-08", name: "São Paulo store", lat: -23.5505, lon: -46.6333, value: 420000 },
] as const;

export const AT_SEA = [
  { id: "SEA-01", name: "Mid-Atlantic", lat: 30.0, lon: -40.0 },
  { id: "SEA-02", name: "Pacific", lat: -10.0, lon: -140.0 },
] as const;

const comma = (n: number) => String(n).replace(".", ",");

/**
 * Semicolon-separated, comma decimals, UTF-8 BOM, a title line, blank rows, a second asset at the first site's
 * point, extra columns, text in a number cell, 0/0 and a point at sea. 8 land rows + 1 at the same point + 1 text +
 * 1 zero + 1 sea = 12 rows: 9 valid assets at 8 billed points, 2 invalid, 1 out of range.
 */
export function semicolonCsv(): {
  text: string;
  rows: number;
  valid: number;
  billed: number;
  duplicates: number;
  invalidRows: number[];
  seaRows: number[];
} {
  const lines = ["Asset ID;Site name;Latitude;Longitude;Insured value (EUR);Notes"];
  for (const s of LAND_SITES)
    lines.push(`${s.id};${s.name};${comma(s.lat)};${comma(s.lon)};${comma(s.value + 0.5)};ok`);
  lines.push("");
  const dup = LAND_SITES[0];
  lines.push(`${dup.id}-B;${dup.name} annex;${comma(dup.lat)};${comma(dup.lon)};1000;same site`);
  lines.push("BAD-01;Typo site;fifty-one;-0,12;10;text in number");
  lines.push("ZERO-01;Unknown;0;0;10;empty coordinates exported as zero");
  lines.push(";;;;;");
  lines.push(`SEA-01;${AT_SEA[0].name};${comma(AT_SEA[0].lat)};${comma(AT_SEA[0].lon)};5;at sea`);
  // file lines: 1 header, 2..9 land, 10 blank, 11 dup, 12 text, 13 zero, 14 blank (;;;;;), 15 sea
  return {
    text: `\uFEFF${lines.join("\r\n")}\r\n`,
    rows: 12,
    valid: 9,
    billed: 8,
    duplicates: 0,
    invalidRows: [12, 13],
    seaRows: [15],
  };
}

/** Comma CSV whose lat and lon headers are the wrong way round. */
export function swappedCsv(): string {
  const lines = ["id,name,lat,lon"];
  for (const s of LAND_SITES) lines.push(`${s.id},${s.name},${s.lon},${s.lat}`);
  return `${lines.join("\n")}\n`;
}

/** Six good rows in Europe and one with a latitude of 95: the columns are as named, the one row is out of range. */
export function oneBadLatitudeCsv(): string {
  const lines = ["id,name,lat,lon"];
  for (const s of LAND_SITES.slice(0, 4)) lines.push(`${s.id},${s.name},${s.lat},${s.lon}`);
  lines.push("MIL-05,Milan,45.4642,9.19", "BRU-06,Brussels,50.8503,4.3517", "BAD-07,Typo,95,10.5");
  return `${lines.join("\n")}\n`;
}

/** Excel export: a title row and merged group headers above the column headers, own ids and a GDP column. */
export async function mergedHeaderXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Portfolio");
  ws.addRow(["Portfolio export 2026"]);
  ws.mergeCells("A1:F1");
  ws.addRow(["Asset", null, "Location", null, "Financials", null]);
  ws.mergeCells("A2:B2");
  ws.mergeCells("C2:D2");
  ws.mergeCells("E2:F2");
  ws.addRow(["Asset ID", "Name", "Latitude", "Longitude", "local GDP per Capita equivalent", "Insured value"]);
  LAND_SITES.forEach((s, i) => ws.addRow([s.id, s.name, s.lat, s.lon, 20000 + i * 1000, s.value]));
  ws.addRow(["SEA-02", AT_SEA[1].name, AT_SEA[1].lat, AT_SEA[1].lon, 1, 1]);
  ws.addRow(["TXT-01", "Text cell", "n/a", 2.35, 1, 1]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Random bytes with NULs, named .csv. */
export function binaryFile(): Buffer {
  const b = Buffer.alloc(64 * 1024);
  let x = 7;
  for (let i = 0; i < b.length; i++) b[i] = (x = (x * 1103515245 + 12345) >>> 0) & 0xff;
  b.write("\x89PNG\r\n\x1a\n", 0, "latin1");
  return b;
}

/**
 * A zip of one deflated entry. `declaredBytes` is the uncompressed size written in the local header and the
 * central directory: the real size for an honest bomb, a small lie for one that hides its size.
 */
function oneEntryZip(data: Buffer, declaredBytes: number): Buffer {
  const deflated = zlib.deflateRawSync(data, { level: 9 });
  const crc = zlib.crc32(data);
  const name = Buffer.from("xl/worksheets/sheet1.xml");
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0, 6);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(declaredBytes, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(declaredBytes, 24);
  central.writeUInt16LE(name.length, 28);
  const dirOffset = local.length + name.length + deflated.length;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(central.length + name.length, 12);
  eocd.writeUInt32LE(dirOffset, 16);
  return Buffer.concat([local, name, deflated, central, name, eocd]);
}

/** A zip whose one entry inflates 50 MB of zeros from a few KB: a compression bomb named .xlsx. */
export function zipBomb(uncompressedBytes = 50 * 1024 * 1024): Buffer {
  return oneEntryZip(Buffer.alloc(uncompressedBytes), uncompressedBytes);
}

/**
 * A bomb that lies: its headers and central directory declare a 4 KB sheet, so the declared sizes and ratio pass,
 * but the entry inflates to `realBytes` of worksheet XML.
 */
export function lyingZipBomb(realBytes = 64 * 1024 * 1024): Buffer {
  const head = '<?xml version="1.0" encoding="UTF-8"?><worksheet><sheetData>';
  const data = Buffer.alloc(realBytes, "<row/>");
  data.write(head, 0, "utf8");
  return oneEntryZip(data, 4096);
}

/** Nothing but line breaks: no header, no rows (a DoS shape: a million blank rows). */
export function blankLinesCsv(bytes = 1024 * 1024): Buffer {
  return Buffer.alloc(bytes, "\n");
}

/** A header, then `blank` empty lines, then one real row. */
export function blankRowsAfterHeaderCsv(blank: number): string {
  const s = LAND_SITES[0];
  return `lat,lon,name\n${"\n".repeat(blank)}${s.lat},${s.lon},${s.name}\n`;
}

/** An Excel sheet of `rows` rows whose only cell is a space: blank rows as an export writes them. */
export async function emptyRowsXlsx(rows = 20_000): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Empty");
  for (let i = 0; i < rows; i++) ws.addRow([" "]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A header then one 10 MB line. */
export function singleHugeLine(bytes = 10 * 1024 * 1024): Buffer {
  return Buffer.concat([Buffer.from("lat,lon,name\n"), Buffer.alloc(bytes, "7")]);
}

/** A large CSV of land points (repeating real sites with small offsets), for benchmarks and job tests. */
export function* largeCsvLines(rows: number): Generator<string> {
  yield "id,name,lat,lon,value\n";
  for (let i = 0; i < rows; i++) {
    const s = LAND_SITES[i % LAND_SITES.length]!;
    const d = ((i * 7919) % 1000) / 10000;
    yield `A${i},${s.name} ${i},${(s.lat + d).toFixed(5)},${(s.lon - d).toFixed(5)},${1000 + (i % 97)}\n`;
  }
}

/**
 * Writes a real XLSX to `file`, streamed (nothing large held in memory): `strings` unique shared strings (about 20
 * random characters each, so the archive barely compresses and passes the ratio check) and a sheet of `rows`
 * locations whose name cells point into that table. The table comes before the sheet, as Excel writes it, so a
 * reader caches it whole before the first row. Returns the file's size and the table's uncompressed size.
 */
export async function writeSharedStringsXlsx(
  file: string,
  strings: number,
  rows = 10,
): Promise<{ bytes: number; sharedStringsBytes: number }> {
  const fs = await import("node:fs");
  const fd = fs.openSync(file, "w");
  let offset = 0;
  const central: Buffer[] = [];
  const write = (b: Buffer) => {
    fs.writeSync(fd, b, 0, b.length, offset);
    offset += b.length;
  };
  let sharedStringsBytes = 0;
  /** One deflated entry from text produced piece by piece; its local header is patched once sizes are known. */
  const entry = async (name: string, pieces: Iterable<string>) => {
    const nameBuf = Buffer.from(name);
    const start = offset;
    write(Buffer.alloc(30 + nameBuf.length));
    let crc = 0,
      size = 0,
      compressed = 0;
    const deflate = zlib.createDeflateRaw({ level: 1 });
    const done = new Promise<void>((resolve, reject) => {
      deflate.on("data", (c: Buffer) => {
        write(c);
        compressed += c.length;
      });
      deflate.on("end", resolve);
      deflate.on("error", reject);
    });
    let batch: string[] = [];
    let batchBytes = 0;
    const flush = async () => {
      const b = Buffer.from(batch.join(""), "utf8");
      batch = [];
      batchBytes = 0;
      crc = zlib.crc32(b, crc);
      size += b.length;
      if (!deflate.write(b)) await new Promise((r) => deflate.once("drain", r));
    };
    for (const p of pieces) {
      batch.push(p);
      batchBytes += p.length;
      if (batchBytes > 1 << 20) await flush();
    }
    await flush();
    deflate.end();
    await done;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    fs.writeSync(fd, Buffer.concat([local, nameBuf]), 0, 30 + nameBuf.length, start);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(compressed, 20);
    c.writeUInt32LE(size, 24);
    c.writeUInt16LE(nameBuf.length, 28);
    c.writeUInt32LE(start, 42);
    central.push(c, nameBuf);
    return size;
  };
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  await entry("[Content_Types].xml", [
    `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
  ]);
  await entry("_rels/.rels", [
    `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ]);
  await entry("xl/workbook.xml", [
    `${xml}<workbook ${ns} xmlns:r="${rel}"><sheets><sheet name="Sites" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ]);
  await entry("xl/_rels/workbook.xml.rels", [
    `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  ]);
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) >>> 0);
  sharedStringsBytes = await entry(
    "xl/sharedStrings.xml",
    (function* () {
      yield `${xml}<sst ${ns} count="${strings + 3}" uniqueCount="${strings + 3}"><si><t>name</t></si><si><t>lat</t></si><si><t>lon</t></si>`;
      for (let i = 0; i < strings; i++)
        yield `<si><t>${random().toString(36)}${random().toString(36)}${i.toString(36)}</t></si>`;
      yield "</sst>";
    })(),
  );
  await entry(
    "xl/worksheets/sheet1.xml",
    (function* () {
      yield `${xml}<worksheet ${ns}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>`;
      for (let r = 0; r < rows; r++) {
        const site = LAND_SITES[r % LAND_SITES.length]!;
        const n = r + 2;
        yield `<row r="${n}"><c r="A${n}" t="s"><v>${3 + (r % Math.max(1, strings))}</v></c><c r="B${n}"><v>${site.lat}</v></c><c r="C${n}"><v>${site.lon}</v></c></row>`;
      }
      yield "</sheetData></worksheet>";
    })(),
  );
  const dir = Buffer.concat(central);
  const dirOffset = offset;
  write(dir);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(central.length / 2, 8);
  eocd.writeUInt16LE(central.length / 2, 10);
  eocd.writeUInt32LE(dir.length, 12);
  eocd.writeUInt32LE(dirOffset, 16);
  write(eocd);
  fs.closeSync(fd);
  return { bytes: offset, sharedStringsBytes };
}

/**
 * A lender's export with German headers: semicolons, comma decimals and thousands points, a country column (ISO
 * codes and names), rows whose latitude and longitude are swapped, one that contradicts its country either way,
 * points the location lookup calls at sea, rows with an address but no coordinates, and a duplicate.
 */
export function germanLenderRows(): (string | number | null)[][] {
  return [
    ["Objekt-ID", "Bezeichnung", "Adresse", "PLZ", "Ort", "Land", "Wert (EUR)", "Breitengrad", "Längengrad"],
    ["DE-001", "Bürogebäude Köln", "Hohe Straße 1", "50667", "Köln", "DE", "12.500.000,00", "50,9375", "6,9603"],
    ["FR-002", "Entrepôt Marseille", "", "13001", "Marseille", "FR", "3.400.000,00", "5,3811", "43,297"],
    ["GR-003", "Büro Athen", "", "", "Athen", "Griechenland", "2.100.000,00", "23,7278", "37,9838"],
    ["ES-004", "Lager Sevilla", "", "", "Sevilla", "ES", "1.800.000,00", "-5,9732", "37,3828"],
    ["PL-005", "Werk Łódź", "", "", "Łódź", "Polen", "950.000,00", "19,4739", "51,7706"],
    ["FR-006", "Agence Paris", "", "", "", "FR", "700.000,00", "52,52", "13,405"],
    ["LOC-00026", "Sydney offshore", "", "", "", "", "1,00", "-34,1439", "151,5029"],
    ["LOC-00028", "Perth offshore", "", "", "", "", "1,00", "-32,2639", "115,537"],
    ["LOC-00030", "Gold Coast offshore", "", "", "", "", "1,00", "-27,8796", "153,6954"],
    ["DE-010", "Filiale München", "Marienplatz 1, 80331 München", "", "", "DE", "4.000.000,00", "", ""],
    ["DE-011", "Lager Köln-Süd", "", "50968", "Köln", "", "600.000,00", "", ""],
    ["DE-012", "Unbekannt", "Dorfstraße 3, 99999 Kleinkleckersdorf", "", "", "DE", "10.000,00", "", ""],
    [
      "DE-013",
      "Bürogebäude Köln (Kopie)",
      "Hohe Straße 1",
      "50667",
      "Köln",
      "DE",
      "12.500.000,00",
      "50,9375",
      "6,9603",
    ],
  ];
}

/** The German export as a semicolon CSV with a BOM, as Excel writes it in a German locale. */
export function germanLenderCsv(): string {
  return `\uFEFF${germanLenderRows()
    .map((r) => r.join(";"))
    .join("\r\n")}\r\n`;
}

/** The same rows as an XLSX workbook, coordinates as numbers where the file has them. */
export async function germanLenderXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Bestand");
  germanLenderRows().forEach((r, i) =>
    ws.addRow(
      i === 0 ? r : r.map((c, j) => (j >= 7 && c !== "" ? Number(String(c).replace(",", ".")) : c === "" ? null : c)),
    ),
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}
