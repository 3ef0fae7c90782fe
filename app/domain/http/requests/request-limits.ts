/**
 * Request body limits, checked by the server entry before the body reaches the app: a form post is a few KB, so
 * anything larger is refused (413) before it is read, and the field count caps the parsing work per request.
 * File uploads have their own, larger limit and are streamed through.
 */
import { API_PATHS, API_PREFIX } from "../../api/api-paths";
import { UPLOAD_MAX_BYTES } from "../../portfolio/limits";

export const FORM_BODY_MAX_BYTES = 64 * 1024;
export const FORM_MAX_FIELDS = 1_000;
/** The largest portfolio file plus room for the multipart envelope and the other form fields. */
export const UPLOAD_BODY_MAX_BYTES = UPLOAD_MAX_BYTES + 2 * 1024 * 1024;
export const UPLOAD_MAX_FIELDS = 100;

/** A batch read of 1,000 locations with long ids of its own, as JSON. */
export const BATCH_BODY_MAX_BYTES = 512 * 1024;
export const BATCH_PATHS = [
  `${API_PREFIX}${API_PATHS.hazardsBatch}`,
  `${API_PREFIX}${API_PATHS.floodLossBatch}`,
] as const;

/** Routes that accept a file upload (portfolio spreadsheets). */
export const UPLOAD_PATHS = ["/api/upload/upload_preview", "/dashboard/scan", "/products/portfolio-preview"] as const;

export interface BodyLimit {
  maxBytes: number;
  maxFields: number;
}

function stripTrailingSlash(pathname: string) {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

function isMultipart(contentType: string | null | undefined) {
  return (contentType ?? "").trimStart().toLowerCase().startsWith("multipart/form-data");
}

/**
 * The upload limit is for a file in a multipart form on an upload route; any other body there (urlencoded, JSON,
 * raw bytes) is a form and gets the form limit, so the large limit cannot be borrowed for something else.
 */
export function bodyLimitFor(pathname: string, contentType: string | null | undefined): BodyLimit {
  const path = stripTrailingSlash(pathname);
  if ((UPLOAD_PATHS as readonly string[]).includes(path) && isMultipart(contentType)) {
    return { maxBytes: UPLOAD_BODY_MAX_BYTES, maxFields: UPLOAD_MAX_FIELDS };
  }
  if ((BATCH_PATHS as readonly string[]).includes(path))
    return { maxBytes: BATCH_BODY_MAX_BYTES, maxFields: FORM_MAX_FIELDS };
  return { maxBytes: FORM_BODY_MAX_BYTES, maxFields: FORM_MAX_FIELDS };
}

function formatBytes(n: number) {
  return n >= 1024 * 1024 ? `${Math.round(n / (1024 * 1024))} MB` : `${Math.round(n / 1024)} KB`;
}

export function bodyTooLargeMessage(limit: BodyLimit) {
  return `The request is too large: this address accepts at most ${formatBytes(limit.maxBytes)}.`;
}

export function tooManyFieldsMessage(limit: BodyLimit) {
  return `The request has too many fields: this address accepts at most ${limit.maxFields}.`;
}

/**
 * Counts form fields while the body streams by: `&` separators for urlencoded bodies, part boundaries for
 * multipart ones. Works chunk by chunk, so a body is never held whole.
 */
export class FieldCounter {
  private count = 0;
  private readonly separator: Buffer | null;
  /** Bytes kept from the previous chunk so a separator split across two chunks is still seen. */
  private tail: Buffer = Buffer.alloc(0);

  constructor(contentType: string | null | undefined) {
    const type = (contentType ?? "").toLowerCase();
    if (type.startsWith("application/x-www-form-urlencoded")) {
      this.separator = Buffer.from("&");
      this.count = 1;
    } else if (type.startsWith("multipart/form-data")) {
      const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? "");
      const value = boundary?.[1] ?? boundary?.[2];
      this.separator = value ? Buffer.from(`--${value.trim()}`) : null;
    } else {
      this.separator = null;
    }
  }

  /** Adds a chunk; returns the fields seen so far. */
  push(chunk: Buffer): number {
    if (!this.separator) return this.count;
    const data = this.tail.length ? Buffer.concat([this.tail, chunk]) : chunk;
    let at = data.indexOf(this.separator);
    let lastEnd = 0;
    while (at !== -1) {
      this.count++;
      lastEnd = at + this.separator.length;
      at = data.indexOf(this.separator, lastEnd);
    }
    const keep = Math.max(lastEnd, data.length - (this.separator.length - 1));
    this.tail = Buffer.from(data.subarray(keep));
    return this.count;
  }

  /** Multipart bodies end with one extra boundary (the closing one). */
  get fields(): number {
    return this.count;
  }
}
