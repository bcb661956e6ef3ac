import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { InvitedBookingForm } from "@/components/booking/invited/invited-booking-form";
import { formatLongDate, londonToday } from "@/lib/format/dates";
import { requireActor } from "@/lib/server/auth/guards";
import { getOwnInvitation } from "@/lib/server/orders/history/get-own-invitation";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "../../../_components/dashboard-card";
import { PageHeading } from "../../../_components/page-heading";

type Props = { params: Promise<{ id: string }> };

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Book your free consultation", description: "Book the consultation our pharmacist invited you to.", path: "/dashboard/orders", noIndex: true });
}

export default async function InvitedConsultationPage({ params }: Props) {
  const { id } = await params;
  const actor = await requireActor(`/dashboard/consultations/invited/${id}`);
  const invitation = await getOwnInvitation(actor, id);
  if (!invitation) notFound();
  return (
    <>
      <PageHeading>Book your free consultation</PageHeading>
      {invitation.state === "open" ? (
        <>
          <DashboardCard title={invitation.typeName} headingId="invitation-heading">
            <p>
              Our pharmacist would like to speak with you{invitation.orderReference ? ` about order ${invitation.orderReference}` : ""} before it is sent. There is no fee. Please
              book by {formatLongDate(invitation.expiresAt)}.
            </p>
            {invitation.note ? (
              <p>
                <strong>From your pharmacist:</strong> {invitation.note}
              </p>
            ) : null}
          </DashboardCard>
          <InvitedBookingForm invitationId={invitation.id} today={londonToday()} typeSlug={invitation.typeSlug} />
        </>
      ) : (
        <DashboardCard title={invitation.state === "used" ? "Already booked" : "This invitation has expired"} headingId="invitation-heading">
          <p>
            {invitation.state === "used"
              ? "You have already booked this consultation. You can see it under Orders."
              : "Please contact us and we will send you a new invitation."}
          </p>
          <Link href="/dashboard/orders" className="button button-secondary">
            Back to your orders
          </Link>
        </DashboardCard>
      )}
    </>
  );
}
