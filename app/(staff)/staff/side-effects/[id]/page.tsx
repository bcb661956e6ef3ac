import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ReportFacts } from "@/components/side-effects/report-facts";
import { SideEffectMessageForm } from "@/components/side-effects/side-effect-message-form";
import { SideEffectThread } from "@/components/side-effects/side-effect-thread";
import { requireStaff } from "@/lib/server/auth/guards";
import { AppError } from "@/lib/server/core/errors/app-error";
import { SIDE_EFFECT_STAFF_ROLES } from "@/lib/server/side-effects/side-effect-staff-roles";
import { getReportForStaff } from "@/lib/server/side-effects/staff-reports";
import type { StaffSideEffectReportView } from "@/lib/server/side-effects/types";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { YELLOW_CARD_URL } from "@/lib/side-effects/rules";
import { sideEffectParamsSchema } from "@/lib/validation/side-effects";
import { StaffCard, StaffHeading } from "../../_components/staff-card";
import { TriageForm } from "./_components/triage-form";

type Props = { params: Promise<{ id: string }> };

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Side-effect report", description: "A side effect reported by a patient.", path: "/staff/side-effects", noIndex: true });
}

/** The report (an audited view), or the not-found page for a bad or unknown id. */
async function loadReport(id: string): Promise<StaffSideEffectReportView> {
  const actor = await requireStaff(`/staff/side-effects/${encodeURIComponent(id)}`, SIDE_EFFECT_STAFF_ROLES);
  const parsed = sideEffectParamsSchema.safeParse({ id });
  if (!parsed.success) notFound();
  try {
    return await getReportForStaff(actor, parsed.data.id);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function StaffSideEffectReportPage({ params }: Props) {
  const report = await loadReport((await params).id);
  return (
    <>
      <p>
        <Link href="/staff/side-effects">Back to side effects</Link>
      </p>
      <StaffHeading intro={report.triage ? "Triaged" : "Waiting for triage: the patient's orders show a flag until it is triaged"}>Side-effect report {report.reference}</StaffHeading>
      {report.serious ? (
        <p className="form-message-error">
          <strong>Serious answer</strong> (a red-flag symptom or severe): the patient was told to call 999, or 111 for urgent advice. Contact them promptly.
        </p>
      ) : null}
      <StaffCard title="Report" headingId="report-heading">
        <ReportFacts report={report} staff />
        <p>Patient: {report.patient ? `${report.patient.name} (${report.patient.email})` : "account deleted"}</p>
        <p>
          A suspected adverse reaction should also be reported by the clinician to the{" "}
          <a href={YELLOW_CARD_URL} target="_blank" rel="noopener">
            MHRA Yellow Card scheme<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          .
        </p>
      </StaffCard>
      <StaffCard title="Messages with the patient" headingId="messages-heading">
        <SideEffectThread messages={report.messages} viewer="staff" />
        {report.patient ? <SideEffectMessageForm path={`/api/staff/side-effects/${report.id}/messages`} label="Write to the patient" submitLabel="Send to the patient" /> : null}
      </StaffCard>
      {report.triage ? null : (
        <StaffCard title="Triage" headingId="triage-heading">
          <TriageForm reportId={report.id} />
        </StaffCard>
      )}
    </>
  );
}
