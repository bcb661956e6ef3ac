import type { Metadata } from "next";
import { StaffActionButton } from "@/components/staff/staff-action-button";
import { requireStaff } from "@/lib/server/auth/guards";
import { GP_LETTER_STAFF_ROLES } from "@/lib/server/gp/gp-letter-staff-roles";
import { listGpLettersToPost } from "@/lib/server/gp/list-gp-letters";
import type { GpLetterSummary } from "@/lib/server/gp/types";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { formatDateTime } from "@/lib/format/dates";
import { StaffCard, StaffHeading } from "../_components/staff-card";
import styles from "@/components/staff/queue-list.module.css";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "GP letters to post", description: "Letters to GP practices without an email address.", path: "/staff/gp-letters", noIndex: true });
}

function LetterList({ letters, labelledBy, canMarkPosted }: { letters: GpLetterSummary[]; labelledBy: string; canMarkPosted: boolean }) {
  return (
    <ol className={styles.list} aria-labelledby={labelledBy}>
      {letters.map((letter) => (
        <li key={letter.id} className={styles.item}>
          <span className={styles.reference}>{letter.subjectReference}</span>
          <div>
            <dl className={styles.facts}>
              <div>
                <dt>Practice</dt>
                <dd>
                  {letter.practiceName}
                  <br />
                  {letter.practiceAddress.split("\n").join(", ")}
                </dd>
              </div>
              <div>
                <dt>Written</dt>
                <dd>{formatDateTime(letter.createdAt)}</dd>
              </div>
              {letter.postedAt ? (
                <div>
                  <dt>Posted</dt>
                  <dd>{formatDateTime(letter.postedAt)}</dd>
                </div>
              ) : null}
            </dl>
            <p>
              {/* Opening the letter is an audited view of medical data. */}
              <a href={`/api/staff/gp-letters/${letter.id}/pdf`} download>
                Download letter<span className="visually-hidden"> for {letter.subjectReference}</span> (PDF)
              </a>
            </p>
            {canMarkPosted ? <StaffActionButton path={`/api/staff/gp-letters/${letter.id}/posted`} label={`Mark ${letter.subjectReference} posted`} busyLabel="Saving..." secondary /> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

export default async function GpLettersPage() {
  await requireStaff("/staff/gp-letters", GP_LETTER_STAFF_ROLES);
  const { toPost, posted } = await listGpLettersToPost();
  return (
    <>
      <StaffHeading intro="Letters telling a patient's GP what we supplied, for practices with no email address. Print each one, post it to the practice, then mark it posted.">GP letters to post</StaffHeading>
      <StaffCard title={`To post (${toPost.length})`} headingId="to-post-heading">
        {toPost.length ? <LetterList letters={toPost} labelledBy="to-post-heading" canMarkPosted /> : <p>No letters are waiting to be posted.</p>}
      </StaffCard>
      <StaffCard title="Recently posted" headingId="posted-heading">
        {posted.length ? <LetterList letters={posted} labelledBy="posted-heading" canMarkPosted={false} /> : <p>No letters have been posted yet.</p>}
      </StaffCard>
    </>
  );
}
