import type { Metadata } from "next";
import { getPharmacyProfile } from "@/lib/server/rx/get-pharmacy-profile";
import { requirePharmacy } from "@/lib/server/rx/require-pharmacy";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { OpenPrescriptionForm } from "./_components/open-prescription-form";
// The card and its rows are the prescription check's (/rx), which this page leads to.
import cardStyles from "@/app/rx/[reference]/_components/rx.module.css";
import styles from "./_components/pharmacy.module.css";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Pharmacy", description: "Check and dispense prescriptions.", path: "/pharmacy", noIndex: true });
}

// Where a pharmacy account lands after signing in: who it dispenses as, and a way to open a
// paper prescription by its reference (the QR code opens /rx/{reference} directly).
export default async function PharmacyPage() {
  const actor = await requirePharmacy("/pharmacy");
  const pharmacy = await getPharmacyProfile(actor);
  return (
    <div className="section section-cream">
      <div className={`container ${styles.page}`}>
        <div>
          <p className="eyebrow">Pharmacy</p>
          <h1>{pharmacy.name}</h1>
          <p className="lead">Scan a prescription&apos;s QR code, or enter its reference below, to check it and mark it dispensed.</p>
        </div>
        <section className={cardStyles.card} aria-labelledby="open-heading">
          <h2 id="open-heading" className={cardStyles.cardTitle}>
            Enter a prescription reference
          </h2>
          <OpenPrescriptionForm />
        </section>
        <section className={cardStyles.card} aria-labelledby="details-heading">
          <h2 id="details-heading" className={cardStyles.cardTitle}>
            Your pharmacy
          </h2>
          <dl className={cardStyles.rows}>
            <div className={cardStyles.row}>
              <dt>GPhC premises number</dt>
              <dd>{pharmacy.premisesNumber}</dd>
            </div>
            <div className={cardStyles.row}>
              <dt>Address</dt>
              <dd className={styles.address}>{pharmacy.address}</dd>
            </div>
            <div className={cardStyles.row}>
              <dt>Responsible pharmacist</dt>
              <dd>
                {pharmacy.responsiblePharmacistName} (GPhC {pharmacy.responsiblePharmacistNumber})
              </dd>
            </div>
          </dl>
          <p>Every prescription you mark dispensed is recorded with these details. To change them, contact the clinic.</p>
        </section>
      </div>
    </div>
  );
}
