import type { DrawerLink } from "./drawer-links";
import styles from "./menu-drawer.module.css";

export function DrawerLinkItems({ links }: { links: DrawerLink[] }) {
  return links.map((link) => (
    <li key={link.href}>
      <a href={link.href} className={styles.row}>
        {link.label}
      </a>
    </li>
  ));
}
