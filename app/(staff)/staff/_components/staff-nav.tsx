"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import styles from "./staff-nav.module.css";

export type StaffNavLink = { href: string; label: string };

function isActive(pathname: string, href: string): boolean {
  if (href === "/staff") return pathname === href;
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The staff area's own navigation (links chosen on the server by role). */
export function StaffNav({ links }: { links: StaffNavLink[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Staff" className={styles.nav}>
      <ul className={styles.list}>
        {links.map(({ href, label }) => (
          <li key={href}>
            <Link href={href} className={styles.link} aria-current={isActive(pathname, href) ? "page" : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
