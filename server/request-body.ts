/**
 * Request bodies, read under the route's byte and field limits and at a minimum pace. A form or JSON body is read
 * whole before the request asks for an app turn; an upload is streamed to the app, and the stream fails as soon as
 * the client drops the connection or falls behind, so the reader (and any upload slot it holds) lets go at once.
 */
import type http from "node:http";
import { Transform } from "node:stream";
import { FieldCounter, bodyTooLargeMessage, tooManyFieldsMessage, type BodyLimit } from "~/domain/request-limits";
import { BODY_TOO_SLOW_MESSAGE, BodyPaceWatch, type BodyPace } from "./body-pace";

type Req = http.IncomingMessage;

/** Forms and JSON are a few KB: a client that cannot send them within seconds is not a browser. */
export const FORM_BODY_PACE: BodyPace = { idleMs: 10_000, graceMs: 5_000, minBytesPerSecond: 512, deadlineMs: 20_000 };
/** Uploads may be large, on slow lines, but must keep moving: 200 MB at the floor takes about 7 minutes. */
export const UPLOAD_BODY_PACE: BodyPace = { idleMs: 15_000, graceMs: 10_000, minBytesPerSecond: 8 * 1024, deadlineMs: 60 * 60_000 };

export const CLIENT_GONE_MESSAGE = "The client closed the connection before its body arrived";

/** Why a body was not taken; `status` null when the client went away (nobody to answer). */
export interface BodyRefusal {
  status: 408 | 413 | null;
  message: string;
}

/** The whole body, or the refusal; the caller answers a refusal. */
export function readWholeBody(req: Req, limit: BodyLimit): Promise<Buffer | BodyRefusal> {
  return new Promise((resolve) => {
    const fields = new FieldCounter(req.headers["content-type"]);
    const chunks: Buffer[] = [];
    let bytes = 0;
    let settled = false;
    const settle = (result: Buffer | BodyRefusal) => {
      if (settled) return;
      settled = true;
      watch.stop();
      req.off("data", onData);
      if (!Buffer.isBuffer(result)) req.resume();
      resolve(result);
    };
    const watch = new BodyPaceWatch(FORM_BODY_PACE, () => settle({ status: 408, message: BODY_TOO_SLOW_MESSAGE }));
    const onData = (chunk: Buffer) => {
      watch.saw(chunk.length);
      bytes += chunk.length;
      if (bytes > limit.maxBytes) return settle({ status: 413, message: bodyTooLargeMessage(limit) });
      if (fields.push(chunk) > limit.maxFields) return settle({ status: 413, message: tooManyFieldsMessage(limit) });
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => settle(Buffer.concat(chunks)));
    req.once("error", () => settle({ status: null, message: CLIENT_GONE_MESSAGE }));
    req.once("close", () => settle(req.complete ? Buffer.concat(chunks) : { status: null, message: CLIENT_GONE_MESSAGE }));
  });
}

/**
 * The body as a stream that stops at the limits and the pace. `onRefused` answers the client (413 or 408); the
 * stream then fails, as it does when the client goes away, so the app never waits on a body that will not come.
 */
export function streamedBody(req: Req, limit: BodyLimit, onRefused: (refusal: BodyRefusal) => void): Transform {
  const fields = new FieldCounter(req.headers["content-type"]);
  let bytes = 0;
  const fail = (refusal: BodyRefusal) => {
    watch.stop();
    if (refusal.status !== null) onRefused(refusal);
    req.unpipe(guard);
    req.resume();
    return new Error(refusal.message);
  };
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      watch.saw(chunk.length);
      bytes += chunk.length;
      if (bytes > limit.maxBytes) return callback(fail({ status: 413, message: bodyTooLargeMessage(limit) }));
      if (fields.push(chunk) > limit.maxFields) return callback(fail({ status: 413, message: tooManyFieldsMessage(limit) }));
      callback(null, chunk);
    },
    flush(callback) {
      watch.stop();
      callback();
    },
  });
  const watch = new BodyPaceWatch(UPLOAD_BODY_PACE, () => guard.destroy(fail({ status: 408, message: BODY_TOO_SLOW_MESSAGE })));
  // pipe() passes neither an abort nor an error on: without this the app would wait for the rest forever.
  req.once("close", () => {
    if (!req.complete) guard.destroy(fail({ status: null, message: CLIENT_GONE_MESSAGE }));
  });
  req.once("error", () => guard.destroy(fail({ status: null, message: CLIENT_GONE_MESSAGE })));
  guard.once("close", () => watch.stop());
  req.pipe(guard);
  return guard;
}
