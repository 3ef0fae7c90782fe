/**
 * The portfolio report's PDF written alongside the report job: the job hands over each row's appendix cells as it
 * goes and the first pages' data once every row has passed; the document is drawn then, on this thread (the first
 * pages need every row's totals, and the appendix lists only the first PDF_APPENDIX_MAX_ROWS rows).
 *
 * It was drawn on a worker thread while the appendix listed every row, so that drawing ran beside the pass. With the
 * appendix capped the worker drew nothing before the end, and then a fresh isolate loaded pdfkit and drew the
 * document with far more RSS and time than drawing it here, yielding every 100 rows (the longest turn is the first
 * pages). bench/README.md has the figures.
 */
import {
  PDF_APPENDIX_MAX_ROWS,
  PortfolioPdfWriter,
  PORTFOLIO_PDF_TITLE,
  type PortfolioPdfFront,
} from "./portfolio-pdf.server";

/** A portfolio PDF being written: rows in, then the first pages' data; writeTo's promise settles with the file. */
export interface PortfolioPdfSink {
  /** Starts the file at `target`; settles once it is complete (or failed). */
  writeTo(target: string): Promise<void>;
  /** One row's appendix cells; a promise to wait for while the writer is behind. */
  row(cells: string[]): Promise<void> | null;
  /** The first pages' data, once every row has been handed over. */
  finish(front: PortfolioPdfFront): void;
  /** Stops the writer; the file is left unfinished for the caller to discard, and writeTo's promise rejects. */
  abort(reason?: Error): Promise<void>;
}

/** The PDF writer for a report job. */
export function portfolioPdfSink(title = PORTFOLIO_PDF_TITLE): PortfolioPdfSink {
  return new PortfolioPdfSinkOnThisThread(title);
}

class PortfolioPdfSinkOnThisThread implements PortfolioPdfSink {
  private writer: PortfolioPdfWriter | null = null;
  /** Rows handed over before the file was started: the appendix's first ones, the rest only counted. */
  private readonly unsent: string[][] = [];
  private notKept = 0;
  private front: PortfolioPdfFront | null = null;
  private failure: Error | null = null;
  private completed = false;
  private finished: { resolve: () => void; reject: (error: Error) => void } | null = null;

  constructor(private readonly title: string) {}

  writeTo(target: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const written = new Promise<void>((resolve, reject) => (this.finished = { resolve, reject }));
    const writer = (this.writer = new PortfolioPdfWriter(target, this.title));
    // A target that fails (no folder, a full disk) stops the job's pass at its next row, not at the end.
    writer.done.catch((error: Error) => this.fail(error));
    for (const cells of this.unsent.splice(0)) writer.row(cells);
    writer.countRows(this.notKept);
    if (this.front) this.complete(this.front);
    return written;
  }

  row(cells: string[]): Promise<void> | null {
    if (this.failure) return Promise.reject(this.failure);
    if (this.writer) return this.writer.row(cells);
    if (this.unsent.length < PDF_APPENDIX_MAX_ROWS) this.unsent.push(cells);
    else this.notKept++;
    return null;
  }

  finish(front: PortfolioPdfFront): void {
    this.front = front;
    if (this.writer) this.complete(front);
  }

  async abort(reason = new Error("the PDF was stopped before it was complete")): Promise<void> {
    if (this.completed) return;
    this.fail(reason);
    this.unsent.length = 0;
    await this.writer?.abort();
  }

  private complete(front: PortfolioPdfFront) {
    this.writer!.finish(front).then(
      () => {
        if (this.failure) return;
        this.completed = true;
        this.finished?.resolve();
      },
      (error: Error) => this.fail(error),
    );
  }

  private fail(error: Error) {
    if (this.failure || this.completed) return;
    this.failure = error;
    this.finished?.reject(error);
  }
}
