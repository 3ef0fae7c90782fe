/**
 * Entry of the worker thread that writes a portfolio report's PDF (pdf-thread.server.ts starts it): it takes the
 * appendix rows in batches, acknowledging each once drawn, then the first pages' data, and finishes the file.
 */
import { parentPort } from "node:worker_threads";
import { PortfolioPdfWriter } from "./pdf.server";
import type { PdfThreadReply, PdfThreadRequest } from "./pdf-thread.server";

const port = parentPort;
if (!port) throw new Error("the portfolio PDF worker runs on a worker thread");

let writer: PortfolioPdfWriter | null = null;
let work: Promise<void> = Promise.resolve();
const reply = (message: PdfThreadReply) => port.postMessage(message);

async function handle(request: PdfThreadRequest): Promise<void> {
  switch (request.type) {
    case "open":
      writer = new PortfolioPdfWriter(request.target, request.title);
      return;
    case "rows":
      for (const cells of request.rows) {
        writer!.row(cells);
      }
      reply({ type: "drawn" });
      return;
    case "finish":
      writer!.countRows(request.notSent);
      await writer!.finish(request.front);
      writer = null;
      reply({ type: "done" });
  }
}

port.on("message", (request: PdfThreadRequest | { type: "abort" }) => {
  if (request.type === "abort") {
    // Out of turn: the rows still queued are not drawn; the file is closed unfinished for the caller to discard.
    const closing = writer?.abort() ?? Promise.resolve();
    writer = null;
    void closing.finally(() => port.close());
    return;
  }
  work = work
    .then(() => handle(request))
    .catch((error: unknown) => {
      reply({ type: "failed", message: error instanceof Error ? error.message : String(error) });
      const closing = writer?.abort() ?? Promise.resolve();
      writer = null;
      return closing.finally(() => port.close());
    });
});
