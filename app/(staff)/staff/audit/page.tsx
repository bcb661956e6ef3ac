import type { Metadata } from "next";
import Link from "next/link";
import { requireStaff } from "@/lib/server/auth/guards";
import { listAuditEvents } from "@/lib/server/prescription-review/list-audit-events";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { auditLogQuerySchema } from "@/lib/validation/prescription-review";
import { Pager } from "@/components/pager/pager";
import { StaffCard, StaffHeading } from "../_components/staff-card";
import { AuditList } from "./_components/audit-list";
import styles from "./_components/audit.module.css";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Audit log", description: "Staff views of medical data and decisions.", path: "/staff/audit", noIndex: true });
}

function pageHref(before: string | null, subject: string | null): string {
  const query = new URLSearchParams();
  if (subject) query.set("subject", subject);
  if (before) query.set("before", before);
  const text = query.toString();
  return text ? `/staff/audit?${text}` : "/staff/audit";
}

export default async function AuditLogPage({ searchParams }: Props) {
  const actor = await requireStaff("/staff/audit", ["ADMIN"]);
  const raw = await searchParams;
  const query = auditLogQuerySchema.parse({ before: typeof raw.before === "string" ? raw.before : undefined, subject: typeof raw.subject === "string" ? raw.subject : undefined });
  const log = await listAuditEvents(actor, query);
  return (
    <>
      <StaffHeading intro="Every staff view of a patient's medical data and every decision, newest first. Entries cannot be changed or deleted; reading this page is recorded too.">
        Audit log
      </StaffHeading>
      <StaffCard title="Find entries" headingId="filter-heading">
        <form method="get" action="/staff/audit" className={styles.filter} role="search" aria-labelledby="filter-heading">
          <div className="field">
            <label htmlFor="audit-subject" className="field-label">
              Subject id (a request, photo or message id)
            </label>
            <input id="audit-subject" name="subject" className="input" defaultValue={log.subject ?? ""} autoComplete="off" spellCheck={false} />
          </div>
          <div className={styles.filterButtons}>
            <button type="submit" className="button">
              Show entries
            </button>
            {log.subject ? (
              <Link href="/staff/audit" className="button button-secondary">
                Show all
              </Link>
            ) : null}
          </div>
        </form>
      </StaffCard>
      <StaffCard title={`${log.subject ? `Entries for ${log.subject}` : "All entries"}${log.isLaterPage ? ", older" : ""}`} headingId="entries-heading">
        {log.events.length ? <AuditList events={log.events} labelledBy="entries-heading" /> : <p>No entries.</p>}
        <Pager
          label="Audit log pages"
          first={log.isLaterPage ? { href: pageHref(null, log.subject), text: "Newest entries" } : null}
          next={log.olderBefore ? { href: pageHref(log.olderBefore, log.subject), text: "Older entries" } : null}
        />
      </StaffCard>
    </>
  );
}
