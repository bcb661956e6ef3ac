"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Modal } from "@/components/modal/modal";
import { readApiBody } from "@/components/forms/read-api-body";
import { apiFetch } from "@/lib/client/api-fetch";
import { openCheckout } from "@/lib/client/open-checkout";
import { formatPence } from "@/lib/format/money";
import { PlanCards } from "./plan-cards";
import { usePlans } from "./use-plans";
import styles from "./prescription-checkout.module.css";

export type CheckoutScreenState =
  | { kind: "ready"; questionnaireId: string }
  | { kind: "no-questionnaire"; debug: string | null }
  | { kind: "already-paid" }
  | { kind: "submitted" }
  | { kind: "processing" }
  | { kind: "save-failed"; detail: string };

type PrescriptionCheckoutProps = { pricePence: number; state: CheckoutScreenState; cancelled: boolean };

const THANK_YOU = "Thank you! A specialist will review your responses and issue your prescription within 24 hours.";
const DATA_ID_KEY = "questionnaireDataId";

/** The spec's prescription checkout screen: plans, "Pay with Stripe", the return from checkout. */
export function PrescriptionCheckout({ pricePence, state, cancelled }: PrescriptionCheckoutProps) {
  const router = useRouter();
  const plans = usePlans("prescription");
  const [planId, setPlanId] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // Back from checkout, paid or not: the browser forgets the questionnaire's id (the answers were never here).
    if (cancelled || state.kind === "submitted") window.localStorage.removeItem(DATA_ID_KEY);
  }, [cancelled, state.kind]);

  async function pay(questionnaireId: string) {
    setWorking(true);
    setError(null);
    try {
      const response = await apiFetch("/api/prescription/pay", {
        json: { price: pricePence / 100, questionnaire_id: questionnaireId, payment_status: "pending", plan_id: planId },
      });
      const body = await readApiBody(response);
      const url = typeof body.url === "string" ? body.url : null;
      if (response.ok && url) return openCheckout(url);
      const reason = (typeof body.error === "string" && body.error) || (typeof body.message === "string" && body.message) || "Unknown error";
      setError(`Failed to initiate payment. Please try again. Error: ${reason}`);
    } catch (caught) {
      setError(`Failed to initiate payment. Please try again. Error: ${caught instanceof Error ? caught.message : "Unknown error"}`);
    }
    setWorking(false);
  }

  return (
    <div className={styles.card}>
      <h1 className={styles.title}>Prescription Service</h1>
      <p>Answer our medical questionnaire, pay once, and a specialist reviews your answers. If a treatment is right for you, you receive a prescription to take to any local pharmacy you prefer.</p>
      <p className={styles.price}>{formatPence(pricePence)}</p>
      {cancelled ? <p role="alert" className="form-message-error">Payment was canceled. No prescription was saved.</p> : null}
      {state.kind === "ready" ? <PlanCards state={plans} selected={planId} onSelect={setPlanId} disabled={working} /> : null}
      {state.kind === "ready" ? (
        <button type="button" className={`button ${styles.pay}`} onClick={() => pay(state.questionnaireId)} disabled={working} aria-busy={working}>
          {working ? "Processing..." : "Pay with Stripe"}
        </button>
      ) : null}
      {state.kind === "no-questionnaire" ? (
        <div className={styles.missing}>
          <p role="alert">Please complete the questionnaire first.{state.debug ? ` Debug: ${state.debug}` : ""}</p>
          <Link href="/prescription/questionnaire/1" className="button">Go to Questionnaire</Link>
        </div>
      ) : null}
      {state.kind === "already-paid" ? (
        <p role="status">
          This questionnaire has already been paid for. <Link href="/dashboard/orders">Follow your request in your account</Link>.
        </p>
      ) : null}
      {state.kind === "processing" ? <p role="status">Your payment is still being processed. We will email you as soon as it clears; there is no need to pay again.</p> : null}
      {state.kind === "save-failed" ? <p role="alert" className="form-message-error">Payment succeeded, but data submission failed. Please contact support. Error: {state.detail}</p> : null}
      {error ? <p role="alert" className="form-message-error">{error}</p> : null}
      <p className={styles.note}>A specialist will review your questionnaire within 24 hours and, where a treatment is right for you, issue your prescription.</p>
      <Modal open={state.kind === "submitted"} title="Prescription Submitted" message={THANK_YOU} continueLabel="Done" onContinue={() => router.push("/")} />
    </div>
  );
}
