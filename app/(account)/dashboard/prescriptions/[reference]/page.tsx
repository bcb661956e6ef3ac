import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireActor } from "@/lib/server/auth/guards";
import { getPrescriptionDocument } from "@/lib/server/prescription-documents/get-prescription-document";
import { prescriptionQrSvg } from "@/lib/server/prescription-documents/prescription-qr";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { prescriptionReferenceSchema } from "@/lib/validation/rx";
import { PageHeading } from "../../_components/page-heading";
import { PrescriptionSheet } from "./_components/prescription-sheet";
import { PrintButton } from "./_components/print-button";
import styles from "./page.module.css";
import "./print.css";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Your prescription", description: "Your issued prescription, to print or download.", path: "/dashboard/prescriptions", noIndex: true });
}

// The owner's printable prescription. Someone else's, or an unknown reference, is a 404.
export default async function PrescriptionDocumentPage({ params }: { params: Promise<{ reference: string }> }) {
  const { reference } = await params;
  const actor = await requireActor(`/dashboard/prescriptions/${encodeURIComponent(reference)}`);
  const parsed = prescriptionReferenceSchema.safeParse(reference);
  const document = parsed.success ? await getPrescriptionDocument(actor, parsed.data) : null;
  if (!document) notFound();
  const pdfHref = `/api/prescription-documents/${encodeURIComponent(document.reference)}/pdf`;
  return (
    <>
      <div className={styles.intro} data-print-hidden>
        <PageHeading intro="Take it, printed or on your phone, to any UK pharmacy. They scan the QR code to check it and use the dispensing code once.">
          Your prescription
        </PageHeading>
        <div className={styles.actions}>
          <PrintButton />
          <a className="button button-secondary" href={pdfHref} download>
            Download PDF
          </a>
        </div>
      </div>
      <PrescriptionSheet document={document} qr={prescriptionQrSvg(document.verifyUrl)} />
    </>
  );
}
