import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AnswersList } from "@/components/prescriptions/answers-list";
import { formatLongDate } from "@/lib/format/dates";
import { MessageThread } from "@/components/prescriptions/message-thread";
import { PhotoLinks } from "@/components/prescriptions/photo-links";
import { ReplyForm } from "@/components/prescriptions/reply-form";
import { StatusTimeline } from "@/components/prescriptions/status-timeline";
import { requireActor } from "@/lib/server/auth/guards";
import { getGpDetails } from "@/lib/server/gp/get-gp-details";
import { getPrescriptionCase } from "@/lib/server/prescriptions/get-prescription-case";
import { listOwnProgressPhotos } from "@/lib/server/progress-photos/list-progress-photos";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "../../../_components/dashboard-card";
import { PageHeading } from "../../../_components/page-heading";
import { getPrescriptionPlan } from "@/lib/server/subscriptions/start-prescription-plan";
import { CaseOutcome } from "./_components/case-outcome";
import { CasePlan } from "./_components/case-plan";
import { CaseProgress } from "./_components/case-progress";
import styles from "./page.module.css";

type Props = { params: Promise<{ id: string }> };

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Prescription request", description: "Your prescription request and its progress.", path: "/dashboard/orders", noIndex: true });
}

export default async function PrescriptionRequestPage({ params }: Props) {
  const { id } = await params;
  const actor = await requireActor(`/dashboard/orders/prescriptions/${id}`);
  const request = await getPrescriptionCase(actor, id);
  const plan = request ? await getPrescriptionPlan(actor, request.id) : null;
  if (!request || !plan) notFound();
  // Before the decision, the patient may still give their GP: the letter goes on issue, with consent.
  const isOpen = request.status === "SUBMITTED" || request.status === "IN_REVIEW" || request.status === "AWAITING_PATIENT";
  const gp = isOpen ? await getGpDetails(actor) : null;
  // Paid (not declined or refunded): the hair-loss treatment's progress photos belong here.
  const progress = isOpen || request.status === "ISSUED" ? await listOwnProgressPhotos(actor) : null;
  return (
    <>
      <p className={styles.back}>
        <Link href="/dashboard/orders">Back to orders</Link>
      </p>
      <PageHeading intro={request.submittedAt ? `Submitted ${formatLongDate(request.submittedAt)}` : undefined}>Prescription request {request.reference}</PageHeading>
      {request.canReply ? (
        <p className={styles.attention} role="note">
          <strong>A prescriber has a question for you.</strong> <a href="#messages-heading">Read it and answer below</a>.
        </p>
      ) : null}
      <DashboardCard title="Progress" headingId="progress-heading">
        <StatusTimeline steps={request.timeline} label={`Progress of request ${request.reference}`} />
        <CaseOutcome request={request} onPlan={plan.kind === "started"} />
        <CasePlan requestId={request.id} plan={plan} />
      </DashboardCard>
      {progress ? (
        <DashboardCard title="Your hair progress photos" headingId="hair-progress-heading">
          <CaseProgress sets={progress} />
        </DashboardCard>
      ) : null}
      <DashboardCard title="Messages" headingId="messages-heading">
        <MessageThread messages={request.messages} />
        <ReplyForm requestId={request.id} open={request.canReply} />
      </DashboardCard>
      {isOpen ? (
        <DashboardCard title="Your GP" headingId="gp-heading">
          <p>
            {!gp
              ? "Tell us your GP practice before the prescriber decides: with your consent we write to them about what we prescribe, so your medical record stays complete."
              : gp.consentToShare
                ? `When your prescription is issued we will write to ${gp.practiceName}.`
                : `You chose not to let us contact ${gp.practiceName}.`}
          </p>
          <p>
            <Link href="/dashboard/gp">{gp ? "Change your GP details" : "Add your GP"}</Link>
          </p>
        </DashboardCard>
      ) : null}
      <DashboardCard title="Your answers" headingId="answers-heading">
        <p className={styles.muted}>
          What you told us in the {request.questionnaire.title.toLowerCase()}
          {request.questionnaire.submittedAt ? ` on ${formatLongDate(request.questionnaire.submittedAt)}` : ""}. Answers cannot be changed once sent.
        </p>
        <AnswersList answers={request.questionnaire.answers} />
        <h3 className={styles.subheading}>Your photos</h3>
        <PhotoLinks photos={request.questionnaire.photos} emptyText="You did not upload photos with this questionnaire." />
      </DashboardCard>
    </>
  );
}
