import { formatCalendarDate, formatDateTime } from "@/lib/format/dates";
import type { SideEffectReportView } from "@/lib/server/side-effects/types";
import { OUTCOME_LABELS, redFlagLabel, SEVERITY_LABELS } from "@/lib/side-effects/rules";
import styles from "./side-effects.module.css";

/** What was reported: the treatment, when it started, how severe, red flags, and the triage. */
export function ReportFacts({ report, staff = false }: { report: SideEffectReportView; staff?: boolean }) {
  return (
    <dl className={styles.facts}>
      <dt>Treatment</dt>
      <dd>{report.treatmentName}</dd>
      <dt>Reported</dt>
      <dd>{formatDateTime(report.reportedAt)}</dd>
      <dt>Started</dt>
      <dd>{formatCalendarDate(report.startedOn)}</dd>
      <dt>Severity</dt>
      <dd>{SEVERITY_LABELS[report.severity]}</dd>
      <dt>Serious symptoms</dt>
      <dd>{report.redFlags.length ? report.redFlags.map(redFlagLabel).join("; ") : "None ticked"}</dd>
      <dt>What happened</dt>
      <dd>{report.description}</dd>
      <dt>Status</dt>
      <dd>
        {report.triage
          ? `Reviewed ${formatDateTime(report.triage.at)}: ${OUTCOME_LABELS[report.triage.outcome]}${staff && report.triage.byName ? ` (by ${report.triage.byName})` : ""}`
          : "Waiting for our clinical team to review it"}
      </dd>
      {staff && report.triage ? (
        <>
          <dt>Triage note</dt>
          <dd>{report.triage.note}</dd>
        </>
      ) : null}
    </dl>
  );
}
