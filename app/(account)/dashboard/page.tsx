import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ResendVerificationForm } from "@/components/account/resend-verification-form";
import { CheckIcon } from "@/components/icons/check-icon";
import { greetingFor } from "@/lib/format/greeting";
import { getAccount } from "@/lib/server/account/get-account";
import { requireActor } from "@/lib/server/auth/guards";
import { listPatientTasks } from "@/lib/server/prescriptions/list-patient-tasks";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "./_components/dashboard-card";
import { PageHeading } from "./_components/page-heading";
import styles from "./page.module.css";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Dashboard", description: "Your account at a glance.", path: "/dashboard", noIndex: true });
}

const dueLabel = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

export default async function DashboardPage() {
  const actor = await requireActor("/dashboard");
  // A pharmacy account has no patient dashboard: it lands on its own page after signing in.
  if (actor.kind === "pharmacy") redirect("/pharmacy");
  const { user } = actor;
  const [account, tasks] = await Promise.all([getAccount(actor), listPatientTasks(actor)]);
  return (
    <>
      <PageHeading intro="Your orders, subscriptions and account settings, in one place.">
        {greetingFor(new Date())}, {user.name}!
      </PageHeading>
      <DashboardCard title="Tasks" headingId="tasks-heading">
        {tasks.map((task) =>
          task.kind === "check_in" ? (
            <div key={task.checkInId} className={styles.task}>
              <h3 className={`${styles.allSet} ${styles.taskTitle}`}>
                <span className={`${styles.tick} ${styles.attention}`} aria-hidden="true">
                  !
                </span>
                {task.missed ? "Complete your check-in to carry on" : `Complete your check-in before ${dueLabel.format(new Date(task.dueBy))}`}
              </h3>
              <div className={styles.taskBody}>
                <p>
                  {task.missed
                    ? `Your ${task.planName} subscription is paused and nothing was charged. Once our prescriber approves your check-in, we send your next supply.`
                    : `Before we send your next ${task.planName} supply, our prescriber needs a few answers from you. Nothing is charged until it is approved.`}
                </p>
                <p>
                  <Link href={`/dashboard/check-ins/${task.checkInId}`} className="button">
                    Complete your check-in<span className="visually-hidden"> for {task.planName}</span>
                  </Link>
                </p>
              </div>
            </div>
          ) : (
            <div key={task.requestId} className={styles.task}>
              <h3 className={`${styles.allSet} ${styles.taskTitle}`}>
                <span className={`${styles.tick} ${styles.attention}`} aria-hidden="true">
                  ?
                </span>
                A prescriber has a question for you
              </h3>
              <div className={styles.taskBody}>
                <p>About your prescription request {task.reference}. Your request waits until you answer.</p>
                <p>
                  <Link href={`/dashboard/orders/prescriptions/${task.requestId}`} className="button">
                    Answer the question<span className="visually-hidden"> about request {task.reference}</span>
                  </Link>
                </p>
              </div>
            </div>
          ),
        )}
        {account.email_verified ? null : (
          <>
            <h3 className={`${styles.allSet} ${styles.taskTitle}`}>
              <span className={`${styles.tick} ${styles.attention}`} aria-hidden="true">
                !
              </span>
              Verify your email address
            </h3>
            <div className={styles.taskBody}>
              <p>
                We sent a link to <strong>{account.email}</strong>. Open it to confirm that the address
                is yours; it expires after 24 hours.
              </p>
              <ResendVerificationForm />
            </div>
          </>
        )}
        {account.email_verified && !tasks.length ? (
          <>
            <p className={styles.allSet}>
              <span className={styles.tick}>
                <CheckIcon size={20} />
              </span>
              You are all set
            </p>
            <p className={styles.note}>No tasks at the moment</p>
          </>
        ) : null}
      </DashboardCard>
      <DashboardCard title="Treatments" headingId="treatments-heading">
        <p>Take an assessment for a treatment, or read about how our pharmacists can help.</p>
        <Link href="/treatments" className="button button-secondary">
          Browse treatments
        </Link>
      </DashboardCard>
    </>
  );
}
