import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { EmergencyAlert } from "@/components/side-effects/emergency-alert";
import { ReportFacts } from "@/components/side-effects/report-facts";
import { SideEffectMessageForm } from "@/components/side-effects/side-effect-message-form";
import { SideEffectThread } from "@/components/side-effects/side-effect-thread";
import { YellowCardNote } from "@/components/side-effects/yellow-card-note";
import { requireActor } from "@/lib/server/auth/guards";
import { AppError } from "@/lib/server/core/errors/app-error";
import { getOwnReport } from "@/lib/server/side-effects/patient-reports";
import type { SideEffectReportView } from "@/lib/server/side-effects/types";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { sideEffectParamsSchema } from "@/lib/validation/side-effects";
import { DashboardCard } from "../../_components/dashboard-card";
import { PageHeading } from "../../_components/page-heading";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ reported?: string | string[] }> };

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Side-effect report", description: "Your side-effect report and messages.", path: "/dashboard/side-effects", noIndex: true });
}

async function loadReport(id: string): Promise<SideEffectReportView> {
  const actor = await requireActor(`/dashboard/side-effects/${encodeURIComponent(id)}`);
  if (actor.kind === "pharmacy") redirect("/pharmacy");
  const parsed = sideEffectParamsSchema.safeParse({ id });
  if (!parsed.success) notFound();
  try {
    return await getOwnReport(actor, parsed.data.id);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function SideEffectReportPage({ params, searchParams }: Props) {
  const report = await loadReport((await params).id);
  const justReported = (await searchParams).reported === "1";
  return (
    <>
      <p>
        <Link href="/dashboard/side-effects">Back to side effects</Link>
      </p>
      <PageHeading intro={`Report ${report.reference}`}>{justReported ? "Thank you: your report has been sent" : `Side effect: ${report.treatmentName}`}</PageHeading>
      {report.serious ? <EmergencyAlert /> : null}
      {justReported ? (
        <p role="status">
          Our clinical team will read it and reply here; we email you when they do. Our pharmacist sees your report before sending your next supply.
        </p>
      ) : null}
      <DashboardCard title="What you reported" headingId="report-heading">
        <ReportFacts report={report} />
        <YellowCardNote />
      </DashboardCard>
      <DashboardCard title="Messages with our clinical team" headingId="messages-heading">
        <SideEffectThread messages={report.messages} viewer="patient" />
        <SideEffectMessageForm path={`/api/side-effects/${report.id}/messages`} label="Write to our clinical team" submitLabel="Send message" />
      </DashboardCard>
    </>
  );
}
