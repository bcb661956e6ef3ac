import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { env } from "@/lib/env";
import { formatDateTimeSeconds } from "@/lib/format/dates";
import { isLocalRequest } from "@/lib/server/core/request/is-local-request";
import { listOutboxEmails } from "@/lib/server/services/mail/list-outbox-emails";
import { splitLinks } from "./_components/split-links";
import styles from "./page.module.css";

// Development only: with no SMTP server, email (password reset links included) is kept in
// the outbox table and read here. A production deployment, or any with SMTP, has no page;
// nor has any request that is not from this machine itself (loopback peer, no proxy): the
// links in it take over accounts.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Outbox (development)", robots: { index: false, follow: false } };

export default async function OutboxPage() {
  const { APP_ENV, SMTP_URL } = env();
  if (APP_ENV === "production" || SMTP_URL || !isLocalRequest(await headers())) notFound();
  const emails = await listOutboxEmails(50);
  return (
    <div className="section">
      <div className="container">
        <h1>Outbox</h1>
        <p className="lead">
          Development only. Without an SMTP server, the emails the site sends are kept here: the latest 50, newest first.
        </p>
        {emails.length ? (
          <ol className={styles.list}>
            {emails.map((email) => (
              <li key={email.id}>
                <article className={styles.email} aria-labelledby={`email-${email.id}`}>
                  <h2 id={`email-${email.id}`} className={styles.subject}>
                    {email.subject}
                  </h2>
                  <dl className={styles.meta}>
                    <dt>To</dt>
                    <dd>{email.toAddress}</dd>
                    <dt>Sent</dt>
                    <dd>
                      <time dateTime={email.createdAt.toISOString()}>{formatDateTimeSeconds(email.createdAt)}</time>
                    </dd>
                  </dl>
                  <p className={styles.text}>
                    {splitLinks(email.text).map((part, index) =>
                      part.kind === "link" ? (
                        <a key={index} href={part.value}>
                          {part.value}
                        </a>
                      ) : (
                        part.value
                      ),
                    )}
                  </p>
                </article>
              </li>
            ))}
          </ol>
        ) : (
          <p>The outbox is empty.</p>
        )}
      </div>
    </div>
  );
}
