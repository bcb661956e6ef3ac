import "server-only";
import { formatCalendarDate, formatLongDate } from "@/lib/format/dates";
import { CONTENT_WIDTH, field, INK, MARGIN, MUTED, newA4Document, section } from "@/lib/server/prescription-documents/pdf-layout";
import type { GpLetterDocument } from "./types";

/** The letter to the patient's GP as a one-page A4 PDF. `compress: false` keeps the text readable for tests. */
export async function renderGpLetterPdf(letter: GpLetterDocument, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { pdf, finished } = await newA4Document(
    { title: `Letter to the GP ${letter.subjectReference}`, author: letter.clinic.name, createdAt: new Date(letter.createdAt) },
    options.compress ?? true,
  );

  pdf.fillColor(INK).font("Helvetica-Bold").fontSize(16).text(letter.clinic.name, { width: CONTENT_WIDTH });
  pdf.font("Helvetica").fontSize(10).fillColor(MUTED).text(letter.clinic.address, { width: CONTENT_WIDTH });
  pdf.text(`${letter.clinic.email} · ${letter.clinic.phone}`, { width: CONTENT_WIDTH });
  pdf.text(`GPhC registered pharmacy premises number ${letter.clinic.gphcPremisesNumber}`, { width: CONTENT_WIDTH });
  pdf.moveDown(1.2);
  pdf.fillColor(INK).font("Helvetica").fontSize(11).text(letter.practiceName, { width: CONTENT_WIDTH });
  pdf.text(letter.practiceAddress, { width: CONTENT_WIDTH });
  pdf.moveDown(0.8);
  pdf.text(formatLongDate(letter.createdAt), { width: CONTENT_WIDTH });
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
  field(pdf, "Date of birth", letter.patientDateOfBirth ? formatCalendarDate(letter.patientDateOfBirth) : "Not given");
  section(pdf, "What was supplied");
  field(pdf, "Medicine", letter.medicine);
  field(pdf, "Dose", letter.dose);
  field(pdf, "Why", letter.indication);
  section(pdf, "Prescriber");
  field(pdf, "Name", letter.prescriberName);
  field(pdf, "Registration", letter.prescriberRegistration);
  field(pdf, "Date", formatLongDate(letter.createdAt));

  pdf.moveDown(1);
  pdf.x = MARGIN;
  pdf.font("Helvetica").fontSize(10).fillColor(MUTED).text(
    `If you have information that makes this supply inappropriate, or any other concern, please contact us at ${letter.clinic.email} quoting ${letter.subjectReference}.`,
    { width: CONTENT_WIDTH },
  );
  pdf.end();
  return finished;
}

