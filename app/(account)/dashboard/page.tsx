import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ResendVerificationForm } from "@/components/account/resend-verification-form";
import { CheckIcon } from "@/components/icons/check-icon";
import { formatLongDate } from "@/lib/format/dates";
import { greetingFor } from "@/lib/format/greeting";
import { getAccount } from "@/lib/server/account/get-account";
import { requireActor } from "@/lib/server/auth/guards";
import { getGpTask } from "@/lib/server/gp/get-gp-task";
import { findIdentityTask } from "@/lib/server/identity/find-identity-task";
import { listPatientTasks } from "@/lib/server/prescriptions/list-patient-tasks";
import { getBaselinePhotoTask } from "@/lib/server/progress-photos/get-baseline-photo-task";
import { listWeightTasks } from "@/lib/server/weight-verification/list-weight-tasks";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "./_components/dashboard-card";
import { PageHeading } from "./_components/page-heading";
import { TaskItem } from "./_components/task-item";
import styles from "./_components/tasks.module.css";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Dashboard", description: "Your account at a glance.", path: "/dashboard", noIndex: true });
}

export default async function DashboardPage() {
  const actor = await requireActor("/dashboard");
  // A pharmacy account has no patient dashboard: it lands on its own page after signing in.
  if (actor.kind === "pharmacy") redirect("/pharmacy");
  const { user } = actor;
  const [account, tasks, identityTask, weightTasks, gpTask, photoTask] = await Promise.all([
    getAccount(actor),
    listPatientTasks(actor),
    findIdentityTask(actor),
    listWeightTasks(actor),
    getGpTask(actor),
    getBaselinePhotoTask(actor),
  ]);
  return (
    <>
      <PageHeading intro="Your orders, subscriptions and account settings, in one place.">
        {greetingFor(new Date())}, {user.name}!
      </PageHeading>
      <DashboardCard title="Tasks" headingId="tasks-heading">
        {tasks.map((task) =>
          task.kind === "check_in" ? (
            <TaskItem
              key={task.checkInId}
              title={task.missed ? "Complete your check-in to carry on" : `Complete your check-in before ${formatLongDate(task.dueBy)}`}
              href={`/dashboard/check-ins/${task.checkInId}`}
              action="Complete your check-in"
              actionContext={`for ${task.planName}`}
            >
              <p>
                {task.missed
                  ? `Your ${task.planName} subscription is paused and nothing was charged. Once our prescriber approves your check-in, we send your next supply.`
                  : `Before we send your next ${task.planName} supply, our prescriber needs a few answers from you. Nothing is charged until it is approved.`}
              </p>
            </TaskItem>
          ) : (
            <TaskItem key={task.requestId} mark="?" title="A prescriber has a question for you" href={`/dashboard/orders/prescriptions/${task.requestId}`} action="Answer the question" actionContext={`about request ${task.reference}`}>
              <p>About your prescription request {task.reference}. Your request waits until you answer.</p>
            </TaskItem>
          ),
        )}
        {identityTask ? (
          <TaskItem title={identityTask.reason === "not_verified" ? "Verify your identity" : "Verify your identity again"} href="/dashboard/identity" action="Verify your identity">
            <p>
              {identityTask.reason === "mismatch"
                ? `The ${identityTask.mismatched.join(" and ")} on your identity document ${identityTask.mismatched.length > 1 ? "do" : "does"} not match your questionnaire.`
                : identityTask.reason === "not_accepted"
                  ? "Your last identity document was not accepted."
                  : "We check your identity before supplying a prescription-only medicine."}{" "}
              {identityTask.references.join(", ")} {identityTask.references.length > 1 ? "wait" : "waits"} until you do.
            </p>
          </TaskItem>
        ) : null}
        {weightTasks.map((task) => (
          <TaskItem
            key={task.reference}
            title={task.chosen === "VIDEO_CONSULTATION" ? "Book your video consultation to check your weight" : "Send your weight verification photo"}
            href={task.chosen === "VIDEO_CONSULTATION" ? "/consultation" : `/dashboard/orders/${task.reference}`}
            action={task.chosen === "VIDEO_CONSULTATION" ? "Book a video consultation" : "Send your photo"}
            actionContext={`for order ${task.reference}`}
          >
            <p>
              Your order {task.reference} of {task.medicine} waits until our pharmacist has checked your weight: send a full-length photo of you standing on your
              scales with today&apos;s date handwritten, or book a video consultation.
            </p>
          </TaskItem>
        ))}
        {gpTask ? (
          <TaskItem title="Tell us about your GP" href="/dashboard/gp" action="Add your GP">
            <p>Before we can supply {gpTask.requiredFor}, we need your GP practice and whether we may tell them about it.</p>
          </TaskItem>
        ) : null}
        {photoTask ? (
          <TaskItem mark="+" title="Add your baseline progress photos" href="/dashboard/progress" action="Add your baseline progress photos" actionContext={`for request ${photoTask.reference}`}>
            <p>Three photos of your hair today (hairline, crown and top of the head) are the starting point your prescriber compares your treatment with. It takes a few minutes and nothing waits for it.</p>
          </TaskItem>
        ) : null}
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
        {account.email_verified && !tasks.length && !identityTask && !weightTasks.length && !gpTask && !photoTask ? (
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
        <p>
          Treating hair loss? <Link href="/dashboard/progress">Add and compare your progress photos</Link>: your prescriber sees them at your next review.
        </p>
      </DashboardCard>
    </>
  );
}
