import { PassThrough, Writable, type Transform } from "node:stream";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { withoutUnwrittenViewTails } from "./rendered-html.server";

/** Streams the element as a page is streamed, through `through`, and returns the bytes. */
function streamed(element: JSX.Element, through: Transform): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => pipe(through).pipe(sink),
      onShellError: reject,
    });
  });
}

/**
 * Pages of many short text runs (as a dashboard is: React copies a run longer than a third of its view on its own)
 * that put a two-, three- and four-byte character at every offset around the end of a 2 KB view.
 */
function pagesAcrossTheViewEnd() {
  const pages: JSX.Element[] = [];
  for (const char of ["é", "·", "€", "😀"]) {
    for (let shift = 1; shift < 40; shift++) {
      pages.push(
        <main>
          {Array.from({ length: 74 }, (_, i) => (
            <i key={i}>{"a".repeat(20)}</i>
          ))}
          <p>{"b".repeat(shift)}</p>
          <p>{`Value 0.06 ${char} Confidence`}</p>
        </main>,
      );
    }
  }
  return pages;
}

describe("rendered pages carry no NUL byte", () => {
  it("React 18's stream still writes one where a multi-byte character meets its view's end (why the fix exists)", async () => {
    let withNul = 0;
    for (const page of pagesAcrossTheViewEnd()) if ((await streamed(page, new PassThrough())).includes(0)) withNul++;
    expect(withNul).toBeGreaterThan(0);
  });

  it("through withoutUnwrittenViewTails every page is exactly the markup React means, byte for byte", async () => {
    for (const page of pagesAcrossTheViewEnd()) {
      const bytes = await streamed(page, withoutUnwrittenViewTails());
      expect(bytes.includes(0)).toBe(false);
      expect(bytes.toString("utf8")).toBe(renderToStaticMarkup(page));
    }
  });

  it("leaves a chunk alone that is not a full view ending in zeros", async () => {
    const through = withoutUnwrittenViewTails();
    const out: Buffer[] = [];
    through.on("data", (c: Buffer) => out.push(c));
    through.write(Buffer.from([104, 0, 0]));
    through.write(Buffer.alloc(2048, 97));
    through.end();
    await new Promise((r) => through.once("end", r));
    expect(out.map((c) => c.length)).toEqual([3, 2048]);
  });
});
