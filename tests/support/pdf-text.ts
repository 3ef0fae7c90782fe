/** Text of a PDF, page by page, through pdfjs (the reader browsers use), for tests. */
import { createRequire } from "node:module";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

export async function pdfPages(data: Uint8Array): Promise<string[]> {
  const doc = await getDocument({
    data: new Uint8Array(data),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ("str" in it ? it.str : "")).join(" "));
  }
  await doc.destroy();
  return pages;
}

export async function pdfText(data: Uint8Array): Promise<string> {
  return (await pdfPages(data)).join("\n");
}

/** Each page's width and height in points, rounded to the point. */
export async function pdfPageSizes(data: Uint8Array): Promise<Array<[number, number]>> {
  const doc = await getDocument({
    data: new Uint8Array(data),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  const sizes: Array<[number, number]> = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const { width, height } = (await doc.getPage(i)).getViewport({ scale: 1 });
    sizes.push([Math.round(width), Math.round(height)]);
  }
  await doc.destroy();
  return sizes;
}
