import Link from "next/link";
import { SubscribeButton } from "@/components/subscriptions/subscribe-button";
import { formatPence } from "@/lib/format/money";
import type { PrescriptionPlanState } from "@/lib/server/subscriptions/start-prescription-plan";
import styles from "./case-outcome.module.css";

const every = (months: number) => (months === 1 ? "every month" : `every ${months} months`);

/** The plan chosen at the prescription checkout: waiting for the prescription, ready to confirm and pay, or started. */
export function CasePlan({ requestId, plan }: { requestId: string; plan: PrescriptionPlanState }) {
  if (plan.kind === "none") return null;
  return (
    <section className={styles.outcome} aria-labelledby="plan-heading">
      <h3 id="plan-heading">Your plan: {plan.planName}</h3>
      {plan.kind === "waiting" ? (
        <p>Once the prescriber issues your prescription you can confirm this plan here and pay for its first supply. So far you have paid only the prescription service fee.</p>
      ) : null}
      {plan.kind === "ready" ? (
        <>
          <p>
            Your prescription is issued. Under this plan our pharmacy supplies your prescribed medicine {every(plan.durationMonths)} for {formatPence(plan.pricePence)}, delivered free,
            after a pharmacist&apos;s check. Confirm and pay to start it, or take your prescription to any UK pharmacy instead.
          </p>
          <p className={styles.actions}>
            <SubscribeButton path={`/api/prescriptions/${requestId}/plan`} planId={requestId} planName={plan.planName} label="Confirm and pay for your plan" />
          </p>
        </>
      ) : null}
      {plan.kind === "started" ? (
        <p>
          Your plan has started: our pharmacy supplies this prescription, so it cannot also be dispensed elsewhere. <Link href="/dashboard/subscriptions">Manage it under Subscriptions</Link>.
        </p>
      ) : null}
      {plan.kind === "unavailable" ? <p>{plan.reason}</p> : null}
    </section>
  );
}
