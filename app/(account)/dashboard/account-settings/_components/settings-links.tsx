import Link from "next/link";
import { ChevronRightIcon } from "@/components/icons/chevron-right-icon";
import styles from "./settings-links.module.css";

export type SettingsLink = { href: string; label: string; description: string };

/** A section's items: one full-width row per link. */
export function SettingsLinks({ links }: { links: SettingsLink[] }) {
  return (
    <ul className={styles.list}>
      {links.map((link) => (
        <li key={link.href}>
          <Link href={link.href} className={styles.row}>
            <span className={styles.text}>
              <span className={styles.label}>{link.label}</span>
              <span className={styles.description}>{link.description}</span>
            </span>
            <ChevronRightIcon size={20} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
