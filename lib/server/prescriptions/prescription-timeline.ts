import "server-only";
import { formatPence } from "@/lib/format/money";
import type { PrescriptionStatus, TimelineStep } from "./types";

export type TimelineFacts = {
  status: PrescriptionStatus;
  pricePence: number;
  submittedAt: Date | null;
  decidedAt: Date | null;
  refundedAt: Date | null;
  /** When the prescriber last asked a question, and the patient last answered (null: never). */
  lastQuestionAt: Date | null;
  lastReplyAt: Date | null;
};

const FINAL: readonly PrescriptionStatus[] = ["ISSUED", "DECLINED", "CANCELLED"];

/**
 * A paid request's timeline as the patient sees it: submitted → in review → (question for
 * you → back in review) → prescription issued, or declined and refunded. The question
 * steps appear once a prescriber has asked one. Exactly one step is current: the state the
 * request is in now (for a decided request, the decision). Pure: safe to call anywhere.
 */
export function prescriptionTimeline(facts: TimelineFacts): TimelineStep[] {
  const { status } = facts;
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const refunded = `Your ${formatPence(facts.pricePence)} has been refunded.`;
  const waiting = status === "SUBMITTED" && !facts.lastQuestionAt;
  const steps: TimelineStep[] = [
    { key: "submitted", label: "Submitted", detail: "Paid and sent to our prescribers.", state: waiting ? "current" : "done", at: iso(facts.submittedAt) },
  ];
  if (status === "CANCELLED") {
    steps.push({ key: "decision", label: "Cancelled and refunded", detail: refunded, state: "current", at: iso(facts.refundedAt ?? facts.decidedAt) });
    return steps;
  }
  const asked = facts.lastQuestionAt !== null || status === "AWAITING_PATIENT";
  const inReview: TimelineStep["state"] = waiting ? "upcoming" : status === "IN_REVIEW" && !asked ? "current" : "done";
  steps.push({
    key: "in_review",
    label: "In review",
    detail: inReview === "upcoming" ? "A prescriber reviews your answers within 24 hours." : "A prescriber reviewed your answers.",
    state: inReview,
    at: null,
  });
  if (asked) {
    const awaiting = status === "AWAITING_PATIENT";
    steps.push({
      key: "question",
      label: "Question for you",
      detail: awaiting ? "A prescriber has asked you a question. Please answer it." : "You were asked a question.",
      state: awaiting ? "current" : "done",
      at: iso(facts.lastQuestionAt),
    });
    if (!FINAL.includes(status) || facts.lastReplyAt) {
      steps.push({
        key: "answered",
        label: "Back in review",
        detail: awaiting ? "Your answer goes back to the prescriber." : "Your answer is with the prescriber.",
        state: awaiting ? "upcoming" : FINAL.includes(status) ? "done" : "current",
        at: awaiting ? null : iso(facts.lastReplyAt),
      });
    }
  }
  if (status === "ISSUED") {
    steps.push({ key: "decision", label: "Prescription issued", detail: "Your prescription is ready to print or download.", state: "current", at: iso(facts.decidedAt) });
  } else if (status === "DECLINED") {
    steps.push({ key: "decision", label: "Declined and refunded", detail: refunded, state: "current", at: iso(facts.decidedAt) });
  } else {
    steps.push({ key: "decision", label: "Decision", detail: "A prescription, or a full refund if the treatment is not suitable for you.", state: "upcoming", at: null });
  }
  return steps;
}

/** The current step's label, e.g. "Question for you". */
export function currentStepLabel(steps: TimelineStep[]): string {
  return steps.find((step) => step.state === "current")?.label ?? "Submitted";
}
