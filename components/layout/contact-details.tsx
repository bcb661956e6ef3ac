import type { SiteConfig } from "@/lib/config/site";
import styles from "./contact-details.module.css";

/** "020 7946 0000" → "+442079460000", for tel: links. */
function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("0") ? `+44${digits.slice(1)}` : digits}`;
}

type ContactDetailsProps = { contact: SiteConfig["contact"]; className?: string };

export function ContactDetails({ contact, className }: ContactDetailsProps) {
  return (
    <address className={`${styles.details} ${className ?? ""}`}>
      <p className={styles.line}>
        <span className={styles.label}>Address</span>
        <span>{contact.address}</span>
      </p>
      <p className={styles.line}>
        <span className={styles.label}>Email</span>
        <a href={`mailto:${contact.email}`} className={styles.link}>
          {contact.email}
        </a>
      </p>
      <p className={styles.line}>
        <span className={styles.label}>Phone</span>
        <a href={telHref(contact.phone)} className={styles.link}>
          {contact.phone}
        </a>
      </p>
    </address>
  );
}
