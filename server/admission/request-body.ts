/**
 * Request bodies, watched under the route's byte and field limits and at a minimum pace, before the request asks
 * for anything. Remix reads the body from the request stream itself, so a form or JSON body is read here with
 * `read()` and, as soon as the request is complete, handed back whole with `unshift()` in the same tick (allowed
 * until 'end' is emitted): the app then reads it as if nobody had. An upload is not read here (it may be 200 MB):
 * its pace and size are followed on the socket, and the connection is cut when it falls behind.
 */
import {
  FieldCounter,
  bodyTooLargeMessage,
  tooManyFieldsMessage,
  type BodyLimit,
} from "~/domain/http/requests/request-limits";
import { BODY_TOO_SLOW_MESSAGE, BodyPaceWatch, type BodyPace } from "./body-pace";
import type { Req } from "../http";

/** Forms and JSON are a few KB: a client that cannot send them within seconds is not a browser. */
export const FORM_BODY_PACE: BodyPace = { idleMs: 10_000, graceMs: 5_000, minBytesPerSecond: 512, deadlineMs: 20_000 };
/** Uploads may be large, on slow lines, but must keep moving: 200 MB at the floor takes about 7 minutes. */
export const UPLOAD_BODY_PACE: BodyPace = {
  idleMs: 15_000,
  graceMs: 10_000,
  minBytesPerSecond: 8 * 1024,
  deadlineMs: 60 * 60_000,
};

export const CLIENT_GONE_MESSAGE = "The client closed the connection before its body arrived";

/** Why a body was not taken; `status` null when the client went away (nobody to answer). */
export interface BodyRefusal {
  status: 408 | 413 | null;
  message: string;
}

/**
 * Waits until the whole body has arrived, then leaves it unread in `req`; resolves null then, or the refusal (the
 * caller answers it; the rest of the body is discarded). `read()` is only called while bytes are buffered: a read
 * that finds the stream ended would emit 'end' before the app listens, and an empty body would never end for it.
 */
export function awaitBody(req: Req, limit: BodyLimit, pace: BodyPace = FORM_BODY_PACE): Promise<BodyRefusal | null> {
  // First look once the parser has done with what has come so far: listening for 'readable' makes the stream try a
  // read at the next tick, which emits 'end' at once if the (empty) body was complete by then.
  return new Promise((resolve) => setImmediate(() => resolve(readWhenArrived(req, limit, pace))));
}

function readWhenArrived(req: Req, limit: BodyLimit, pace: BodyPace): Promise<BodyRefusal | null> {
  if (req.complete && req.readableLength === 0) return Promise.resolve(null);
  if (req.destroyed) return Promise.resolve({ status: null, message: CLIENT_GONE_MESSAGE });
  return new Promise((resolve) => {
    const fields = new FieldCounter(req.headers["content-type"]);
    const chunks: Buffer[] = [];
    let bytes = 0;
    let settled = false;
    const settle = (refusal: BodyRefusal | null) => {
      if (settled) return;
      settled = true;
      watch.stop();
      req.off("readable", onReadable).off("error", onGone).off("close", onClose);
      if (refusal) req.resume();
      else if (chunks.length) req.unshift(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
      resolve(refusal);
    };
    const watch = new BodyPaceWatch(pace, () => settle({ status: 408, message: BODY_TOO_SLOW_MESSAGE }));
    const onReadable = () => {
      while (req.readableLength > 0) {
        const chunk = req.read() as Buffer | null;
        if (chunk === null) break;
        watch.saw(chunk.length);
        bytes += chunk.length;
        if (bytes > limit.maxBytes) return settle({ status: 413, message: bodyTooLargeMessage(limit) });
        if (fields.push(chunk) > limit.maxFields) return settle({ status: 413, message: tooManyFieldsMessage(limit) });
        chunks.push(chunk);
      }
      if (req.complete) settle(null);
    };
    const onGone = () => settle({ status: null, message: CLIENT_GONE_MESSAGE });
    const onClose = () => (req.complete ? onReadable() : onGone());
    req.on("readable", onReadable).once("error", onGone).once("close", onClose);
  });
}

/**
 * Follows an upload the app streams, by the bytes its connection has read: `onRefused` runs once when it grows
 * past the limit or falls behind its pace (the caller answers and cuts the connection). Stops when the request ends.
 */
export function watchUpload(req: Req, limit: BodyLimit, onRefused: (refusal: BodyRefusal) => void) {
  const socket = req.socket;
  const startBytes = socket.bytesRead;
  let seen = 0;
  const sample = () => {
    const now = socket.bytesRead - startBytes;
    if (now > seen) watch.saw(now - seen);
    seen = now;
    if (seen > limit.maxBytes) refused({ status: 413, message: bodyTooLargeMessage(limit) });
  };
  const refused = (refusal: BodyRefusal) => {
    stop();
    onRefused(refusal);
  };
  const watch = new BodyPaceWatch(
    UPLOAD_BODY_PACE,
    () => refused({ status: 408, message: BODY_TOO_SLOW_MESSAGE }),
    sample,
  );
  const stop = () => watch.stop();
  req.once("end", stop).once("close", stop).once("error", stop);
}
