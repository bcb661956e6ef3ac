import type { Metadata } from "next";
import Link from "next/link";
import styles from "@/components/side-effects/side-effects.module.css";
import { requireStaff } from "@/lib/server/auth/guards";
import { SIDE_EFFECT_STAFF_ROLES } from "@/lib/server/side-effects/side-effect-staff-roles";
import { listReportsForStaff } from "@/lib/server/side-effects/staff-reports";
import type { SideEffectReportSummary } from "@/lib/server/side-effects/types";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { SEVERITY_LABELS } from "@/lib/side-effects/rules";
import { formatDateTime } from "@/lib/format/dates";
import { StaffCard, StaffHeading } from "../_components/staff-card";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Side effects", description: "Side effects reported by patients.", path: "/staff/side-effects", noIndex: true });
}

function ReportList({ reports, labelledBy }: { reports: SideEffectReportSummary[]; labelledBy: string }) {
  return (
    <ul className={styles.list} aria-labelledby={labelledBy}>
      {reports.map((report) => (
        <li key={report.id} className={styles.item}>
          <p className={styles.itemTitle}>
            <Link href={`/staff/side-effects/${report.id}`}>Report {report.reference}</Link>
          </p>
          {report.serious ? <span className={styles.badge}>Serious: told to call 999 or 111</span> : null}
          <p className={styles.hint}>
            Reported {formatDateTime(report.reportedAt)} · {SEVERITY_LABELS[report.severity]}
          </p>
        </li>
      ))}
    </ul>
  );
}

export default async function StaffSideEffectsPage() {
  await requireStaff("/staff/side-effects", SIDE_EFFECT_STAFF_ROLES);
  const { open, triaged } = await listReportsForStaff();
  return (
    <>
      <StaffHeading intro="Side effects patients reported. An untriaged report flags the patient's orders until it is triaged; serious ones first. Opening a report is recorded in the audit log.">
        Side effects
      </StaffHeading>
      <StaffCard title={`Waiting for triage (${open.length})`} headingId="open-heading">
        {open.length ? <ReportList reports={open} labelledBy="open-heading" /> : <p>No reports are waiting.</p>}
      </StaffCard>
      <StaffCard title="Recently triaged" headingId="triaged-heading">
        {triaged.length ? <ReportList reports={triaged} labelledBy="triaged-heading" /> : <p>No report has been triaged yet.</p>}
      </StaffCard>
    </>
  );
}
