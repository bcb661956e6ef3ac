import type { ReactNode } from "react";
import { siteConfig } from "@/lib/config/site";
import { DashboardNav } from "./_components/dashboard-nav";
import styles from "./layout.module.css";

/**
 * The signed-in area's frame. It checks nothing: every page calls requireActor() itself,
 * because a layout does not re-render on client navigation between its pages.
 */
export default function DashboardLayout({ children }: { children: ReactNode }) {
  const { name } = siteConfig();
  return (
    <div className={styles.shell}>
      <div className={`container ${styles.grid}`}>
        <div className={`desktop-only ${styles.sidebar}`}>
          <p className={styles.sidebarTitle}>{name}</p>
          <DashboardNav variant="sidebar" />
        </div>
        <div className={styles.content}>{children}</div>
      </div>
      <DashboardNav variant="bar" className="mobile-only" />
    </div>
  );
}
