import "server-only";
import { formatDateOfBirth, formatDispenseCode, formatDocumentDate } from "./format-document";
import { prescriptionQrPng } from "./prescription-qr";
import { PRESCRIPTION_VALIDITY_MONTHS } from "./prescription-validity";
import type { PrescriptionDocument } from "./types";

// A4 in points; the same content as the printable page (app/(account)/dashboard/prescriptions).
const MARGIN = 50;
const PAGE_WIDTH = 595.28;
const CONTENT_WIDTH = PAGE_WIDTH - MARGIN * 2;
const QR_SIZE = 120;
const INK = "#1c1f23";
const MUTED = "#4a5059";
const RULE = "#d6d1c4";

// pdfkit loads its standard fonts at run time through its own package.json "imports"
// (createRequire from its own file), which a bundled copy cannot resolve: Node loads it
// from node_modules instead of the server bundle.
async function loadPdfKit(): Promise<typeof import("pdfkit")> {
  const loaded = await import(/* webpackIgnore: true */ "pdfkit");
  return loaded.default;
}

/**
 * The prescription as a one-page A4 PDF with its QR code. Built in memory (a page of text
 * and one small image). `compress: false` keeps the content streams readable for tests.
 */
export async function renderPrescriptionPdf(document: PrescriptionDocument, options: { compress?: boolean } = {}): Promise<Buffer> {
  const [PDFDocument, qr] = await Promise.all([loadPdfKit(), prescriptionQrPng(document.verifyUrl)]);
  const pdf = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: options.compress ?? true,
    lang: "en-GB",
    displayTitle: true,
    info: { Title: `Prescription ${document.reference}`, Author: document.clinic.name, CreationDate: new Date(document.issuedAt) },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  const headerWidth = CONTENT_WIDTH - QR_SIZE - 20;
  pdf.image(qr, PAGE_WIDTH - MARGIN - QR_SIZE, MARGIN, { width: QR_SIZE });
  pdf.fillColor(MUTED).font("Helvetica").fontSize(8).text("Scan to check this prescription", PAGE_WIDTH - MARGIN - QR_SIZE, MARGIN + QR_SIZE + 2, { width: QR_SIZE, align: "center" });
  pdf.fillColor(INK).font("Helvetica-Bold").fontSize(16).text(document.clinic.name, MARGIN, MARGIN, { width: headerWidth });
  pdf.font("Helvetica").fontSize(10).fillColor(MUTED).text(document.clinic.address, { width: headerWidth });
  pdf.text(`GPhC registered pharmacy premises number ${document.clinic.gphcPremisesNumber}`, { width: headerWidth });
  pdf.moveDown(1.2);
  pdf.fillColor(INK).font("Helvetica-Bold").fontSize(20).text("Private prescription", { width: headerWidth });
  pdf.font("Helvetica").fontSize(11).text(`Reference ${document.reference}`, { width: headerWidth });
  pdf.y = Math.max(pdf.y, MARGIN + QR_SIZE + 20);

  section(pdf, "Patient");
  field(pdf, "Name", document.patientName);
  field(pdf, "Date of birth", formatDateOfBirth(document.patientDateOfBirth));
  section(pdf, "Medicine");
  field(pdf, "Medicine", document.medicine);
  field(pdf, "Dose", document.dose);
  field(pdf, "Quantity", document.quantity);
  field(pdf, "Directions", document.directions);
  section(pdf, "Prescriber");
  field(pdf, "Name", document.prescriberName);
  field(pdf, "Registration", document.prescriberRegistration);
  field(pdf, "Date issued", formatDocumentDate(document.issuedAt));
  field(pdf, "Valid until", `${formatDocumentDate(document.expiresAt)} (valid for ${PRESCRIPTION_VALIDITY_MONTHS} months from the date of issue)`);

  pdf.moveDown(0.8);
  const boxTop = pdf.y;
  pdf.font("Helvetica-Bold").fontSize(11).fillColor(INK).text("Dispensing code", MARGIN + 14, boxTop + 12, { width: CONTENT_WIDTH - 28 });
  pdf.font("Courier-Bold").fontSize(24).text(formatDispenseCode(document.dispenseCode), { width: CONTENT_WIDTH - 28, characterSpacing: 2 });
  pdf.font("Helvetica").fontSize(9).fillColor(MUTED).text(
    `For the pharmacy: check this prescription and mark it dispensed with this code at ${document.verifyUrl}. The code works once, so the prescription cannot be dispensed twice.`,
    { width: CONTENT_WIDTH - 28 },
  );
  pdf.lineWidth(1.5).strokeColor(INK).rect(MARGIN, boxTop, CONTENT_WIDTH, pdf.y - boxTop + 12).stroke();
  pdf.y += 24;

  pdf.x = MARGIN;
  pdf.font("Helvetica-Bold").fontSize(11).fillColor(INK).text(statusLine(document), { width: CONTENT_WIDTH });
  pdf.end();
  return finished;
}

function statusLine(document: PrescriptionDocument): string {
  if (document.dispensed) return `Dispensed on ${formatDocumentDate(document.dispensed.at)} by ${document.dispensed.by}.`;
  if (document.isExpired) return `Expired on ${formatDocumentDate(document.expiresAt)}: it can no longer be dispensed.`;
  return "Not yet dispensed.";
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
