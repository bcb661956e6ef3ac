import "server-only";
import { formatDateOfBirth, formatDocumentDate } from "@/lib/server/prescription-documents/format-document";
import type { GpLetterDocument } from "./types";

// A4 in points, the prescription PDF's layout and library (render-prescription-pdf.ts).
const MARGIN = 50;
const PAGE_WIDTH = 595.28;
const CONTENT_WIDTH = PAGE_WIDTH - MARGIN * 2;
const INK = "#1c1f23";
const MUTED = "#4a5059";
const RULE = "#d6d1c4";

// pdfkit loads its fonts through its own package.json "imports": loaded from node_modules, not the bundle.
async function loadPdfKit(): Promise<typeof import("pdfkit")> {
  const loaded = await import(/* webpackIgnore: true */ "pdfkit");
  return loaded.default;
}

/** The letter to the patient's GP as a one-page A4 PDF. `compress: false` keeps the text readable for tests. */
export async function renderGpLetterPdf(letter: GpLetterDocument, options: { compress?: boolean } = {}): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: options.compress ?? true,
    lang: "en-GB",
    displayTitle: true,
    info: { Title: `Letter to the GP ${letter.subjectReference}`, Author: letter.clinic.name, CreationDate: new Date(letter.createdAt) },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  pdf.fillColor(INK).font("Helvetica-Bold").fontSize(16).text(letter.clinic.name, { width: CONTENT_WIDTH });
  pdf.font("Helvetica").fontSize(10).fillColor(MUTED).text(letter.clinic.address, { width: CONTENT_WIDTH });
  pdf.text(`${letter.clinic.email} · ${letter.clinic.phone}`, { width: CONTENT_WIDTH });
  pdf.text(`GPhC registered pharmacy premises number ${letter.clinic.gphcPremisesNumber}`, { width: CONTENT_WIDTH });
  pdf.moveDown(1.2);
  pdf.fillColor(INK).font("Helvetica").fontSize(11).text(letter.practiceName, { width: CONTENT_WIDTH });
  pdf.text(letter.practiceAddress, { width: CONTENT_WIDTH });
  pdf.moveDown(0.8);
  pdf.text(formatDocumentDate(letter.createdAt), { width: CONTENT_WIDTH });
  pdf.moveDown(0.8);
  pdf.font("Helvetica-Bold").fontSize(14).text("Medicine supplied to your patient", { width: CONTENT_WIDTH });
  pdf.font("Helvetica").fontSize(11).text(`Our reference ${letter.subjectReference}`, { width: CONTENT_WIDTH });
  pdf.moveDown(0.6);
  pdf.text(
    `Dear colleague, with the patient's consent we are writing to tell you about a medicine supplied by ${letter.clinic.name}, an online pharmacy, so that their records with you are complete.`,
    { width: CONTENT_WIDTH },
  );

  section(pdf, "Patient");
  field(pdf, "Name", letter.patientName);
  field(pdf, "Date of birth", letter.patientDateOfBirth ? formatDateOfBirth(letter.patientDateOfBirth) : "Not given");
  section(pdf, "What was supplied");
  field(pdf, "Medicine", letter.medicine);
  field(pdf, "Dose", letter.dose);
  field(pdf, "Why", letter.indication);
  section(pdf, "Prescriber");
  field(pdf, "Name", letter.prescriberName);
  field(pdf, "Registration", letter.prescriberRegistration);
  field(pdf, "Date", formatDocumentDate(letter.createdAt));

  pdf.moveDown(1);
  pdf.x = MARGIN;
  pdf.font("Helvetica").fontSize(10).fillColor(MUTED).text(
    `If you have information that makes this supply inappropriate, or any other concern, please contact us at ${letter.clinic.email} quoting ${letter.subjectReference}.`,
    { width: CONTENT_WIDTH },
  );
  pdf.end();
  return finished;
}

function section(pdf: PDFKit.PDFDocument, title: string) {
  pdf.moveDown(0.8);
  const y = pdf.y;
  pdf.lineWidth(0.75).strokeColor(RULE).moveTo(MARGIN, y).lineTo(MARGIN + CONTENT_WIDTH, y).stroke();
  pdf.font("Helvetica-Bold").fontSize(12).fillColor(INK).text(title, MARGIN, y + 8, { width: CONTENT_WIDTH });
  pdf.moveDown(0.3);
}

function field(pdf: PDFKit.PDFDocument, label: string, value: string) {
  const y = pdf.y;
  pdf.font("Helvetica").fontSize(10).fillColor(MUTED).text(label, MARGIN, y, { width: 110 });
  pdf.font("Helvetica").fontSize(11).fillColor(INK).text(value, MARGIN + 120, y, { width: CONTENT_WIDTH - 120 });
  pdf.y = Math.max(pdf.y, y + 14) + 3;
}
