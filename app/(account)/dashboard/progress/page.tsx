import type { Metadata } from "next";
import { ProgressComparison } from "@/components/progress-photos/progress-comparison";
import { requireActor } from "@/lib/server/auth/guards";
import { listOwnProgressPhotos } from "@/lib/server/progress-photos/list-progress-photos";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "../_components/dashboard-card";
import { PageHeading } from "../_components/page-heading";
import { ProgressUploadForm } from "./_components/progress-upload-form";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Your hair progress", description: "Your hair-loss progress photos, side by side over time.", path: "/dashboard/progress", noIndex: true });
}

// The patient's progress photos: add today's set (three views with their framing guides) and
// compare every set side by side. Only they and the clinicians reviewing their treatment see them.
export default async function ProgressPage() {
  const actor = await requireActor("/dashboard/progress");
  const sets = await listOwnProgressPhotos(actor);
  return (
    <>
      <PageHeading intro="The same three photos every few weeks show how your treatment is working. Your prescriber sees them with your next review; nobody else can.">
        Your hair progress
      </PageHeading>
      <DashboardCard title="Your photos over time" headingId="comparison-heading">
        {sets.length ? <ProgressComparison sets={sets} caption="Your progress photos by date" /> : <p>No photos yet. Add your first set below: it is the baseline later photos are compared with.</p>}
      </DashboardCard>
      <DashboardCard title="Add today's photos" headingId="add-photos-heading">
        <p>In good light, with dry hair styled as usual, and framed the same way each time. JPEG or PNG, up to 10 MB each; location and camera details are removed.</p>
        <ProgressUploadForm />
      </DashboardCard>
    </>
  );
}
