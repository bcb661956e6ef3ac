import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { siteConfig } from "@/lib/config/site";
import { isPharmacy } from "@/lib/server/core/actor/account-actor";
import { getCurrentAccount } from "@/lib/server/auth/current-user";
import { formatLongDate } from "@/lib/format/dates";
import { getPharmacyProfile, pharmacyLabel } from "@/lib/server/rx/get-pharmacy-profile";
import { getRxVerification } from "@/lib/server/rx/get-rx-verification";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { prescriptionReferenceSchema } from "@/lib/validation/rx";
import { DispenseForm } from "./_components/dispense-form";
import { PharmacySignInPrompt } from "./_components/pharmacy-sign-in-prompt";
import { RxDetails } from "./_components/rx-details";
import styles from "./_components/rx.module.css";

export function generateMetadata(): Metadata {
  return { ...pageMetadata({ title: "Check a prescription", description: "Check that a prescription is genuine.", path: "/rx", noIndex: true }), robots: { index: false, follow: false } };
}

// The QR code's target: anyone may check a prescription is genuine without signing in; only a
// signed-in pharmacy account gets the dispensing form. Never cached (it changes when dispensed
// and with who is signed in), never indexed. An unknown reference renders ./not-found.tsx (404).
export default async function RxCheckPage({ params }: { params: Promise<{ reference: string }> }) {
  await connection();
  const parsed = prescriptionReferenceSchema.safeParse((await params).reference);
  const check = parsed.success ? await getRxVerification(parsed.data) : null;
  if (!check) notFound();
  const account = await getCurrentAccount();
  const pharmacy = isPharmacy(account) ? await getPharmacyProfile(account).catch(() => null) : null;
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
              Dispensed on {formatLongDate(check.dispensed.at)} by {check.dispensed.by}. It cannot be dispensed again.
            </p>
          ) : check.isExpired ? (
            <p className={styles.expired}>Expired on {formatLongDate(check.expiresAt)}. It can no longer be dispensed.</p>
          ) : pharmacy ? (
            <DispenseForm reference={check.reference} dispensingAs={pharmacyLabel(pharmacy)} />
          ) : (
            <PharmacySignInPrompt reference={check.reference} signedIn={account !== null} />
          )}
        </section>
      </div>
    </div>
  );
}
