import type { ReviewCase } from "@/lib/server/prescription-review/types";
import { formatCalendarDate, formatDateTime } from "@/lib/format/dates";
import { StaffCard } from "../../../_components/staff-card";
import styles from "@/components/staff/case-sections.module.css";

/** The patient, their answers in question order, and their photos. */
export function CaseDetails({ review }: { review: ReviewCase }) {
  const { patient } = review;
  return (
    <>
      <StaffCard title="Patient" headingId="patient-heading">
        <dl className={styles.facts}>
          <div>
            <dt>Name</dt>
            <dd>{patient.name}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd className={styles.breakable}>{patient.email}</dd>
          </div>
          <div>
            <dt>Date of birth</dt>
            <dd>{patient.dateOfBirth ? `${formatCalendarDate(patient.dateOfBirth)} (age ${patient.age ?? "unknown"})` : "Not given"}</dd>
          </div>
          <div>
            <dt>Account</dt>
            <dd>{patient.hasAccount ? "Registered patient" : "Guest checkout"}</dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd>{review.submittedAt ? formatDateTime(review.submittedAt) : "—"}</dd>
          </div>
          {review.planName ? (
            <div>
              <dt>Plan chosen</dt>
              <dd>{review.planName}</dd>
            </div>
          ) : null}
        </dl>
      </StaffCard>
      <StaffCard title="Answers" headingId="answers-heading">
        <dl className={styles.answers}>
          {review.answers.map((answer) => (
            <div key={answer.step} className={styles.answer}>
              <dt>
                {answer.section ? <span className={styles.section}>{answer.section}</span> : null}
                <span className={styles.step}>Question {answer.step}.</span> {answer.question}
              </dt>
              {answer.answer.map((line, index) => (
                <dd key={index}>{line}</dd>
              ))}
            </div>
          ))}
        </dl>
      </StaffCard>
      <StaffCard title={`Photos (${review.photos.length})`} headingId="photos-heading">
        {review.photos.length ? (
          <ul className={styles.photos}>
            {review.photos.map((photo, index) => (
              <li key={photo.id}>
                <a href={photo.url} target="_blank" rel="noopener">
                  <img src={photo.url} alt={`Scalp photo ${index + 1} (${photo.name})`} className={styles.photo} loading="lazy" />
                  <span className={styles.photoName}>Open photo {index + 1} full size</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p>No photos were uploaded.</p>
        )}
      </StaffCard>
    </>
  );
}
