import type { ReactNode } from "react";
import { formatCalendarDate, formatLongDate } from "@/lib/format/dates";
import { formatDispenseCode } from "@/lib/server/prescription-documents/format-document";
import type { QrSvg } from "@/lib/server/prescription-documents/prescription-qr";
import { PRESCRIPTION_VALIDITY_MONTHS } from "@/lib/server/prescription-documents/prescription-validity";
import type { PrescriptionDocument } from "@/lib/server/prescription-documents/types";
import { QrCode } from "./qr-code";
import styles from "./prescription-sheet.module.css";

/** The prescription as printed: the same content as the PDF (render-prescription-pdf.ts). */
export function PrescriptionSheet({ document, qr }: { document: PrescriptionDocument; qr: QrSvg }) {
  const { clinic } = document;
  return (
    <article className={styles.sheet} aria-labelledby="prescription-title" data-print-document>
      <div className={styles.top}>
        <div className={styles.issuer}>
          <p className={styles.clinic}>{clinic.name}</p>
          <p className={styles.small}>{clinic.address}</p>
          <p className={styles.small}>GPhC registered pharmacy premises number {clinic.gphcPremisesNumber}</p>
          <h2 id="prescription-title" className={styles.title}>
            Private prescription
          </h2>
          <p>
            Reference <strong className={styles.reference}>{document.reference}</strong>
          </p>
        </div>
        <figure className={styles.qr}>
          <QrCode qr={qr} label={`QR code that opens ${document.verifyUrl}`} className={styles.qrImage} />
          <figcaption className={styles.small}>Scan to check this prescription</figcaption>
        </figure>
      </div>

      <Part title="Patient" id="prescription-patient">
        <Row label="Name">{document.patientName}</Row>
        <Row label="Date of birth">{formatCalendarDate(document.patientDateOfBirth)}</Row>
      </Part>
      <Part title="Medicine" id="prescription-medicine">
        <Row label="Medicine">{document.medicine}</Row>
        <Row label="Dose">{document.dose}</Row>
        <Row label="Quantity">{document.quantity}</Row>
        <Row label="Directions">{document.directions}</Row>
      </Part>
      <Part title="Prescriber" id="prescription-prescriber">
        <Row label="Name">{document.prescriberName}</Row>
        <Row label="Registration">{document.prescriberRegistration}</Row>
        <Row label="Date issued">{formatLongDate(document.issuedAt)}</Row>
        <Row label="Valid until">{formatLongDate(document.expiresAt)}</Row>
      </Part>
      <p className={styles.validity}>Valid for {PRESCRIPTION_VALIDITY_MONTHS} months from the date of issue.</p>

      <section className={styles.codeBox} aria-labelledby="prescription-code">
        <h3 id="prescription-code" className={styles.codeTitle}>
          Dispensing code
        </h3>
        <p className={styles.code}>{formatDispenseCode(document.dispenseCode)}</p>
        <p className={styles.small}>
          For the pharmacy: check this prescription and mark it dispensed with this code at {document.verifyUrl}. The code works once, so the
          prescription cannot be dispensed twice.
        </p>
      </section>

      <p className={document.dispensed ? styles.statusDone : styles.status}>{statusLine(document)}</p>
    </article>
  );
}

function statusLine(document: PrescriptionDocument): string {
  if (document.dispensed) return `Dispensed on ${formatLongDate(document.dispensed.at)} by ${document.dispensed.by}.`;
  if (document.isExpired) return `Expired on ${formatLongDate(document.expiresAt)}: it can no longer be dispensed.`;
  return "Not yet dispensed.";
}

function Part({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className={styles.part} aria-labelledby={id}>
      <h3 id={id} className={styles.partTitle}>
        {title}
      </h3>
      <dl className={styles.rows}>{children}</dl>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
