import "server-only";
import { formatCalendarDate, formatLongDate } from "@/lib/format/dates";
import { formatDispenseCode } from "./format-document";
import { prescriptionQrPng } from "./prescription-qr";
import { PRESCRIPTION_VALIDITY_MONTHS } from "./prescription-validity";
import { CONTENT_WIDTH, field, INK, MARGIN, MUTED, newA4Document, PAGE_WIDTH, section } from "./pdf-layout";
import type { PrescriptionDocument } from "./types";

const QR_SIZE = 120;

/**
 * The prescription as a one-page A4 PDF with its QR code. Built in memory (a page of text
 * and one small image). `compress: false` keeps the content streams readable for tests.
 */
export async function renderPrescriptionPdf(document: PrescriptionDocument, options: { compress?: boolean } = {}): Promise<Buffer> {
  const [{ pdf, finished }, qr] = await Promise.all([
    newA4Document({ title: `Prescription ${document.reference}`, author: document.clinic.name, createdAt: new Date(document.issuedAt) }, options.compress ?? true),
    prescriptionQrPng(document.verifyUrl),
  ]);

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
  field(pdf, "Date of birth", formatCalendarDate(document.patientDateOfBirth));
  section(pdf, "Medicine");
  field(pdf, "Medicine", document.medicine);
  field(pdf, "Dose", document.dose);
  field(pdf, "Quantity", document.quantity);
  field(pdf, "Directions", document.directions);
  section(pdf, "Prescriber");
  field(pdf, "Name", document.prescriberName);
  field(pdf, "Registration", document.prescriberRegistration);
  field(pdf, "Date issued", formatLongDate(document.issuedAt));
  field(pdf, "Valid until", `${formatLongDate(document.expiresAt)} (valid for ${PRESCRIPTION_VALIDITY_MONTHS} months from the date of issue)`);

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
  if (document.dispensed) return `Dispensed on ${formatLongDate(document.dispensed.at)} by ${document.dispensed.by}.`;
  if (document.isExpired) return `Expired on ${formatLongDate(document.expiresAt)}: it can no longer be dispensed.`;
  return "Not yet dispensed.";
}

