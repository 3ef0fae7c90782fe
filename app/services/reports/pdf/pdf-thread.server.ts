/**
 * The portfolio report's PDF written on a worker thread, so that drawing it (text layout, kerning, page
 * compression: a third of a large report's work) runs on the second core while the job assesses the rows and
 * writes the workbook on the main one. The job hands over each row's appendix cells as it goes, in batches, and
 * the first pages' data once every row has passed; the worker writes the file. Without a built worker entry (the
 * development compiler), the same writer runs on this thread.
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { logger } from "../../infra/logger.server";
import { PDF_APPENDIX_MAX_ROWS, PortfolioPdfWriter, PORTFOLIO_PDF_TITLE, type PortfolioPdfFront } from "./pdf.server";

export type PdfThreadRequest =
  | { type: "open"; target: string; title: string }
  | { type: "rows"; rows: string[][] }
  | { type: "finish"; front: PortfolioPdfFront; notSent: number };
export type PdfThreadReply = { type: "drawn" } | { type: "done" } | { type: "failed"; message: string };

/** Appendix rows per message to the worker. */
const ROWS_PER_BATCH = 1_000;
/** Batches handed over and not yet drawn before the job waits for the worker: a few MB between the threads. */
const BATCHES_IN_FLIGHT = 4;

/** A portfolio PDF being written: rows in, then the first pages' data; writeTo's promise settles with the file. */
export interface PortfolioPdfSink {
  /** Where the PDF is drawn. */
  readonly thread: "worker" | "main";
  /** Starts the file at `target`; settles once it is complete (or failed). */
  writeTo(target: string): Promise<void>;
  /** One row's appendix cells; a promise to wait for while the writer is behind. */
  row(cells: string[]): Promise<void> | null;
  /** The first pages' data, once every row has been handed over. */
  finish(front: PortfolioPdfFront): void;
  /** Stops the writer; the file is left unfinished for the caller to discard. */
  abort(reason?: Error): Promise<void>;
}

/**
 * The worker's entry: the bundle beside the server build, or, run from source (tsx, vitest), the same bundle made
 * once per process from the sources into node_modules/.cache, named by its content. Null when neither is there.
 */
async function workerEntry(): Promise<string | null> {
  const here = import.meta.url;
  if (here.endsWith(".ts")) return (sourceBundle ??= bundleFromSource());
  const built = fileURLToPath(new URL("./pdf-worker.js", here));
  return existsSync(built) ? built : null;
}

let sourceBundle: Promise<string> | null = null;

async function bundleFromSource(): Promise<string> {
  const root = new URL("../../../../", import.meta.url);
  const script = new URL("scripts/build-pdf-worker.mjs", root).href;
  const { pdfWorkerBundle } = (await import(/* @vite-ignore */ script)) as { pdfWorkerBundle: () => Promise<string> };
  const code = await pdfWorkerBundle();
  const dir = fileURLToPath(new URL("node_modules/.cache/pdf-worker/", root));
  const file = path.join(dir, `${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    await mkdir(dir, { recursive: true });
    // Written whole, then renamed: another process bundling the same sources finds either nothing or all of it.
    const partial = `${file}.${randomUUID()}.part`;
    await writeFile(partial, code);
    await rename(partial, file);
  }
  return file;
}

/** The PDF writer for a report job: on a worker thread when its entry is there, else on this thread. */
export async function portfolioPdfSink(title = PORTFOLIO_PDF_TITLE): Promise<PortfolioPdfSink> {
  const entry = await workerEntry().catch((error: unknown) => {
    logger.warn({ err: error }, "the PDF worker could not be bundled: the PDF is drawn on the main thread");
    return null;
  });
  return entry ? new PdfOnWorker(entry, title) : new PdfOnThisThread(title);
}

class PdfOnWorker implements PortfolioPdfSink {
  readonly thread = "worker";
  private readonly worker: Worker;
  private opened = false;
  private readonly unsent: PdfThreadRequest[] = [];
  private batch: string[][] = [];
  /** Rows handed over, and those past the appendix's length, which are only counted. */
  private sent = 0;
  private notSent = 0;
  private inFlight = 0;
  private failure: Error | null = null;
  private room: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private finished: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private completed = false;
  private readonly exited: Promise<unknown>;

  constructor(
    entry: string,
    private readonly title: string,
  ) {
    this.worker = new Worker(entry, { resourceLimits: { maxYoungGenerationSizeMb: 8 } });
    this.worker.on("message", (reply: PdfThreadReply) => this.received(reply));
    this.worker.on("error", (error) => this.fail(error));
    this.exited = new Promise((resolve) => this.worker.once("exit", resolve));
    this.worker.on("exit", (code) => {
      if (!this.completed) this.fail(new Error(`the PDF worker stopped (exit code ${code}) before the file was complete`));
    });
  }

  writeTo(target: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const written = new Promise<void>((resolve, reject) => (this.finished = { resolve, reject }));
    this.opened = true;
    this.worker.postMessage({ type: "open", target, title: this.title } satisfies PdfThreadRequest);
    for (const request of this.unsent.splice(0)) this.worker.postMessage(request);
    return written;
  }

  row(cells: string[]): Promise<void> | null {
    if (this.failure) return Promise.reject(this.failure);
    if (this.sent >= PDF_APPENDIX_MAX_ROWS) {
      this.notSent++;
      return null;
    }
    this.sent++;
    this.batch.push(cells);
    if (this.batch.length < ROWS_PER_BATCH) return null;
    this.sendBatch();
    if (this.inFlight < BATCHES_IN_FLIGHT) return null;
    return new Promise<void>((resolve, reject) => (this.room = { resolve, reject }));
  }

  finish(front: PortfolioPdfFront): void {
    if (this.batch.length) this.sendBatch();
    this.send({ type: "finish", front, notSent: this.notSent });
  }

  async abort(reason = new Error("the PDF was stopped before it was complete")): Promise<void> {
    if (this.completed) return;
    this.fail(reason);
    this.worker.postMessage({ type: "abort" });
    // The worker closes its file and exits; one that does not within a few seconds is stopped.
    const timer = setTimeout(() => void this.worker.terminate(), 5_000);
    await this.exited;
    clearTimeout(timer);
  }

  private sendBatch() {
    this.inFlight++;
    this.send({ type: "rows", rows: this.batch });
    this.batch = [];
  }

  private send(request: PdfThreadRequest) {
    if (this.opened) this.worker.postMessage(request);
    else this.unsent.push(request);
  }

  private received(reply: PdfThreadReply) {
    if (reply.type === "drawn") {
      this.inFlight--;
      const room = this.room;
      this.room = null;
      room?.resolve();
    } else if (reply.type === "done") {
      this.completed = true;
      this.finished?.resolve();
      void this.worker.terminate();
    } else this.fail(new Error(`the PDF could not be written: ${reply.message}`));
  }

  private fail(error: Error) {
    if (this.failure || this.completed) return;
    this.failure = error;
    this.room?.reject(error);
    this.room = null;
    this.finished?.reject(error);
  }
}

/** The same writer on this thread, for a server run without the built worker entry. */
class PdfOnThisThread implements PortfolioPdfSink {
  readonly thread = "main";
  private writer: PortfolioPdfWriter | null = null;
  private readonly unsent: string[][] = [];
  private front: PortfolioPdfFront | null = null;
  private finished: { resolve: () => void; reject: (error: Error) => void } | null = null;

  constructor(private readonly title: string) {}

  writeTo(target: string): Promise<void> {
    const writer = (this.writer = new PortfolioPdfWriter(target, this.title));
    const written = new Promise<void>((resolve, reject) => (this.finished = { resolve, reject }));
    for (const cells of this.unsent.splice(0)) writer.row(cells);
    if (this.front) this.complete(this.front);
    return written;
  }

  row(cells: string[]): Promise<void> | null {
    if (!this.writer) {
      this.unsent.push(cells);
      return null;
    }
    return this.writer.row(cells);
  }

  finish(front: PortfolioPdfFront): void {
    this.front = front;
    if (this.writer) this.complete(front);
  }

  async abort(): Promise<void> {
    await this.writer?.abort();
  }

  private complete(front: PortfolioPdfFront) {
    this.writer!.finish(front).then(
      () => this.finished?.resolve(),
      (error: Error) => this.finished?.reject(error),
    );
  }
}
