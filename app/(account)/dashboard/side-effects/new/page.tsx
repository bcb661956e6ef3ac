import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ReportSideEffectForm } from "@/components/side-effects/report-form";
import { YellowCardNote } from "@/components/side-effects/yellow-card-note";
import { requireActor } from "@/lib/server/auth/guards";
import { listReceivedTreatments } from "@/lib/server/side-effects/received-treatments";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "../../_components/dashboard-card";
import { PageHeading } from "../../_components/page-heading";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Report a side effect", description: "Tell our clinical team about a side effect.", path: "/dashboard/side-effects/new", noIndex: true });
}

export default async function NewSideEffectReportPage() {
  const actor = await requireActor("/dashboard/side-effects/new");
  if (actor.kind === "pharmacy") redirect("/pharmacy");
  const treatments = actor.kind === "patient" ? await listReceivedTreatments(actor.user.id) : [];
  return (
    <>
      <p>
        <Link href="/dashboard/side-effects">Back to side effects</Link>
      </p>
      <PageHeading intro="Our clinical team reads every report, replies in your account, and reviews your treatment before your next supply.">Report a side effect</PageHeading>
      <DashboardCard title="About the side effect" headingId="form-heading">
        {treatments.length ? (
          <ReportSideEffectForm treatments={treatments} />
        ) : (
          <p>
            You can report a side effect of a medicine we supplied or prescribed to you. There is none in your account yet. For a medicine
            from elsewhere, speak to your GP or pharmacist.
          </p>
        )}
        <YellowCardNote />
      </DashboardCard>
    </>
  );
}
