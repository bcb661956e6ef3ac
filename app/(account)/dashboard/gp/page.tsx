import type { Metadata } from "next";
import Link from "next/link";
import { requireActor } from "@/lib/server/auth/guards";
import { getGpDetails } from "@/lib/server/gp/get-gp-details";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "../_components/dashboard-card";
import { PageHeading } from "../_components/page-heading";
import { GpDetailsForm } from "@/components/gp/gp-details-form";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Your GP", description: "Your GP practice and whether we may tell it what we supply.", path: "/dashboard/gp", noIndex: true });
}

export default async function GpPage() {
  const actor = await requireActor("/dashboard/gp");
  const gp = await getGpDetails(actor);
  return (
    <>
      <p>
        <Link href="/dashboard/account-settings">Back to account settings</Link>
      </p>
      <PageHeading intro="Your GP looks after your whole medical record. With your consent we write to them each time we supply a prescription medicine, and you can read every letter in your medical documents.">Your GP</PageHeading>
      <DashboardCard title={gp ? "Your GP details" : "Tell us about your GP"} headingId="gp-heading">
        {gp ? (
          <p>
            {gp.consentToShare ? `We write to ${gp.practiceName} when we supply you a prescription medicine.` : `You have not consented to us contacting ${gp.practiceName}.`} You can change this at any time.
          </p>
        ) : (
          <p>We have no GP details for you yet. Weight-loss medicines such as Mounjaro need them before the prescriber can supply.</p>
        )}
        <GpDetailsForm gp={gp} />
      </DashboardCard>
    </>
  );
}
