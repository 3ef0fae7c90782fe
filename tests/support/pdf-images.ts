/** Pages of a PDF drawn as PNG images through pdfjs (its Node canvas), for the screenshots in docs/screenshots. */
import { createRequire } from "node:module";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

/** Each page whose text contains `marker`, drawn `width` pixels wide. */
export async function pdfPageImages(data: Uint8Array, marker: string, width: number): Promise<Buffer[]> {
  const doc = await getDocument({
    data: new Uint8Array(data),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  const images: Buffer[] = [];
  try {
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const text = (await page.getTextContent()).items
        .map((it) => ("str" in it ? it.str : ""))
        .join(" ")
        .replace(/\s+/g, " ");
      if (!text.includes(marker)) continue;
      const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
      // pdfjs's own canvas factory: in Node it draws on @napi-rs/canvas, which it installs with itself.
      const factory = doc.canvasFactory as {
        create: (
          w: number,
          h: number,
        ) => { canvas: { toBuffer: (type: "image/png") => Buffer }; context: CanvasRenderingContext2D };
      };
      const { canvas, context } = factory.create(Math.round(viewport.width), Math.round(viewport.height));
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, viewport.width, viewport.height);
      await page.render({ canvasContext: context, viewport }).promise;
      images.push(canvas.toBuffer("image/png"));
    }
  } finally {
    await doc.destroy();
  }
  return images;
}
