/**
 * The PDF toolkit every PDF of the site shares (report files, invoices, documents, the pricing list): the brand's
 * colours, text made safe for the standard fonts, markdown drawn into a document and a whole small PDF in memory.
 */
import PDFDocument from "pdfkit";
import { marked, type Token, type Tokens } from "marked";

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
const WIN_ANSI_EXTRA = new Set([402, 8211, 8212, 8216, 8217, 8218, 8220, 8221, 8222, 8224, 8225, 8226, 8230, 8364, 8240, 8249, 8250, 710, 8482, 338, 339, 732, 352, 353, 376, 381, 382]);

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

const FONTS = { regular: "Helvetica", bold: "Helvetica-Bold", italic: "Helvetica-Oblique", boldItalic: "Helvetica-BoldOblique", code: "Courier" };
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
        if ("tokens" in token && Array.isArray(token.tokens) && token.tokens.length) out.push(...inlineSegments(token.tokens, style));
        else if ("text" in token && typeof token.text === "string") out.push({ ...style, text: decodeEntities(token.text) });
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

type Doc = InstanceType<typeof PDFDocument>;

function writeSegments(doc: Doc, segments: Segment[], options: PDFKit.Mixins.TextOptions & { x?: number; size?: number } = {}) {
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

function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function renderList(doc: Doc, list: Tokens.List, depth: number) {
  const indent = doc.page.margins.left + 14 * (depth + 1);
  list.items.forEach((item, index) => {
    ensureSpace(doc, 20);
    const marker = list.ordered ? `${(Number(list.start) || 1) + index}.` : "\u2022";
    const y = doc.y;
    doc.font(FONTS.regular).fontSize(10.5).fillColor(TEXT).text(marker, indent - 12, y, { width: 12 });
    doc.y = y;
    const textTokens: Token[] = [];
    for (const child of item.tokens) {
      if (child.type === "list") continue;
      if (child.type === "text" && (child as Tokens.Text).tokens) textTokens.push(...(child as Tokens.Text).tokens!);
      else if (child.type === "paragraph") textTokens.push(...(child as Tokens.Paragraph).tokens);
      else textTokens.push(child);
    }
    writeSegments(doc, inlineSegments(textTokens), { x: indent, width: doc.page.width - doc.page.margins.right - indent });
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
  const cellText = (cell: Tokens.TableCell) => pdfSafeText(inlineSegments(cell.tokens).map((s) => s.text).join(""));
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? FONTS.bold : FONTS.regular).fontSize(9);
    const height = Math.max(...cells.map((c) => doc.heightOfString(c, { width: colWidth - 8 }))) + 6;
    ensureSpace(doc, height);
    const y = doc.y;
    if (bold) doc.rect(left, y, width, height).fill("#eef8f6");
    doc.fillColor(TEXT);
    cells.forEach((c, i) => doc.text(c, left + i * colWidth + 4, y + 3, { width: colWidth - 8 }));
    doc.moveTo(left, y + height).lineTo(left + width, y + height).lineWidth(0.5).strokeColor("#cbd5e1").stroke();
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
        ensureSpace(doc, size * 3);
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
        doc.font(FONTS.code).fontSize(9).fillColor(MUTED).text(pdfSafeText((token as Tokens.Code).text), { lineGap: 1 });
        doc.font(FONTS.regular).fillColor(TEXT).moveDown(0.6);
        break;
      case "blockquote":
        doc.fillColor(MUTED);
        writeSegments(doc, inlineSegments((token as Tokens.Blockquote).tokens, { italic: true }), { x: doc.page.margins.left + 12 });
        doc.fillColor(TEXT).moveDown(0.6);
        break;
      case "hr":
        doc.moveDown(0.3);
        doc.moveTo(doc.page.margins.left, doc.y).lineTo(doc.page.width - doc.page.margins.right, doc.y).strokeColor("#cbd5e1").stroke();
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
      info: { Title: pdfSafeText(options.title), Author: options.siteName, Creator: options.siteName, CreationDate: options.date ?? new Date() },
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
          .text(`${pdfSafeText(options.title)} - page ${i + 1} of ${range.count}`, doc.page.margins.left, doc.page.height - 40, {
            width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
            align: "center",
          });
        doc.page.margins.bottom = bottom;
      }
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}
