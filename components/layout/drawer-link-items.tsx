import Link from "next/link";
import type { DrawerLink } from "./drawer-links";
import styles from "./menu-drawer.module.css";

export function DrawerLinkItems({ links }: { links: DrawerLink[] }) {
  return links.map((link) => (
    <li key={link.href}>
      <Link href={link.href} className={styles.row}>
        {link.label}
      </Link>
    </li>
  ));
}
