import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { siteConfig } from "@/lib/config/site";
import { formatDocumentDate } from "@/lib/server/prescription-documents/format-document";
import { getRxVerification } from "@/lib/server/rx/get-rx-verification";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { prescriptionReferenceSchema } from "@/lib/validation/rx";
import { DispenseForm } from "./_components/dispense-form";
import { RxDetails } from "./_components/rx-details";
import styles from "./_components/rx.module.css";

export function generateMetadata(): Metadata {
  return { ...pageMetadata({ title: "Check a prescription", description: "Check that a prescription is genuine.", path: "/rx", noIndex: true }), robots: { index: false, follow: false } };
}

// The QR code's target, for pharmacies: no sign-in, never cached (it changes when dispensed),
// never indexed. An unknown reference renders ./not-found.tsx with a 404.
export default async function RxCheckPage({ params }: { params: Promise<{ reference: string }> }) {
  await connection();
  const parsed = prescriptionReferenceSchema.safeParse((await params).reference);
  const check = parsed.success ? await getRxVerification(parsed.data) : null;
  if (!check) notFound();
  const site = siteConfig();
  return (
    <div className="section section-cream">
      <div className={`container ${styles.page}`}>
        <div className={styles.heading}>
          <p className="eyebrow">Prescription check</p>
          <h1 className={styles.title}>Genuine prescription</h1>
          <p className="lead">
            Issued by {site.name}, GPhC registered pharmacy premises number {site.compliance.gphcPremisesNumber}. Check these details against the prescription and the
            patient in front of you.
          </p>
        </div>
        <RxDetails check={check} />
        <section className={styles.card} aria-labelledby="rx-dispensing-heading">
          <h2 id="rx-dispensing-heading" className={styles.cardTitle}>
            Dispensing
          </h2>
          {check.dispensed ? (
            <p className={styles.dispensed}>
              Dispensed on {formatDocumentDate(check.dispensed.at)} by {check.dispensed.by}. It cannot be dispensed again.
            </p>
          ) : check.isExpired ? (
            <p className={styles.expired}>Expired on {formatDocumentDate(check.expiresAt)}. It can no longer be dispensed.</p>
          ) : (
            <DispenseForm reference={check.reference} />
          )}
        </section>
      </div>
    </div>
  );
}
