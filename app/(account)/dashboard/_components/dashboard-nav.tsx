"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { HomeIcon } from "@/components/icons/home-icon";
import { PackageIcon } from "@/components/icons/package-icon";
import { PillIcon } from "@/components/icons/pill-icon";
import { RepeatIcon } from "@/components/icons/repeat-icon";
import { UserIcon } from "@/components/icons/user-icon";
import styles from "./dashboard-nav.module.css";

// The spec's labels: the sidebar's on desktop, the bottom bar's (shorter) on mobile.
const LINKS = [
  { href: "/dashboard", label: "Dashboard", shortLabel: "Home", Icon: HomeIcon },
  { href: "/dashboard/orders", label: "Orders", shortLabel: "Orders", Icon: PackageIcon },
  { href: "/dashboard/subscriptions", label: "Subscriptions", shortLabel: "Subs", Icon: RepeatIcon },
  // Beyond the spec's four: reporting a side effect (issue 23; MHRA Yellow Card, GPhC guidance).
  { href: "/dashboard/side-effects", label: "Side effects", shortLabel: "Side effects", Icon: PillIcon },
  { href: "/dashboard/account-settings", label: "Account Settings", shortLabel: "Account", Icon: UserIcon },
] as const;

export function isActiveLink(pathname: string, href: string): boolean {
  if (href === "/dashboard") return pathname === href;
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The dashboard's links: a sidebar list on desktop, a fixed bottom bar on mobile. */
export function DashboardNav({ variant, className = "" }: { variant: "sidebar" | "bar"; className?: string }) {
  const pathname = usePathname();
  const isBar = variant === "bar";
  return (
    <nav aria-label="Account" className={`${isBar ? styles.bar : styles.sidebar} ${className}`}>
      <ul className={styles.list}>
        {LINKS.map(({ href, label, shortLabel, Icon }) => (
          <li key={href}>
            <Link href={href} className={styles.link} aria-current={isActiveLink(pathname, href) ? "page" : undefined}>
              <Icon size={isBar ? 22 : 20} />
              <span>{isBar ? shortLabel : label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
