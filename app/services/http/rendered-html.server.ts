/**
 * React 18's renderToPipeableStream copies text into 2 KB views with TextEncoder.encodeInto. When a multi-byte
 * character does not fit at the end of a view, the view is sent whole, its last one to three bytes never written
 * (zeros), and the character starts the next view: a page then carries U+0000 before that character ("0.06 \0·").
 * React 19 sends only the written part; until then, this stream does: a full view that ends in zeros has them cut.
 * A full view's encoded text is never otherwise followed by a zero (React writes no U+0000 of its own, and text
 * holding one is invalid HTML anyway), and nothing of the page is lost: the character is whole in the next view.
 */
import { Transform, type TransformCallback } from "node:stream";

/** react-dom/server's (Node build) view size: the only chunk length the unwritten tail can come with. */
export const REACT_VIEW_BYTES = 2048;
/** At most a four-byte character minus the byte that fits: three bytes can stay unwritten. */
const MAX_UNWRITTEN = 3;

export function withoutUnwrittenViewTails(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      if (chunk.length !== REACT_VIEW_BYTES || chunk[chunk.length - 1] !== 0) return done(null, chunk);
      let end = chunk.length;
      while (end > chunk.length - MAX_UNWRITTEN && chunk[end - 1] === 0) end--;
      done(null, chunk.subarray(0, end));
    },
  });
}
