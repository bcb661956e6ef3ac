import type { ReactNode } from "react";
import { isStaff } from "@/lib/server/core/actor/account-actor";
import { getCurrentAccount } from "@/lib/server/auth/current-user";
import { ROLE_LABELS, staffLinksFor } from "./_components/staff-links";
import { StaffNav } from "./_components/staff-nav";
import styles from "./layout.module.css";

/**
 * The staff area's frame: its own navigation, chosen by role. It guards nothing: every page
 * calls requireStaff() itself (a layout does not re-run on client navigation).
 */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const actor = await getCurrentAccount();
  if (!isStaff(actor)) return <div className={styles.shell}><div className="container">{children}</div></div>;
  return (
    <div className={styles.shell}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.sidebar}>
          <p className={styles.sidebarTitle}>Staff area</p>
          <p className={styles.who}>
            {actor.user.name} · {ROLE_LABELS[actor.user.role]}
          </p>
          <StaffNav links={staffLinksFor(actor.user.role)} />
        </div>
        <div className={styles.content}>{children}</div>
      </div>
    </div>
  );
}
