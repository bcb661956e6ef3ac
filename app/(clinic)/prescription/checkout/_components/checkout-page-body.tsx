import { headers } from "next/headers";
import { QuestionnaireGpStep } from "@/components/gp/questionnaire-gp-step";
import { env } from "@/lib/env";
import type { Actor } from "@/lib/server/core/actor/types";
import { confirmPrescriptionPayment } from "@/lib/server/prescriptions/confirm-prescription-payment";
import { getQuestionnaireGpDetails } from "@/lib/server/gp/questionnaire-gp-details";
import { getCheckoutState } from "@/lib/server/prescriptions/get-checkout-state";
import { getPrescriptionOffer } from "@/lib/server/prescriptions/get-prescription-offer";
import { describeError } from "@/lib/server/services/payments/stripe-client";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { PrescriptionCheckout, type CheckoutScreenState } from "./prescription-checkout";
import styles from "./prescription-checkout.module.css";
import { logger } from "@/lib/server/core/log/logger";

type Query = { questionnaireId?: string; session_id?: string; cancel?: string };

/** The checkout screen for both routes: /prescription/checkout and its /success return. */
export async function CheckoutPageBody({ actor, query }: { actor: Actor | null; query: Query }) {
  const { pricePence } = await getPrescriptionOffer(null);
  const state = await screenState(actor, query);
  // Optional here (issue 23): the GP is asked around the spec's screen, never as a condition of paying.
  const gp = state.kind === "ready" && actor ? await getQuestionnaireGpDetails(actor, state.questionnaireId) : undefined;
  return (
    <div className="section section-cream">
      <div className={`container ${styles.stack}`}>
        <PrescriptionCheckout pricePence={pricePence} state={state} cancelled={query.cancel === "1"} />
        {state.kind === "ready" && gp !== undefined ? <QuestionnaireGpStep questionnaireId={state.questionnaireId} step="optional" details={gp} signedIn={actor?.kind !== "guest"} /> : null}
      </div>
    </div>
  );
}

async function screenState(actor: Actor | null, query: Query): Promise<CheckoutScreenState> {
  if (query.session_id) {
    try {
      const { state } = await confirmPrescriptionPayment({ sessionId: query.session_id, actor, clientAddress: clientAddress(await headers()) });
      if (state === "paid" || state === "refunded") return { kind: "submitted" };
      if (state === "processing" || state === "confirming") return { kind: "processing" };
      if (state === "failed") return { kind: "save-failed", detail: "the payment was not completed." };
      return { kind: "save-failed", detail: "we could not find this payment." };
    } catch (error) {
      // Provider errors are answered from our records; this is our own failure (the database):
      // the webhook will save the request and email the patient.
      logger.error(`Prescription checkout return could not be confirmed: ${describeError(error)}`);
      return { kind: "processing" };
    }
  }
  if (!actor) return { kind: "no-questionnaire", debug: null };
  const state = await getCheckoutState(actor, query.questionnaireId);
  if (state.kind !== "no-questionnaire") return state;
  // Diagnostic detail only in development builds (product decisions).
  return { kind: "no-questionnaire", debug: env().NODE_ENV === "development" ? state.reason : null };
}
