import { MultipartError, multipartBoundary, parseContentDisposition, readMultipart } from "./multipart.server";

async function* chunks(text: string, size: number): AsyncGenerator<Uint8Array> {
  const b = Buffer.from(text, "utf8");
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}

async function collect(body: string, size = 7) {
  const out: { name: string; filename: string | null; contentType: string | null; text: string }[] = [];
  for await (const part of readMultipart(chunks(body, size), "xyz")) {
    const bytes: Buffer[] = [];
    for await (const c of part.data) bytes.push(Buffer.from(c));
    out.push({ name: part.name, filename: part.filename, contentType: part.contentType, text: Buffer.concat(bytes).toString("utf8") });
  }
  return out;
}

const part = (disposition: string, body: string, type = "text/csv") => `--xyz\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${type}\r\n\r\n${body}\r\n`;

describe("parseContentDisposition", () => {
  it.each([
    ['form-data; name="file"; filename="a=b.csv"', "a=b.csv"],
    ['form-data; name="file"; filename="a;b.csv"', "a;b.csv"],
    ['form-data; name="file"; filename="say \\"hi\\".csv"', 'say "hi".csv'],
    ['form-data; name="file"; filename="C:\\\\Users\\\\me\\\\sites.csv"', "sites.csv"],
    ['form-data; name="file"; filename="../../etc/passwd"', "passwd"],
    ["form-data; name=file; filename=plain.csv", "plain.csv"],
    ["form-data; name=\"file\"; filename=\"x.csv\"; filename*=UTF-8''%D0%BE%D1%84%D0%B8%D1%81%3Db.csv", "офис=b.csv"],
    ['form-data; name="file"; filename="Zürich; Genève.csv"', "Zürich; Genève.csv"],
  ])("reads %s", (header, filename) => {
    expect(parseContentDisposition(header)).toEqual({ name: "file", filename });
  });

  it("refuses what is not form-data or has no name, or a quote that never closes", () => {
    expect(() => parseContentDisposition('attachment; name="file"')).toThrow(MultipartError);
    expect(() => parseContentDisposition('form-data; filename="a.csv"')).toThrow(MultipartError);
    expect(() => parseContentDisposition('form-data; name="file"; filename="a.csv')).toThrow(MultipartError);
  });
});

describe("multipartBoundary", () => {
  it("reads plain and quoted boundaries of multipart/form-data only", () => {
    expect(multipartBoundary("multipart/form-data; boundary=xyz")).toBe("xyz");
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b;c"')).toBe("a b;c");
    expect(multipartBoundary("multipart/form-data")).toBeNull();
    expect(multipartBoundary("text/plain; boundary=xyz")).toBeNull();
  });
});

describe("readMultipart", () => {
  const body = `preamble\r\n${part('form-data; name="note"', "hello", "text/plain")}${part('form-data; name="file"; filename="a;b=c.csv"', "lat,lon\n51.5,-0.12\n--xy\r\n--xy")}--xyz--\r\nepilogue`;

  it.each([1, 3, 7, 64, 4096])("gives every part whole whatever the chunk size (%i bytes)", async (size) => {
    expect(await collect(body, size)).toEqual([
      { name: "note", filename: null, contentType: "text/plain", text: "hello" },
      { name: "file", filename: "a;b=c.csv", contentType: "text/csv", text: "lat,lon\n51.5,-0.12\n--xy\r\n--xy" },
    ]);
  });

  it("skips what a consumer leaves unread", async () => {
    const names: string[] = [];
    for await (const p of readMultipart(chunks(body, 5), "xyz")) names.push(p.name);
    expect(names).toEqual(["note", "file"]);
  });

  it.each([
    ["cut short inside a part", part('form-data; name="file"; filename="a.csv"', "lat,lon")],
    ["a part without its blank line", '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nlat,lon\n1,2\r\n--xyz--\r\n'],
    ["no boundary at all", "lat,lon\n1,2\n"],
    ["a header line without a colon", '--xyz\r\nContent-Disposition form-data\r\n\r\nx\r\n--xyz--\r\n'],
  ])("refuses a malformed body: %s", async (_, text) => {
    await expect(collect(text)).rejects.toBeInstanceOf(MultipartError);
  });
});
