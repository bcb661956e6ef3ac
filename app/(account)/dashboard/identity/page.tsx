import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { formatCalendarDate, formatLongDate } from "@/lib/format/dates";
import { requireActor } from "@/lib/server/auth/guards";
import { getIdentityPage } from "@/lib/server/identity/get-identity-page";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "../_components/dashboard-card";
import { PageHeading } from "../_components/page-heading";
import { StartIdentityCheck } from "./_components/start-identity-check";
import styles from "./page.module.css";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Your identity", description: "Verify your identity before a prescription-only medicine.", path: "/dashboard/identity", noIndex: true });
}

export default async function IdentityPage({ searchParams }: { searchParams: Promise<{ returned?: string | string[] }> }) {
  const actor = await requireActor("/dashboard/identity");
  if (actor.kind !== "patient") redirect("/dashboard");
  const { returned } = await searchParams;
  const { verified, attempt, task } = await getIdentityPage(actor, { returned: returned === "1" });
  const waiting = task ? `Your ${task.references.length > 1 ? "requests" : "request"} ${task.references.join(", ")} ${task.references.length > 1 ? "wait" : "waits"} until this is done.` : null;
  return (
    <>
      <PageHeading intro="Before we supply a prescription-only medicine, the law asks us to check that you are who you say you are.">Your identity</PageHeading>
      <DashboardCard title="Identity check" headingId="identity-heading">
        <div className={styles.body}>
          {task?.reason === "mismatch" ? (
            <p className={styles.problem}>
              The {task.mismatched.join(" and ")} on your identity document {task.mismatched.length > 1 ? "do" : "does"} not match what you gave in your questionnaire. Verify again with a document in
              the name and date of birth you gave, or contact us if your answers need correcting. {waiting}
            </p>
          ) : null}
          {attempt?.status === "REQUIRES_INPUT" && attempt.lastError ? (
            <p className={styles.problem}>Your last document was not accepted: {attempt.lastError} Please try again with a clear photo of the whole document. {waiting}</p>
          ) : null}
          {attempt?.status === "PROCESSING" ? <p>We are checking your document. This page shows the result when it is ready; there is nothing more to do now.</p> : null}
          {verified ? (
            <>
              {task?.reason === "mismatch" ? <p>The document you verified says:</p> : <p className={styles.done}>Your identity is verified.</p>}
              <dl className={styles.facts}>
                <div>
                  <dt>Name on the document</dt>
                  <dd>{verified.name}</dd>
                </div>
                <div>
                  <dt>Date of birth</dt>
                  <dd>{formatCalendarDate(verified.dateOfBirth)}</dd>
                </div>
                <div>
                  <dt>Verified on</dt>
                  <dd>{formatLongDate(verified.verifiedAt)}</dd>
                </div>
              </dl>
            </>
          ) : !attempt?.lastError && attempt?.status !== "PROCESSING" ? (
            <p>
              You have not verified your identity yet. It takes a few minutes: you photograph a passport, driving licence or national identity card with our identity partner
              (Stripe). {waiting}
            </p>
          ) : null}
          {task || !verified ? (
            attempt?.status === "PROCESSING" ? null : <StartIdentityCheck label={verified ? "Verify your identity again" : attempt?.lastError ? "Try again" : "Verify your identity"} />
          ) : (
            <p className={styles.note}>If your name or date of birth changes, we will ask you to verify again before your next prescription-only medicine.</p>
          )}
        </div>
      </DashboardCard>
    </>
  );
}
