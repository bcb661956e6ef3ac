import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { formatLongDate } from "@/lib/format/dates";
import styles from "@/components/side-effects/side-effects.module.css";
import { YellowCardNote } from "@/components/side-effects/yellow-card-note";
import { requireActor } from "@/lib/server/auth/guards";
import { listOwnReports } from "@/lib/server/side-effects/patient-reports";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { SEVERITY_LABELS } from "@/lib/side-effects/rules";
import { DashboardCard } from "../_components/dashboard-card";
import { PageHeading } from "../_components/page-heading";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Side effects", description: "Report a side effect and follow your reports.", path: "/dashboard/side-effects", noIndex: true });
}

export default async function SideEffectsPage() {
  const actor = await requireActor("/dashboard/side-effects");
  if (actor.kind === "pharmacy") redirect("/pharmacy");
  const reports = await listOwnReports(actor);
  return (
    <>
      <PageHeading intro="Tell our clinical team about a side effect of a treatment you received from us. We read every report and reply in your account.">
        Side effects
      </PageHeading>
      <DashboardCard title="Report a side effect" headingId="report-heading">
        <p>
          <strong>If you have difficulty breathing, chest pain, swelling of the face, lips or throat, or you faint, call 999 now.</strong>{" "}
          For urgent advice, call NHS 111.
        </p>
        <p>
          <Link href="/dashboard/side-effects/new" className="button">
            Report a side effect
          </Link>
        </p>
        <YellowCardNote />
      </DashboardCard>
      <DashboardCard title="Your reports" headingId="reports-heading">
        {reports.length ? (
          <ul className={styles.list} aria-labelledby="reports-heading">
            {reports.map((report) => (
              <li key={report.id} className={styles.item}>
                <h3 className={styles.itemTitle}>
                  <Link href={`/dashboard/side-effects/${report.id}`}>
                    {report.treatmentName}
                    <span className="visually-hidden">, report {report.reference}</span>
                  </Link>
                </h3>
                <p className={styles.hint}>
                  Reported {formatLongDate(report.reportedAt)} · {SEVERITY_LABELS[report.severity]} · {report.triaged ? "Reviewed by our clinical team" : "Waiting for review"} · {report.reference}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p>You have not reported any side effects.</p>
        )}
      </DashboardCard>
    </>
  );
}
