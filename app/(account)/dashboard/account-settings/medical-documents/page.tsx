import type { Metadata } from "next";
import Link from "next/link";
import { formatLongDate } from "@/lib/format/dates";
import { PhotoLinks } from "@/components/prescriptions/photo-links";
import { requireActor } from "@/lib/server/auth/guards";
import { listOwnGpLetters } from "@/lib/server/gp/list-gp-letters";
import { GP_LETTER_PATIENT_LABELS } from "@/lib/server/gp/types";
import { listMedicalDocuments } from "@/lib/server/prescriptions/list-medical-documents";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "../../_components/dashboard-card";
import { PageHeading } from "../../_components/page-heading";
import list from "@/components/prescriptions/document-list.module.css";
import styles from "./page.module.css";

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Medical documents",
    description: "Your prescriptions, questionnaire answers and photos.",
    path: "/dashboard/account-settings/medical-documents",
    noIndex: true,
  });
}

export default async function MedicalDocumentsPage() {
  const actor = await requireActor("/dashboard/account-settings/medical-documents");
  const [documents, gpLetters] = await Promise.all([listMedicalDocuments(actor), listOwnGpLetters(actor)]);
  return (
    <>
      <p className={styles.back}>
        <Link href="/dashboard/account-settings">Back to account settings</Link>
      </p>
      <PageHeading intro="Only you can open these. They are also part of Download my data in Account Settings.">Medical documents</PageHeading>
      <DashboardCard title="Prescriptions" headingId="prescriptions-heading">
        {documents.prescriptions.length ? (
          <ul className={list.list}>
            {documents.prescriptions.map((rx) => (
              <li key={rx.reference} className={list.item}>
                <span className={list.name}>{rx.medicine}</span>
                <span className={list.meta}>
                  Prescription {rx.reference} · issued {formatLongDate(rx.issuedAt)} · request {rx.requestReference}
                </span>
                <span className={list.actions}>
                  <a href={`/dashboard/prescriptions/${rx.reference}`}>
                    View and print<span className="visually-hidden"> prescription {rx.reference}</span>
                  </a>
                  <a href={`/api/prescription-documents/${rx.reference}/pdf`} download>
                    Download PDF<span className="visually-hidden"> of prescription {rx.reference}</span>
                  </a>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className={list.empty}>You have no prescriptions yet.</p>
        )}
      </DashboardCard>
      <DashboardCard title="Letters to your GP" headingId="gp-letters-heading">
        {gpLetters.length ? (
          <ul className={list.list}>
            {gpLetters.map((letter) => (
              <li key={letter.id} className={list.item}>
                <span className={list.name}>{letter.medicine}</span>
                <span className={list.meta}>
                  To {letter.practiceName} · {formatLongDate(letter.createdAt)} · {GP_LETTER_PATIENT_LABELS[letter.status]} · {letter.subjectReference}
                </span>
                <span className={list.actions}>
                  <a href={`/api/medical-documents/gp-letters/${letter.id}`} download>
                    Download PDF<span className="visually-hidden"> of the letter to your GP about {letter.subjectReference}</span>
                  </a>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className={list.empty}>
            No letters yet. <Link href="/dashboard/gp">Your GP details</Link>
          </p>
        )}
      </DashboardCard>
      <DashboardCard title="Questionnaire answers" headingId="questionnaires-heading">
        {documents.questionnaires.length ? (
          <ul className={list.list}>
            {documents.questionnaires.map((questionnaire) => (
              <li key={questionnaire.id} className={list.item}>
                <span className={list.name}>{questionnaire.title}</span>
                <span className={list.meta}>
                  Submitted {formatLongDate(questionnaire.submittedAt)}
                  {questionnaire.requestReferences.length ? ` · request ${questionnaire.requestReferences.join(", ")}` : ""}
                  {` · ${questionnaire.photoCount === 1 ? "1 photo" : `${questionnaire.photoCount} photos`}`}
                </span>
                <span className={list.actions}>
                  <Link href={`/dashboard/account-settings/medical-documents/questionnaires/${questionnaire.id}`}>
                    View answers<span className="visually-hidden"> submitted {formatLongDate(questionnaire.submittedAt)}</span>
                  </Link>
                  <a href={`/api/medical-documents/questionnaires/${questionnaire.id}`} download>
                    Download (JSON)<span className="visually-hidden"> answers submitted {formatLongDate(questionnaire.submittedAt)}</span>
                  </a>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className={list.empty}>You have not submitted a questionnaire yet.</p>
        )}
      </DashboardCard>
      <DashboardCard title="Photos" headingId="photos-heading">
        <PhotoLinks photos={documents.photos} emptyText="You have not sent us any photos." />
      </DashboardCard>
    </>
  );
}
