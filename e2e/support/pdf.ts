import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export type PdfPage = { width: number; height: number; text: string };

/** 1 mm in PDF points. */
export const PT_PER_MM = 72 / 25.4;

/** The pages of a PDF Chromium printed: each page's size in points and its text, runs joined by spaces. */
export async function readPdf(data: Buffer): Promise<PdfPage[]> {
  const document = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const pages: PdfPage[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const [, , width = 0, height = 0] = page.view;
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ("str" in item ? item.str : ""))
      .join(" ")
      .replace(/\s+/g, " ");
    pages.push({ width, height, text });
  }
  await document.destroy();
  return pages;
}
