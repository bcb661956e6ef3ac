import { formatPence } from "@/lib/format/money";
import type { OrderStatus } from "./order-timeline";

// An order's progress as the patient reads it (Dashboard → Orders): the steps done, the one it
// is at now, and those still to come. Built from its status and its recorded events; pure.

export type OrderStep = { key: string; label: string; detail: string; state: "done" | "current" | "upcoming"; at: string | null };

export type OrderStepFacts = {
  status: OrderStatus;
  needsReview: boolean;
  totalPence: number;
  trackingReference: string | null;
  /** Recorded events: kind → when it (last) happened. */
  events: { kind: string; at: string }[];
};

export function orderSteps(facts: OrderStepFacts): OrderStep[] {
  const at = (kind: string) => [...facts.events].reverse().find((event) => event.kind === kind)?.at ?? null;
  const { status } = facts;
  if (status === "PENDING_PAYMENT" || status === "CANCELLED") {
    return [{ key: "payment", label: status === "CANCELLED" ? "Cancelled" : "Awaiting payment", detail: status === "CANCELLED" ? "The payment was not completed, so nothing was charged." : "We are waiting for your payment to complete.", state: "current", at: at("cancelled") }];
  }
  const steps: OrderStep[] = [{ key: "paid", label: "Paid", detail: `We received ${formatPence(facts.totalPence)}.`, state: "done", at: at("paid") }];
  if (facts.needsReview) {
    steps.push({
      key: "review",
      label: "Pharmacist review",
      detail: status === "AWAITING_PHARMACIST" ? "Our pharmacist is checking your answers before anything is sent." : "Checked by our pharmacist.",
      state: status === "AWAITING_PHARMACIST" ? "current" : "done",
      at: at("dispensed") ?? at("consultation_invited") ?? at("declined"),
    });
  }
  if (at("consultation_invited") || status === "CONSULTATION_INVITED") {
    steps.push({
      key: "consultation",
      label: "Free consultation",
      detail: status === "CONSULTATION_INVITED" ? "Our pharmacist would like to speak with you first. Please book your free consultation." : "You spoke with our clinician.",
      state: status === "CONSULTATION_INVITED" ? "current" : "done",
      at: at("consultation_invited"),
    });
  }
  if (status === "DECLINED") {
    steps.push({ key: "declined", label: "Declined and refunded", detail: `We could not supply this order, and refunded ${formatPence(facts.totalPence)} in full.`, state: "current", at: at("declined") });
    return steps;
  }
  if (status === "REFUNDED") {
    steps.push({ key: "refunded", label: "Refunded", detail: `${formatPence(facts.totalPence)} was refunded in full.`, state: "current", at: at("refunded") });
    return steps;
  }
  const packing = status === "AWAITING_DISPATCH";
  steps.push({
    key: "packing",
    label: facts.needsReview ? "Dispensed and packing" : "Packing",
    detail: "Your order is being packed in plain packaging.",
    state: packing ? "current" : status === "DISPATCHED" ? "done" : "upcoming",
    at: packing || status === "DISPATCHED" ? at("awaiting_dispatch") : null,
  });
  steps.push({
    key: "dispatched",
    label: "Dispatched",
    detail: facts.trackingReference ? `On its way. Tracking reference: ${facts.trackingReference}.` : "On its way.",
    state: status === "DISPATCHED" ? "current" : "upcoming",
    at: at("dispatched"),
  });
  return steps;
}
