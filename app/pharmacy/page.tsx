import type { Metadata } from "next";
import { getPharmacyProfile } from "@/lib/server/rx/get-pharmacy-profile";
import { requirePharmacy } from "@/lib/server/rx/require-pharmacy";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { OpenPrescriptionForm } from "./_components/open-prescription-form";
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
        <section className={styles.card} aria-labelledby="open-heading">
          <h2 id="open-heading" className={styles.cardTitle}>
            Enter a prescription reference
          </h2>
          <OpenPrescriptionForm />
        </section>
        <section className={styles.card} aria-labelledby="details-heading">
          <h2 id="details-heading" className={styles.cardTitle}>
            Your pharmacy
          </h2>
          <dl className={styles.facts}>
            <div>
              <dt>GPhC premises number</dt>
              <dd>{pharmacy.premisesNumber}</dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>{pharmacy.address}</dd>
            </div>
            <div>
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
