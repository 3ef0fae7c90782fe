import { count, eq } from "drizzle-orm";
import { setupTestDatabase } from "#db/testing";
import { createUser } from "#db/factories";
import { uploadSlots } from "#db/schema/index";
import {
  UPLOAD_BUSY_RETRY_AFTER_SECONDS,
  UPLOAD_MESSAGES,
  UPLOADS_CONCURRENT_PER_ACCOUNT,
  VISITOR_PREVIEWS_PER_HOUR,
} from "~/domain/portfolio/limits";
import { apiError } from "../../api/api-response.server";
import { UploadRefusedError } from "../errors.server";
import { previewFromMultipart } from "./preview.server";

const getDb = setupTestDatabase();

function post(contentType: string, body: string): Request {
  return new Request("http://localhost/api/upload/upload_preview", {
    method: "POST",
    headers: { "Content-Type": contentType },
    body,
  });
}

const part = (body: string) =>
  `--xyz\r\nContent-Disposition: form-data; name="file"; filename="sites.csv"\r\nContent-Type: text/csv\r\n\r\n${body}`;

describe("previewFromMultipart", () => {
  it.each([
    ["no boundary", post("multipart/form-data", "lat,lon\n51.5,-0.12\n")],
    ["a body cut short inside the file part", post("multipart/form-data; boundary=xyz", part("lat,lon\n51.5,-0.12\n"))],
    [
      "a part without its blank line",
      post(
        "multipart/form-data; boundary=xyz",
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nlat,lon\n1,2\r\n--xyz--\r\n',
      ),
    ],
  ])("answers a malformed multipart body (%s) with a 400 and a clear message", async (_, request) => {
    const error = await previewFromMultipart(request, null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadRefusedError);
    expect(error).toMatchObject({ status: 400, message: UPLOAD_MESSAGES.malformed });
  });

  it("still reads a well-formed upload", async () => {
    const { result } = await previewFromMultipart(
      post("multipart/form-data; boundary=xyz", `${part("lat,lon\n51.5074,-0.1278\n")}\r\n--xyz--\r\n`),
      null,
    );
    expect(result.total_locations).toBe(1);
    expect(result.valid_locations).toBe(1);
  });

  it.each(["a=b.csv", "a;b.csv", 'quote"d.csv'])("reads a file named %s", async (fileName) => {
    const form = new FormData();
    form.set("file", new File(["lat,lon\n51.5074,-0.1278\n"], fileName, { type: "text/csv" }));
    const request = new Request("http://localhost/api/upload/upload_preview", { method: "POST", body: form });
    const { result } = await previewFromMultipart(request, null);
    expect(result.valid_locations).toBe(1);
  });

  it("gives a visitor's address a few previews an hour, then a 429; another address is not affected", async () => {
    const upload = () =>
      post("multipart/form-data; boundary=xyz", `${part("lat,lon\n51.5074,-0.1278\n")}\r\n--xyz--\r\n`);
    for (let i = 0; i < VISITOR_PREVIEWS_PER_HOUR; i++) await previewFromMultipart(upload(), null, "203.0.113.7");
    const refused = await previewFromMultipart(upload(), null, "203.0.113.7").catch((e: unknown) => e);
    expect(refused).toMatchObject({
      status: 429,
      message: UPLOAD_MESSAGES.tooManyVisitorPreviews(VISITOR_PREVIEWS_PER_HOUR),
    });
    const other = await previewFromMultipart(upload(), null, "203.0.113.8");
    expect(other.result.valid_locations).toBe(1);
  }, 60_000);

  it("refuses an account's upload past its concurrent cap with a 429 and Retry-After, before reading it", async () => {
    const user = (await createUser(getDb(), { planCode: "DISCOVERY" }))!;
    const caller = { user, viaApiKey: false };
    // Uploads whose bodies stay open until the test ends them: they hold their slots meanwhile.
    const ends: (() => void)[] = [];
    const slowUpload = () => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(part("lat,lon\n51.5074,-0.1278\n")));
          ends.push(() => {
            controller.enqueue(encoder.encode("\r\n--xyz--\r\n"));
            controller.close();
          });
        },
      });
      return new Request("http://localhost/api/upload/upload_preview", {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
        body,
        duplex: "half",
      } as RequestInit);
    };
    const running = Array.from({ length: UPLOADS_CONCURRENT_PER_ACCOUNT }, () =>
      previewFromMultipart(slowUpload(), caller),
    );
    // the bodies exist at once; the slots are taken through the database: wait until every upload holds its own
    await vi.waitFor(
      async () => {
        const [held] = await getDb()
          .select({ n: count() })
          .from(uploadSlots)
          .where(eq(uploadSlots.account, `user:${user.id}`));
        expect(held?.n).toBe(UPLOADS_CONCURRENT_PER_ACCOUNT);
      },
      { timeout: 20_000 },
    );
    expect(ends).toHaveLength(UPLOADS_CONCURRENT_PER_ACCOUNT);
    const refused = await previewFromMultipart(slowUpload(), caller).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      status: 429,
      message: UPLOAD_MESSAGES.busyAccount(UPLOADS_CONCURRENT_PER_ACCOUNT, UPLOAD_BUSY_RETRY_AFTER_SECONDS),
    });
    const response = apiError(refused);
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe(String(UPLOAD_BUSY_RETRY_AFTER_SECONDS));
    for (const end of ends.slice(0, UPLOADS_CONCURRENT_PER_ACCOUNT)) end();
    for (const r of await Promise.all(running)) expect(r.result.valid_locations).toBe(1);
    // The slots are free again.
    const after = await previewFromMultipart(
      post("multipart/form-data; boundary=xyz", `${part("lat,lon\n51.5074,-0.1278\n")}\r\n--xyz--\r\n`),
      caller,
    );
    expect(after.result.valid_locations).toBe(1);
  }, 60_000);
});
