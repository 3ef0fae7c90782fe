/**
 * A document made once and served as stored bytes: its text, gzip and Brotli copies (compressed off the main
 * thread, in libuv's pool), and an ETag. Answering it costs a header lookup and a write, however large it is.
 */
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

type Encoding = "br" | "gzip";

export class StoredDocument {
  readonly identity: Uint8Array<ArrayBuffer>;
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Uint8Array<ArrayBuffer>>();

  constructor(
    text: string,
    private readonly headers: Record<string, string>,
  ) {
    this.identity = new TextEncoder().encode(text);
    this.etag = `"${crypto.createHash("sha1").update(this.identity).digest("base64url")}"`;
    // Until a copy is ready the text is sent as it is: nothing waits for it, nothing compresses it per request.
    gzip(this.identity, { level: 9 }).then(
      (bytes) => this.encoded.set("gzip", new Uint8Array(bytes)),
      () => undefined,
    );
    brotli(this.identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
      },
    }).then(
      (bytes) => this.encoded.set("br", new Uint8Array(bytes)),
      () => undefined,
    );
  }

  /** The answer to `request`: 304 on a matching If-None-Match, else the best stored encoding the client accepts. */
  respond(request: Request, extraHeaders: Record<string, string> = {}): Response {
    const headers = new Headers({ ...this.headers, ...extraHeaders, ETag: this.etag, Vary: "Accept-Encoding" });
    if (etagMatches(request.headers.get("If-None-Match"), this.etag)) {
      headers.delete("Content-Type");
      return new Response(null, { status: 304, headers });
    }
    const encoding = this.encodingFor(request.headers.get("Accept-Encoding") ?? "");
    const body = encoding ? this.encoded.get(encoding)! : this.identity;
    if (encoding) headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(body.length));
    return new Response(request.method === "HEAD" ? null : body, { status: 200, headers });
  }

  private encodingFor(acceptEncoding: string): Encoding | null {
    const accepted = acceptedEncodings(acceptEncoding);
    for (const encoding of ["br", "gzip"] as const)
      if (accepted.has(encoding) && this.encoded.has(encoding)) return encoding;
    return null;
  }
}

/** The codings a client accepts (q=0 excluded). */
function acceptedEncodings(header: string): Set<string> {
  const accepted = new Set<string>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

function etagMatches(header: string | null, etag: string) {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

/** One stored document per key (e.g. origin and version): made on first use, kept for the process's life. */
export function storedOnce<K extends string, T>(make: (key: K) => T): (key: K) => T {
  let made: { key: K; value: T } | null = null;
  return (key) => {
    if (made?.key !== key) made = { key, value: make(key) };
    return made.value;
  };
}
