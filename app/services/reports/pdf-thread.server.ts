/**
 * The portfolio report's PDF written on a worker thread, so that drawing it (text layout, kerning, page
 * compression) does not hold up the server's requests on the main one. The job hands over each row's appendix
 * cells as it goes and the first pages' data once every row has passed; the worker, started then, writes the file.
 * Without a built worker entry (the development compiler), the same writer runs on this thread.
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { logger } from "../infra/logger.server";
import { PDF_APPENDIX_MAX_ROWS, PortfolioPdfWriter, PORTFOLIO_PDF_TITLE, type PortfolioPdfFront } from "./pdf.server";

export type PdfThreadRequest =
  | { type: "open"; target: string; title: string }
  | { type: "rows"; rows: string[][] }
  | { type: "finish"; front: PortfolioPdfFront; notSent: number };
export type PdfThreadReply = { type: "drawn" } | { type: "done" } | { type: "failed"; message: string };

/** Appendix rows per message to the worker. */
const ROWS_PER_BATCH = 1_000;

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
  const root = new URL("../../../", import.meta.url);
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

/**
 * The appendix's rows are kept on this thread while the job passes over the file and the worker starts once the
 * first pages' data is there: the writer draws nothing before then (the first pages need every row's totals), and
 * a worker started with the job held its isolate, pdfkit and the open document (about 30 MB) through the whole pass.
 */
class PdfOnWorker implements PortfolioPdfSink {
  readonly thread = "worker";
  private worker: Worker | null = null;
  private target: string | null = null;
  private front: PortfolioPdfFront | null = null;
  private readonly kept: string[][] = [];
  /** Rows past the appendix's length, which are only counted. */
  private notSent = 0;
  private failure: Error | null = null;
  private finished: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private completed = false;
  private exited: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly entry: string,
    private readonly title: string,
  ) {}

  writeTo(target: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const written = new Promise<void>((resolve, reject) => (this.finished = { resolve, reject }));
    this.target = target;
    this.start();
    return written;
  }

  row(cells: string[]): Promise<void> | null {
    if (this.failure) return Promise.reject(this.failure);
    if (this.kept.length >= PDF_APPENDIX_MAX_ROWS) this.notSent++;
    else this.kept.push(cells);
    return null;
  }

  finish(front: PortfolioPdfFront): void {
    this.front = front;
    this.start();
  }

  async abort(reason = new Error("the PDF was stopped before it was complete")): Promise<void> {
    if (this.completed) return;
    this.fail(reason);
    this.kept.length = 0;
    const worker = this.worker;
    if (!worker) return;
    worker.postMessage({ type: "abort" });
    // The worker closes its file and exits; one that does not within a few seconds is stopped.
    const timer = setTimeout(() => void worker.terminate(), 5_000);
    await this.exited;
    clearTimeout(timer);
  }

  /** Once both the file and the first pages' data are known: the worker draws the whole document. */
  private start() {
    if (this.worker || this.failure || this.target === null || this.front === null) return;
    const worker = (this.worker = new Worker(this.entry, { resourceLimits: { maxYoungGenerationSizeMb: 8 } }));
    worker.on("message", (reply: PdfThreadReply) => this.received(reply));
    worker.on("error", (error) => this.fail(error));
    this.exited = new Promise((resolve) => worker.once("exit", resolve));
    worker.on("exit", (code) => {
      if (!this.completed) this.fail(new Error(`the PDF worker stopped (exit code ${code}) before the file was complete`));
    });
    worker.postMessage({ type: "open", target: this.target, title: this.title } satisfies PdfThreadRequest);
    for (let i = 0; i < this.kept.length; i += ROWS_PER_BATCH)
      worker.postMessage({ type: "rows", rows: this.kept.slice(i, i + ROWS_PER_BATCH) } satisfies PdfThreadRequest);
    this.kept.length = 0;
    worker.postMessage({ type: "finish", front: this.front, notSent: this.notSent } satisfies PdfThreadRequest);
  }

  private received(reply: PdfThreadReply) {
    if (reply.type === "drawn") return;
    if (reply.type === "done") {
      this.completed = true;
      this.finished?.resolve();
      void this.worker?.terminate();
    } else this.fail(new Error(`the PDF could not be written: ${reply.message}`));
  }

  private fail(error: Error) {
    if (this.failure || this.completed) return;
    this.failure = error;
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
