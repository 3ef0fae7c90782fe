/**
 * The upload form read with busboy: plain fields into a FormData, the one `file` part handed to `onFile` as a
 * stream while it arrives (a 200 MB upload is never held). Per-part limits: one file of at most UPLOAD_MAX_BYTES,
 * at most UPLOAD_MAX_FIELDS parts, short plain fields. A malformed or cut-short body is the client's fault (400);
 * every limit is refused with the message the rest of the upload path uses.
 */
import { Readable } from "node:stream";
import busboy from "busboy";
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "~/domain/portfolio/limits";
import { UPLOAD_MAX_FIELDS, tooManyFieldsMessage } from "~/domain/http/requests/request-limits";
import { isAppError } from "../../http/errors.server";
import { UploadRefusedError } from "../errors.server";

/** Largest plain (non-file) field of the upload form. */
export const FIELD_MAX_BYTES = 16 * 1024;
/** Longest header block of one part: a few lines of text. */
const PART_HEADER_PAIRS = 20;

export const ONE_FILE_MESSAGE = "Upload one file at a time";

export interface UploadFile {
  /** The file's base name (any path a client sends is dropped). */
  fileName: string;
  data: AsyncIterable<Uint8Array>;
}

/**
 * Reads the form; `onFile` consumes the file part (and may fail, which ends the reading). Resolves with the plain
 * fields and what `onFile` returned (null when the form held no file part named `file` with a file name).
 */
export function readUploadForm<T>(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  onFile: (file: UploadFile) => Promise<T>,
): Promise<{ fields: FormData; file: T | null }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        defParamCharset: "utf8",
        limits: {
          fileSize: UPLOAD_MAX_BYTES,
          files: 1,
          parts: UPLOAD_MAX_FIELDS,
          fieldSize: FIELD_MAX_BYTES,
          headerPairs: PART_HEADER_PAIRS,
        },
      });
    } catch {
      return reject(new UploadRefusedError(UPLOAD_MESSAGES.malformed, 400));
    }
    const source = Readable.fromWeb(body as never);
    const fields = new FormData();
    let reading: Promise<T> | null = null;
    let fileStream: Readable | null = null;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      const refusal = isAppError(error) ? error : new UploadRefusedError(UPLOAD_MESSAGES.malformed, 400);
      // The file's reader stops at once rather than waiting for bytes that will not come.
      if (fileStream && !fileStream.destroyed) fileStream.destroy(refusal);
      source.unpipe(parser);
      // The rest of the body is read and dropped: the answer goes out on a connection still in a known state.
      source.resume();
      reject(refusal);
    };
    parser.on("field", (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated)
        return fail(new UploadRefusedError(UPLOAD_MESSAGES.malformed, 400));
      fields.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      if (failed || name !== "file" || !info.filename) return void stream.resume();
      if (reading) return fail(new UploadRefusedError(ONE_FILE_MESSAGE, 400));
      stream.once("limit", () => {
        const error = new UploadRefusedError(UPLOAD_MESSAGES.tooLarge(UPLOAD_MAX_BYTES), 413);
        stream.destroy(error);
        fail(error);
      });
      fileStream = stream;
      // Its reader sees a failure through its own reads; a stream nobody reads any more must not throw it.
      stream.on("error", () => undefined);
      const fileName = info.filename.split(/[/\\]/).pop() ?? "";
      reading = onFile({ fileName, data: stream });
      reading.catch(fail);
    });
    parser.on("filesLimit", () => fail(new UploadRefusedError(ONE_FILE_MESSAGE, 400)));
    parser.on("partsLimit", () =>
      fail(new UploadRefusedError(tooManyFieldsMessage({ maxBytes: 0, maxFields: UPLOAD_MAX_FIELDS }), 413)),
    );
    parser.on("error", fail);
    parser.on("close", () => {
      if (failed) return;
      if (!reading) return resolve({ fields, file: null });
      reading.then((file) => !failed && resolve({ fields, file }), fail);
    });
    source.on("error", fail);
    source.pipe(parser);
  });
}
