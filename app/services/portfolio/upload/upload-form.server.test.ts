import { UPLOAD_MAX_FIELDS } from "~/domain/http/requests/request-limits";
import { UPLOAD_MESSAGES } from "~/domain/portfolio/limits";
import { UploadRefusedError } from "../errors.server";
import { FIELD_MAX_BYTES, ONE_FILE_MESSAGE, readUploadForm, type UploadFile } from "./upload-form.server";

const TYPE = "multipart/form-data; boundary=xyz";
const part = (disposition: string, body: string, type = "text/csv") =>
  `--xyz\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${type}\r\n\r\n${body}\r\n`;
const file = (body: string, filename = "sites.csv") => part(`form-data; name="file"; filename="${filename}"`, body);
const field = (name: string, value: string) =>
  `--xyz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const END = "--xyz--\r\n";

/** The body as a stream of `size`-byte chunks, optionally cut off after `cutAt` bytes. */
function stream(text: string, size = 7, cutAt = Infinity): ReadableStream<Uint8Array> {
  const bytes = Buffer.from(text, "utf8").subarray(0, cutAt);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(at, at + size)));
      at += size;
    },
  });
}

async function readText(f: UploadFile) {
  const chunks: Buffer[] = [];
  for await (const c of f.data) chunks.push(Buffer.from(c));
  return { name: f.fileName, text: Buffer.concat(chunks).toString("utf8") };
}

describe("readUploadForm (busboy)", () => {
  it.each([1, 7, 64, 4096])("gives the file and the fields whole whatever the chunk size (%i bytes)", async (size) => {
    const body = field("sheet", "Sites") + file("lat,lon\n51.5,-0.12\n") + field("note", "a=b; c") + END;
    const { fields, file: got } = await readUploadForm(stream(body, size), TYPE, readText);
    expect(got).toEqual({ name: "sites.csv", text: "lat,lon\n51.5,-0.12\n" });
    expect([...fields.entries()]).toEqual([
      ["sheet", "Sites"],
      ["note", "a=b; c"],
    ]);
  });

  it.each([
    ['filename="a;b.csv"', "a;b.csv"],
    ['filename="a=b.csv"', "a=b.csv"],
    ['filename="../../etc/passwd"', "passwd"],
    ['filename="C:\\\\Users\\\\me\\\\sites.csv"', "sites.csv"],
    ["filename=\"x.csv\"; filename*=UTF-8''%D0%BE%D1%84%D0%B8%D1%81%3Db.csv", "офис=b.csv"],
    ['filename="Zürich; Genève.csv"', "Zürich; Genève.csv"],
  ])("reads the file name from %s", async (params, name) => {
    const body = part(`form-data; name="file"; ${params}`, "lat,lon\n1,2\n") + END;
    const { file: got } = await readUploadForm(stream(body), TYPE, readText);
    expect(got?.name).toBe(name);
  });

  it("skips file parts not named `file` and answers null when there is no file", async () => {
    const body = part('form-data; name="other"; filename="x.csv"', "ignored") + field("a", "1") + END;
    const { fields, file: got } = await readUploadForm(stream(body), TYPE, readText);
    expect(got).toBeNull();
    expect(fields.get("a")).toBe("1");
  });

  it.each([
    ["no boundary", "multipart/form-data", file("lat,lon\n1,2\n") + END],
    ["a body cut short inside the file part", TYPE, file("lat,lon\n51.5,-0.12\n").slice(0, -4)],
    [
      "a part without its blank line",
      TYPE,
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nlat,lon\n1,2\r\n--xyz--\r\n',
    ],
  ])("refuses a malformed body (%s) with a 400", async (_, type, body) => {
    await expect(readUploadForm(stream(body), type, readText)).rejects.toMatchObject({
      status: 400,
      message: UPLOAD_MESSAGES.malformed,
    });
  });

  it("refuses a body that breaks off while the file is read, and stops the file's reader", async () => {
    const body = file("lat,lon\n" + "51.5,-0.12\n".repeat(500)) + END;
    let readerEnded = false;
    const reader = async (f: UploadFile) => {
      try {
        return await readText(f);
      } finally {
        readerEnded = true;
      }
    };
    await expect(readUploadForm(stream(body, 64, 2_000), TYPE, reader)).rejects.toMatchObject({ status: 400 });
    await new Promise((r) => setTimeout(r, 10));
    expect(readerEnded).toBe(true);
  });

  it("refuses a second file with 400, a field over its size with 400, and more parts than allowed with 413", async () => {
    await expect(readUploadForm(stream(file("a") + file("b", "two.csv") + END), TYPE, readText)).rejects.toMatchObject({
      status: 400,
      message: ONE_FILE_MESSAGE,
    });
    await expect(
      readUploadForm(stream(field("note", "x".repeat(FIELD_MAX_BYTES + 1)) + END, 4096), TYPE, readText),
    ).rejects.toMatchObject({ status: 400 });
    const many = Array.from({ length: UPLOAD_MAX_FIELDS + 1 }, (_, i) => field(`f${i}`, "1")).join("") + END;
    await expect(readUploadForm(stream(many, 4096), TYPE, readText)).rejects.toMatchObject({
      status: 413,
      message: expect.stringContaining(String(UPLOAD_MAX_FIELDS)),
    });
  });

  it("passes on a refusal of the file's reader as it is", async () => {
    const refusing = async () => {
      throw new UploadRefusedError(UPLOAD_MESSAGES.badType, 415);
    };
    await expect(readUploadForm(stream(file("x") + END), TYPE, refusing)).rejects.toMatchObject({
      status: 415,
      message: UPLOAD_MESSAGES.badType,
    });
  });
});
