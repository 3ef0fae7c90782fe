/**
 * A streaming multipart/form-data reader (RFC 7578) for file uploads: parts come one at a time and a file part's
 * bytes as they arrive, so a 200 MB upload is never held. Its own header parser reads quoted parameters as the
 * RFC says, so a file named `a=b.csv` or `a;b.csv` is read like any other (a naive split on `;` and `=` refuses it).
 */

/** The body is not a well-formed multipart form (no boundary, cut short, a part without headers...). */
export class MultipartError extends Error {}

export interface MultipartPart {
  name: string;
  /** The file's base name (any path a client sends is dropped), or null for a plain field. */
  filename: string | null;
  contentType: string | null;
  data: AsyncIterable<Uint8Array>;
}

/** Longest header block of one part: a few lines of text. */
export const MULTIPART_MAX_HEADER_BYTES = 16 * 1024;

/** The boundary parameter of a multipart/form-data content type, or null when the type is another or has none. */
export function multipartBoundary(contentType: string | null | undefined): string | null {
  const value = contentType ?? "";
  if (value.split(";")[0]!.trim().toLowerCase() !== "multipart/form-data") return null;
  const params = parseParameters(value.slice(value.indexOf(";") + 1 || value.length));
  const boundary = params.boundary;
  return boundary && boundary.length <= 200 ? boundary : null;
}

/** RFC 5987 `UTF-8''name%20here`; null when it is not that shape or not UTF-8. */
function decodeExtendedValue(value: string): string | null {
  const m = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value);
  if (!m || !/^utf-8$/i.test(m[1]!)) return null;
  try {
    return decodeURIComponent(m[2]!);
  } catch {
    return null;
  }
}

/**
 * `key=value` parameters separated by `;`, values a token or a quoted string (in which `\"` and `\\` are escapes
 * and `;` and `=` are plain text). Keys are lower-cased. A quoted string that never closes is malformed.
 */
export function parseParameters(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && (text[i] === ";" || text[i] === " " || text[i] === "\t")) i++;
    if (i >= n) break;
    const keyStart = i;
    while (i < n && text[i] !== "=" && text[i] !== ";") i++;
    const key = text.slice(keyStart, i).trim().toLowerCase();
    if (text[i] !== "=") continue;
    i++;
    while (i < n && (text[i] === " " || text[i] === "\t")) i++;
    let value = "";
    if (text[i] === '"') {
      i++;
      let closed = false;
      while (i < n) {
        const ch = text[i]!;
        if (ch === "\\" && (text[i + 1] === '"' || text[i + 1] === "\\")) {
          value += text[i + 1];
          i += 2;
        } else if (ch === '"') {
          closed = true;
          i++;
          break;
        } else {
          value += ch;
          i++;
        }
      }
      if (!closed) throw new MultipartError(`unterminated quoted value of ${key}`);
      while (i < n && text[i] !== ";") i++;
    } else {
      const start = i;
      while (i < n && text[i] !== ";") i++;
      value = text.slice(start, i).trim();
    }
    if (key) out[key] = value;
  }
  return out;
}

/** `form-data; name="file"; filename="a;b.csv"` → its parameters; `filename*` (RFC 5987) wins over `filename`. */
export function parseContentDisposition(value: string): { name: string; filename: string | null } {
  const semi = value.indexOf(";");
  const type = (semi < 0 ? value : value.slice(0, semi)).trim().toLowerCase();
  if (type !== "form-data") throw new MultipartError("a part's Content-Disposition is not form-data");
  const params = parseParameters(semi < 0 ? "" : value.slice(semi + 1));
  if (params.name === undefined) throw new MultipartError("a part has no name");
  const extended = params["filename*"] !== undefined ? decodeExtendedValue(params["filename*"]) : null;
  const raw = extended ?? params.filename;
  return { name: params.name, filename: raw === undefined ? null : (raw.split(/[/\\]/).pop() ?? "") };
}

function parseHeaders(block: string): { name: string; filename: string | null; contentType: string | null } {
  let disposition: ReturnType<typeof parseContentDisposition> | null = null;
  let contentType: string | null = null;
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) throw new MultipartError("a part header has no colon");
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "content-disposition") disposition = parseContentDisposition(value);
    else if (key === "content-type") contentType = value;
  }
  if (!disposition) throw new MultipartError("a part has no Content-Disposition");
  return { ...disposition, contentType };
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

/** Bytes of the body with a cursor; keeps only what is not consumed yet. */
class BodyBuffer {
  buf: Buffer = CRLF;
  private ended = false;
  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  /** Reads one more chunk; false at the end of the body. */
  async fill(): Promise<boolean> {
    if (this.ended) return false;
    const r = await this.source.next();
    if (r.done) {
      this.ended = true;
      return false;
    }
    const chunk = Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength);
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    return true;
  }

  async need(bytes: number): Promise<void> {
    while (this.buf.length < bytes) if (!(await this.fill())) throw new MultipartError("the body ends too early");
  }
}

function iterate(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): AsyncIterator<Uint8Array> {
  return (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
}

/**
 * The parts of a multipart body, in order. Each part's `data` must be read (or left) before asking for the next:
 * what a consumer leaves unread is skipped. A body that breaks off, or a part without headers, throws MultipartError.
 */
export async function* readMultipart(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>, boundary: string): AsyncGenerator<MultipartPart> {
  // Every delimiter but the first follows a CRLF; the buffer starts with one so the first matches the same way.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const body_ = new BodyBuffer(iterate(body));
  // Preamble: anything before the first delimiter is ignored, keeping only enough to match it across chunks.
  for (;;) {
    const at = body_.buf.indexOf(delimiter);
    if (at >= 0) {
      body_.buf = body_.buf.subarray(at + delimiter.length);
      break;
    }
    body_.buf = body_.buf.subarray(Math.max(0, body_.buf.length - delimiter.length + 1));
    if (!(await body_.fill())) throw new MultipartError("no part boundary in the body");
  }
  for (;;) {
    await body_.need(2);
    if (body_.buf[0] === 0x2d && body_.buf[1] === 0x2d) return; // the closing delimiter: the epilogue is ignored
    // Transport padding (spaces, tabs) may follow a delimiter before its CRLF.
    for (;;) {
      await body_.need(1);
      if (body_.buf[0] !== 0x20 && body_.buf[0] !== 0x09) break;
      body_.buf = body_.buf.subarray(1);
    }
    await body_.need(2);
    if (!body_.buf.subarray(0, 2).equals(CRLF)) throw new MultipartError("a boundary is not followed by a line break");
    body_.buf = body_.buf.subarray(2);
    let end = body_.buf.indexOf(HEADER_END);
    while (end < 0) {
      if (body_.buf.length > MULTIPART_MAX_HEADER_BYTES) throw new MultipartError("a part's headers are too long");
      if (!(await body_.fill())) throw new MultipartError("the body ends inside a part's headers");
      end = body_.buf.indexOf(HEADER_END);
    }
    if (end > MULTIPART_MAX_HEADER_BYTES) throw new MultipartError("a part's headers are too long");
    const headers = parseHeaders(body_.buf.subarray(0, end).toString("utf8"));
    body_.buf = body_.buf.subarray(end + HEADER_END.length);

    let finished = false;
    /** The next bytes of this part, or null once its closing delimiter is consumed. */
    const next = async (): Promise<Buffer | null> => {
      while (!finished) {
        const at = body_.buf.indexOf(delimiter);
        if (at >= 0) {
          const chunk = body_.buf.subarray(0, at);
          body_.buf = body_.buf.subarray(at + delimiter.length);
          finished = true;
          if (chunk.length) return chunk;
          break;
        }
        // Keep a delimiter's length minus one: a delimiter split across two chunks is still found.
        const keep = body_.buf.length - (delimiter.length - 1);
        if (keep > 0) {
          const chunk = body_.buf.subarray(0, keep);
          body_.buf = body_.buf.subarray(keep);
          return chunk;
        }
        if (!(await body_.fill())) throw new MultipartError("the body ends inside a part");
      }
      return null;
    };
    const data: AsyncIterable<Uint8Array> = {
      [Symbol.asyncIterator]: () => ({
        next: async () => {
          const chunk = await next();
          return chunk ? { done: false, value: chunk } : { done: true, value: undefined };
        },
      }),
    };
    yield { ...headers, data };
    while ((await next()) !== null);
  }
}
