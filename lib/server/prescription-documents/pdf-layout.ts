import "server-only";

// The one A4 layout of the documents we print (the prescription, the letter to the GP): points,
// colours, and the two building blocks both use (a ruled section heading, a label and value).
export const MARGIN = 50;
export const PAGE_WIDTH = 595.28;
export const CONTENT_WIDTH = PAGE_WIDTH - MARGIN * 2;
export const INK = "#1c1f23";
export const MUTED = "#4a5059";
const RULE = "#d6d1c4";

// pdfkit loads its standard fonts at run time through its own package.json "imports"
// (createRequire from its own file), which a bundled copy cannot resolve: Node loads it
// from node_modules instead of the server bundle.
async function loadPdfKit(): Promise<typeof import("pdfkit")> {
  const loaded = await import(/* webpackIgnore: true */ "pdfkit");
  return loaded.default;
}

/** A new one-page A4 document and the promise of its bytes once `end()` is called. `compress: false` keeps the text readable for tests. */
export async function newA4Document(info: { title: string; author: string; createdAt: Date }, compress = true): Promise<{ pdf: PDFKit.PDFDocument; finished: Promise<Buffer> }> {
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument({ size: "A4", margin: MARGIN, compress, lang: "en-GB", displayTitle: true, info: { Title: info.title, Author: info.author, CreationDate: info.createdAt } });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  return { pdf, finished };
}

/** A ruled section heading across the page. */
export function section(pdf: PDFKit.PDFDocument, title: string) {
  pdf.moveDown(0.8);
  const y = pdf.y;
  pdf.lineWidth(0.75).strokeColor(RULE).moveTo(MARGIN, y).lineTo(MARGIN + CONTENT_WIDTH, y).stroke();
  pdf.font("Helvetica-Bold").fontSize(12).fillColor(INK).text(title, MARGIN, y + 8, { width: CONTENT_WIDTH });
  pdf.moveDown(0.3);
}

/** A label in the left column, its value beside it. */
export function field(pdf: PDFKit.PDFDocument, label: string, value: string) {
  const y = pdf.y;
  pdf.font("Helvetica").fontSize(10).fillColor(MUTED).text(label, MARGIN, y, { width: 110 });
  pdf.font("Helvetica").fontSize(11).fillColor(INK).text(value, MARGIN + 120, y, { width: CONTENT_WIDTH - 120 });
  pdf.y = Math.max(pdf.y, y + 14) + 3;
}
