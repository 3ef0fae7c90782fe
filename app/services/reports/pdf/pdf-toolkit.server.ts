/**
 * The PDF toolkit every PDF of the site shares (report files, invoices, documents, the pricing list): the brand's
 * colours, text made safe for the standard fonts, markdown drawn into a document and a whole small PDF in memory;
 * and for the report files, a document written page by page to a file or stream (pages sent on as they fill, so a
 * long per-location appendix does not grow memory) with its headings, paragraphs and tables.
 */
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import type { Writable } from "node:stream";
import PDFDocument from "pdfkit";
import { marked, type Token, type Tokens } from "marked";
import { SITE_NAME } from "~/domain/content/site";

/** Characters the built-in PDF fonts (WinAnsi) lack, with readable stand-ins. */
const REPLACEMENTS: Record<string, string> = {
  "\u2212": "-",
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2192": "->",
  "\u2190": "<-",
  "\u2194": "<->",
  "\u2248": "~",
  "\u2260": "!=",
  "\u2211": "sum ",
  "\u03a3": "sum ",
  "\u0394": "delta ",
  "\u2206": "delta ",
  "\u221a": "sqrt",
  "\u2032": "'",
  "\u2033": '"',
  "\u2009": " ",
  "\u202f": " ",
  "\u00a0": " ",
  "\u2011": "-",
  "\u2010": "-",
  "\u2026": "...",
};
const WIN_ANSI_EXTRA = new Set([
  402, 8211, 8212, 8216, 8217, 8218, 8220, 8221, 8222, 8224, 8225, 8226, 8230, 8364, 8240, 8249, 8250, 710, 8482, 338,
  339, 732, 352, 353, 376, 381, 382,
]);

/** Text safe for the standard PDF fonts: known symbols spelled out, anything else unprintable becomes "?". */
export function pdfSafeText(text: string): string {
  let out = "";
  for (const ch of text) {
    const replaced = REPLACEMENTS[ch];
    if (replaced !== undefined) {
      out += replaced;
      continue;
    }
    const code = ch.codePointAt(0)!;
    out += code < 256 || WIN_ANSI_EXTRA.has(code) ? ch : "?";
  }
  return out;
}

interface Segment {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
}

const FONTS = {
  regular: "Helvetica",
  bold: "Helvetica-Bold",
  italic: "Helvetica-Oblique",
  boldItalic: "Helvetica-BoldOblique",
  code: "Courier",
};
/** The brand's colours in every PDF: headings, body text, secondary text. */
export const BRAND = "#0f5a4f";
export const TEXT = "#1e293b";
export const MUTED = "#475569";

function decodeEntities(text: string) {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

function inlineSegments(tokens: Token[] | undefined, style: Omit<Segment, "text"> = {}): Segment[] {
  const out: Segment[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        out.push(...inlineSegments((token as Tokens.Strong).tokens, { ...style, bold: true }));
        break;
      case "em":
        out.push(...inlineSegments((token as Tokens.Em).tokens, { ...style, italic: true }));
        break;
      case "codespan":
        out.push({ ...style, code: true, text: decodeEntities((token as Tokens.Codespan).text) });
        break;
      case "link":
        out.push(...inlineSegments((token as Tokens.Link).tokens, style));
        break;
      case "br":
        out.push({ ...style, text: "\n" });
        break;
      default:
        if ("tokens" in token && Array.isArray(token.tokens) && token.tokens.length)
          out.push(...inlineSegments(token.tokens, style));
        else if ("text" in token && typeof token.text === "string")
          out.push({ ...style, text: decodeEntities(token.text) });
    }
  }
  return out;
}

function fontFor(segment: Segment) {
  if (segment.code) return FONTS.code;
  if (segment.bold && segment.italic) return FONTS.boldItalic;
  if (segment.bold) return FONTS.bold;
  if (segment.italic) return FONTS.italic;
  return FONTS.regular;
}

export type Doc = InstanceType<typeof PDFDocument>;

function writeSegments(
  doc: Doc,
  segments: Segment[],
  options: PDFKit.Mixins.TextOptions & { x?: number; size?: number } = {},
) {
  const { x, size = 10.5, ...rest } = options;
  const parts = segments.filter((s) => s.text.length > 0);
  if (!parts.length) return;
  parts.forEach((segment, index) => {
    doc.font(fontFor(segment)).fontSize(segment.code ? size - 1 : size);
    const text = pdfSafeText(segment.text.replace(/\s*\n\s*/g, segment.code ? "\n" : " "));
    const opts = { ...rest, continued: index < parts.length - 1 };
    if (index === 0 && x !== undefined) doc.text(text, x, doc.y, opts);
    else doc.text(text, opts);
  });
  doc.font(FONTS.regular);
}

function ensureMarkdownSpace(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function renderList(doc: Doc, list: Tokens.List, depth: number) {
  const indent = doc.page.margins.left + 14 * (depth + 1);
  list.items.forEach((item, index) => {
    ensureMarkdownSpace(doc, 20);
    const marker = list.ordered ? `${(Number(list.start) || 1) + index}.` : "\u2022";
    const y = doc.y;
    doc
      .font(FONTS.regular)
      .fontSize(10.5)
      .fillColor(TEXT)
      .text(marker, indent - 12, y, { width: 12 });
    doc.y = y;
    const textTokens: Token[] = [];
    for (const child of item.tokens) {
      if (child.type === "list") continue;
      if (child.type === "text" && (child as Tokens.Text).tokens) textTokens.push(...(child as Tokens.Text).tokens!);
      else if (child.type === "paragraph") textTokens.push(...(child as Tokens.Paragraph).tokens);
      else textTokens.push(child);
    }
    writeSegments(doc, inlineSegments(textTokens), {
      x: indent,
      width: doc.page.width - doc.page.margins.right - indent,
    });
    for (const child of item.tokens) if (child.type === "list") renderList(doc, child as Tokens.List, depth + 1);
    doc.moveDown(0.2);
  });
  doc.x = doc.page.margins.left;
}

function renderTable(doc: Doc, table: Tokens.Table) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const columns = table.header.length;
  const colWidth = width / columns;
  const cellText = (cell: Tokens.TableCell) =>
    pdfSafeText(
      inlineSegments(cell.tokens)
        .map((s) => s.text)
        .join(""),
    );
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? FONTS.bold : FONTS.regular).fontSize(9);
    const height = Math.max(...cells.map((c) => doc.heightOfString(c, { width: colWidth - 8 }))) + 6;
    ensureMarkdownSpace(doc, height);
    const y = doc.y;
    if (bold) doc.rect(left, y, width, height).fill("#eef8f6");
    doc.fillColor(TEXT);
    cells.forEach((c, i) => doc.text(c, left + i * colWidth + 4, y + 3, { width: colWidth - 8 }));
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .lineWidth(0.5)
      .strokeColor("#cbd5e1")
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };
  drawRow(table.header.map(cellText), true);
  for (const row of table.rows) drawRow(row.map(cellText), false);
  doc.moveDown(0.6);
}

/** Renders Markdown (headings, paragraphs, lists, tables, code, quotes) into an open PDF document. */
export function renderMarkdownIntoPdf(doc: Doc, markdown: string) {
  const tokens = marked.lexer(markdown, { gfm: true });
  for (const token of tokens) {
    doc.x = doc.page.margins.left;
    switch (token.type) {
      case "heading": {
        const heading = token as Tokens.Heading;
        const size = heading.depth <= 1 ? 18 : heading.depth === 2 ? 14 : 12;
        ensureMarkdownSpace(doc, size * 3);
        doc.moveDown(heading.depth <= 2 ? 0.8 : 0.5);
        doc.fillColor(heading.depth <= 2 ? BRAND : TEXT);
        writeSegments(doc, inlineSegments(heading.tokens, { bold: true }), { size });
        doc.fillColor(TEXT).moveDown(0.3);
        break;
      }
      case "paragraph":
        doc.fillColor(TEXT);
        writeSegments(doc, inlineSegments((token as Tokens.Paragraph).tokens), { align: "left", lineGap: 2 });
        doc.moveDown(0.6);
        break;
      case "list":
        renderList(doc, token as Tokens.List, 0);
        doc.moveDown(0.4);
        break;
      case "table":
        renderTable(doc, token as Tokens.Table);
        break;
      case "code":
        doc
          .font(FONTS.code)
          .fontSize(9)
          .fillColor(MUTED)
          .text(pdfSafeText((token as Tokens.Code).text), { lineGap: 1 });
        doc.font(FONTS.regular).fillColor(TEXT).moveDown(0.6);
        break;
      case "blockquote":
        doc.fillColor(MUTED);
        writeSegments(doc, inlineSegments((token as Tokens.Blockquote).tokens, { italic: true }), {
          x: doc.page.margins.left + 12,
        });
        doc.fillColor(TEXT).moveDown(0.6);
        break;
      case "hr":
        doc.moveDown(0.3);
        doc
          .moveTo(doc.page.margins.left, doc.y)
          .lineTo(doc.page.width - doc.page.margins.right, doc.y)
          .strokeColor("#cbd5e1")
          .stroke();
        doc.moveDown(0.6);
        break;
      default:
        break;
    }
  }
}

export interface PdfOptions {
  title: string;
  subtitle?: string;
  siteName: string;
  /** Fixed for reproducible output in tests; defaults to now. */
  date?: Date;
}

/** A branded A4 document: cover heading, the body drawn by `draw`, page numbers in the footer. */
export function buildPdf(options: PdfOptions, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margins: { top: 56, bottom: 64, left: 56, right: 56 },
      bufferPages: true,
      info: {
        Title: pdfSafeText(options.title),
        Author: options.siteName,
        Creator: options.siteName,
        CreationDate: options.date ?? new Date(),
      },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      doc.font(FONTS.bold).fontSize(10).fillColor(BRAND).text(options.siteName.toUpperCase(), { characterSpacing: 1 });
      doc.moveDown(0.5);
      doc.font(FONTS.bold).fontSize(22).fillColor(TEXT).text(pdfSafeText(options.title));
      if (options.subtitle) doc.font(FONTS.regular).fontSize(11).fillColor(MUTED).text(pdfSafeText(options.subtitle));
      doc.moveDown(1).fillColor(TEXT);
      draw(doc);
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        const bottom = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc
          .font(FONTS.regular)
          .fontSize(8)
          .fillColor(MUTED)
          .text(
            `${pdfSafeText(options.title)} - page ${i + 1} of ${range.count}`,
            doc.page.margins.left,
            doc.page.height - 40,
            {
              width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
              align: "center",
            },
          );
        doc.page.margins.bottom = bottom;
      }
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

const RULE = "#cbd5e1";

export function t(s: string | number | null | undefined): string {
  return pdfSafeText(s === null || s === undefined ? "" : String(s));
}

/** Bytes a file stream takes per write: a large PDF goes out in a few big writes rather than thousands of 16 KB ones. */
const FILE_WRITE_BYTES = 1 << 20;
/**
 * Bytes of finished PDF a writer may hold before it waits for the file. pdfkit pushes what it writes without
 * backpressure: a 1M-row appendix outran its file and held its small buffers until the end.
 */
const PDF_BACKLOG_BYTES = 4 << 20;

export interface OpenDoc {
  doc: Doc;
  /** Settles when the whole document is in its target. */
  done: Promise<void>;
  /** Waits while more than PDF_BACKLOG_BYTES wait for the target: a long writer calls it between rows. */
  caughtUp: () => Promise<void> | null;
  /** Stops writing and closes the target, the document unfinished (its caller discards the file). */
  abort: () => Promise<void>;
  /** Numbers every page in its footer and ends the document (then await `done`). */
  end: () => void;
  /** Numbers the pages drawn so far and sends them to the target: for a long table, before each new page. */
  flushPages: () => void;
}

/** A report's page: pdfkit's addPage takes its size and margins from the options it is given, not the document's. */
const REPORT_PAGE = { size: "A4", margins: { top: 50, bottom: 56, left: 50, right: 50 } } as const;

/** Starts a new A4 page of a report, in the given layout or the current page's. */
export function addReportPage(doc: Doc, layout?: "portrait" | "landscape") {
  doc.addPage({ ...REPORT_PAGE, layout: layout ?? (doc.page.width > doc.page.height ? "landscape" : "portrait") });
}

export function openDoc(
  target: string | Writable,
  title: string,
  backlogBytes = PDF_BACKLOG_BYTES,
  /** The first page's layout; null when the caller adds the first page itself. */
  firstPageLayout: "portrait" | "landscape" | null = "portrait",
): OpenDoc {
  const stream = typeof target === "string" ? createWriteStream(target, { highWaterMark: FILE_WRITE_BYTES }) : target;
  const doc = new PDFDocument({
    ...REPORT_PAGE,
    autoFirstPage: false,
    // Pages stay open until the end, when each gets its numbered footer (pdfkit's switchToPage).
    bufferPages: true,
    info: { Title: t(title), Author: SITE_NAME, Creator: SITE_NAME },
  });
  const done = new Promise<void>((resolve, reject) => {
    stream.on("finish", () => resolve());
    stream.on("close", () => resolve());
    stream.on("error", reject);
    doc.on("error", reject);
  });
  // A writer that stops at the target's error (caughtUp) may never await `done`: its rejection is not unhandled.
  done.catch(() => undefined);
  doc.pipe(stream);
  if (firstPageLayout) addReportPage(doc, firstPageLayout);
  const behind = () => doc.readableLength > backlogBytes && stream.writableNeedDrain && !stream.destroyed;
  const caughtUp = () => (behind() ? waitForDrain(stream, behind) : null);
  const abort = async () => {
    doc.unpipe(stream);
    if (!stream.destroyed) {
      const closed = once(stream, "close").catch(() => undefined);
      stream.destroy();
      await closed;
    }
  };
  const footer = (n: number) => `${SITE_NAME} - ${t(title)} - page ${n}`;
  const end = () => {
    numberPages(doc, footer);
    doc.end();
  };
  const flushPages = () => {
    const { x, y } = doc;
    numberPages(doc, footer);
    doc.flushPages();
    doc.x = x;
    doc.y = y;
  };
  return { doc, done, caughtUp, abort, end, flushPages };
}

const FOOTER_SIZE = 7.5;
/** Top of the footer line, above the page's bottom edge. */
const FOOTER_FROM_BOTTOM = 34;

/**
 * Writes every buffered page's footer, "… page n", centred below the page's bottom margin. Pages are buffered
 * (pdfkit's bufferPages) until numbered; a page's number is its place in the document, known once it is added.
 */
function numberPages(doc: Doc, footerText: (page: number) => string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const { page } = doc;
    const bottom = page.margins.bottom;
    // Text below the bottom margin would start a new page: the margin is lifted while the footer is written.
    page.margins.bottom = 0;
    const text = footerText(i + 1);
    doc.font("Helvetica").fontSize(FOOTER_SIZE).fillColor(MUTED);
    const x = page.margins.left + (page.width - page.margins.left - page.margins.right - doc.widthOfString(text)) / 2;
    doc.text(text, x, page.height - FOOTER_FROM_BOTTOM, { lineBreak: false });
    page.margins.bottom = bottom;
  }
}

/** Resolves once the target has drained enough or closed; rejects with the target's error. */
async function waitForDrain(stream: Writable, behind: () => boolean) {
  while (behind()) {
    const stop = new AbortController();
    try {
      await Promise.race([
        once(stream, "drain", { signal: stop.signal }),
        once(stream, "close", { signal: stop.signal }),
      ]);
    } finally {
      stop.abort();
    }
  }
}

export function contentWidth(doc: Doc) {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

export function ensureSpace(doc: Doc, height: number, layout?: "landscape" | "portrait") {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) addReportPage(doc, layout);
}

export function heading(doc: Doc, text: string, size = 15) {
  ensureSpace(doc, size * 3);
  doc.moveDown(0.4).font("Helvetica-Bold").fontSize(size).fillColor(BRAND).text(t(text), doc.page.margins.left);
  doc.moveDown(0.3).font("Helvetica").fontSize(9.5).fillColor(TEXT);
}

export function para(doc: Doc, text: string, opts: { size?: number; colour?: string } = {}) {
  doc
    .font("Helvetica")
    .fontSize(opts.size ?? 9.5)
    .fillColor(opts.colour ?? TEXT)
    .text(t(text), doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.3);
}

export interface Column {
  header: string;
  width: number;
  align?: "left" | "right" | "center";
}

/** The text cut to fit a width in the current font, with "..." when cut. */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let lo = 0,
    hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (doc.widthOfString(`${text.slice(0, mid)}...`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}...`;
}

type TableOptions = {
  size?: number;
  layout?: "landscape" | "portrait";
  /** Called before the table starts a new page (OpenDoc.flushPages sends the full pages on). */
  beforeNewPage?: () => void;
};

/** A simple grid table; repeats its header on a new page. */
export function table(doc: Doc, columns: Column[], rows: string[][], opts: TableOptions = {}) {
  const writer = tableWriter(doc, columns, opts);
  for (const r of rows) writer.row(r);
  writer.end();
}

/**
 * A table written a row at a time: its header once, then again on each new page. Each cell is one line, cut to
 * its column's width and placed by its alignment, so pdfkit writes it without its line wrapper.
 */
export function tableWriter(
  doc: Doc,
  columns: Column[],
  opts: TableOptions = {},
): { row: (cells: string[]) => void; end: () => void } {
  const size = opts.size ?? 8;
  const rowH = size + 6;
  const left = doc.page.margins.left;
  const total = columns.reduce((a, c) => a + c.width, 0);
  const drawRow = (cells: string[], bold: boolean) => {
    ensureSpace(doc, rowH + 2, opts.layout);
    const y = doc.y;
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(size)
      .fillColor(TEXT);
    const count = Math.min(cells.length, columns.length);
    let x = left;
    for (let i = 0; i < count; i++) {
      const c = columns[i]!;
      // a short row's last cell spans the remaining columns
      const spans = i === cells.length - 1 && i < columns.length - 1;
      const width = spans ? total - (x - left) : c.width;
      const text = fit(doc, t(cells[i] ?? "").replace(/\s*\n\s*/g, " "), width - 4);
      if (text) {
        const align = spans ? "left" : (c.align ?? "left");
        const inner = width - 4;
        const dx =
          align === "left"
            ? 0
            : align === "right"
              ? inner - doc.widthOfString(text.replace(/\s+$/, ""))
              : (inner - doc.widthOfString(text)) / 2;
        doc.text(text, x + 2 + dx, y + 3, { lineBreak: false });
      }
      x += c.width;
    }
    doc
      .moveTo(left, y + rowH)
      .lineTo(left + total, y + rowH)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    doc.x = left;
    doc.y = y + rowH;
  };
  drawRow(
    columns.map((c) => c.header),
    true,
  );
  return {
    row(cells) {
      if (doc.y + rowH + 2 > doc.page.height - doc.page.margins.bottom) {
        opts.beforeNewPage?.();
        addReportPage(doc, opts.layout);
        drawRow(
          columns.map((c) => c.header),
          true,
        );
      }
      drawRow(cells, false);
    },
    end() {
      doc.moveDown(0.6);
    },
  };
}
