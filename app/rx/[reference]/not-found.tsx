import { siteConfig } from "@/lib/config/site";
import { UNKNOWN_PRESCRIPTION_MESSAGE } from "@/lib/validation/rx";
import styles from "./_components/rx.module.css";

// Rendered with a 404 status for a reference no prescription has (Next adds noindex).
export default function RxNotFound() {
  const { contact } = siteConfig();
  return (
    <div className="section section-cream">
      <div className={`container ${styles.page}`}>
        <div className={styles.heading}>
          <p className="eyebrow">Prescription check</p>
          <h1 className={styles.title}>Prescription not found</h1>
          <p className="lead">{UNKNOWN_PRESCRIPTION_MESSAGE}</p>
        </div>
        <section className={styles.card} aria-labelledby="rx-unknown-heading">
          <h2 id="rx-unknown-heading" className={styles.cardTitle}>
            What to do
          </h2>
          <p>
            Check the address against the QR code or the reference printed on the prescription. Do not dispense from it until you have confirmed it with us: email{" "}
            <a href={`mailto:${contact.email}`}>{contact.email}</a> or call {contact.phone}.
          </p>
        </section>
      </div>
    </div>
  );
}
