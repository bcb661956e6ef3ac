import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { formatLongDate } from "@/lib/format/dates";
import { requireActor } from "@/lib/server/auth/guards";
import { getOwnCheckIn } from "@/lib/server/check-ins/get-own-check-in";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "../../_components/dashboard-card";
import { PageHeading } from "../../_components/page-heading";
import { CheckInForm } from "./_components/check-in-form";

type Props = { params: Promise<{ id: string }> };

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Your check-in", description: "A few questions before your next supply.", path: "/dashboard/subscriptions", noIndex: true });
}

const AFTER: Record<string, string> = {
  SUBMITTED: "Thank you: our prescriber is reviewing your answers. We will email you when your next supply is approved; nothing is charged until then.",
  APPROVED: "Our prescriber has approved your next supply.",
  REFERRED: "Our prescriber would like to speak with you before your next supply. We have emailed you an invitation to a free consultation.",
  STOPPED: "You chose to stop: your subscription ends and nothing more is charged.",
};

/** The patient's renewal check-in (owner only: another patient's is not found). */
export default async function CheckInPage({ params }: Props) {
  const { id } = await params;
  const actor = await requireActor(`/dashboard/check-ins/${id}`);
  const checkIn = await getOwnCheckIn(actor, id);
  if (!checkIn) notFound();
  const open = checkIn.status === "DUE" || checkIn.status === "MISSED";
  const due = formatLongDate(checkIn.dueBy);
  return (
    <>
      <PageHeading intro={`${checkIn.planName} · check-in ${checkIn.reference}`}>Your check-in</PageHeading>
      {open ? (
        <DashboardCard title="Before your next supply" headingId="check-in-heading">
          <p>
            {checkIn.status === "MISSED"
              ? "Your renewal date has passed, so we have not charged you and your subscription is paused. Answer these questions and, once our prescriber approves them, we charge your card and send your next supply straight away."
              : `Please answer before ${due}. Our prescriber reviews every repeat supply; nothing is charged until your next supply is approved.`}
          </p>
          <CheckInForm checkInId={checkIn.id} needsWeight={checkIn.needsWeight} checkIn={checkIn} needsPhotos={checkIn.needsPhotos} />
        </DashboardCard>
      ) : (
        <DashboardCard title="Check-in sent" headingId="check-in-heading">
          <p>{AFTER[checkIn.status]}</p>
          <Link href="/dashboard/subscriptions" className="button button-secondary">
            Your subscriptions
          </Link>
        </DashboardCard>
      )}
    </>
  );
}
