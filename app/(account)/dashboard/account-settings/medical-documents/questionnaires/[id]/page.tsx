import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AnswersList } from "@/components/prescriptions/answers-list";
import { formatLongDate } from "@/lib/format/dates";
import { PhotoLinks } from "@/components/prescriptions/photo-links";
import { requireActor } from "@/lib/server/auth/guards";
import { getSubmittedAnswers } from "@/lib/server/prescriptions/get-submitted-answers";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "../../../../_components/dashboard-card";
import { PageHeading } from "../../../../_components/page-heading";
import styles from "../../page.module.css";

type Props = { params: Promise<{ id: string }> };

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Questionnaire answers", description: "Your submitted answers.", path: "/dashboard/account-settings/medical-documents", noIndex: true });
}

export default async function QuestionnaireAnswersPage({ params }: Props) {
  const { id } = await params;
  const actor = await requireActor(`/dashboard/account-settings/medical-documents/questionnaires/${id}`);
  const questionnaire = await getSubmittedAnswers(actor, id);
  if (!questionnaire) notFound();
  return (
    <>
      <p className={styles.back}>
        <Link href="/dashboard/account-settings/medical-documents">Back to medical documents</Link>
      </p>
      <PageHeading intro={questionnaire.submittedAt ? `Submitted ${formatLongDate(questionnaire.submittedAt)}. Answers cannot be changed once sent.` : undefined}>
        {questionnaire.title}
      </PageHeading>
      <DashboardCard title="Your answers" headingId="answers-heading">
        <AnswersList answers={questionnaire.answers} />
        <p>
          <a className="button button-secondary" href={`/api/medical-documents/questionnaires/${questionnaire.id}`} download>
            Download answers (JSON)
          </a>
        </p>
      </DashboardCard>
      <DashboardCard title="Your photos" headingId="photos-heading">
        <PhotoLinks photos={questionnaire.photos} emptyText="You did not upload photos with this questionnaire." />
      </DashboardCard>
    </>
  );
}
