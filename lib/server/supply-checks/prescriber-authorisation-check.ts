import "server-only";
import { formatDateTime } from "@/lib/format/dates";
import type { Tx } from "@/lib/server/core/db/client";
import type { SupplyCheck, SupplyCheckDefinition } from "./types";

const PRESCRIBER_AUTHORISATION_SOURCE =
  "Human Medicines Regulations 2012, regulation 214: a prescription-only medicine is supplied only in accordance with a prescription given by an appropriate practitioner; GPhC, Guidance for registered pharmacies providing pharmacy services at a distance, including on the internet (February 2025): prescribing and supply kept separate where possible.";

export const NOT_PRESCRIBED = "A prescriber must prescribe this medicine before it is dispensed.";

/** How each kind of authorisation is named on the case ("… by Dr X", and its time's label). */
const AUTHORISED_BY: Record<OrderAuthoriser["via"], string> = { authorisation: "Prescribed by", check_in: "Renewal approved at the check-in by", prescription: "Supplied against the plan's prescription issued by" };
const AUTHORISED_WHEN: Record<OrderAuthoriser["via"], string> = { authorisation: "Prescribed", check_in: "Check-in approved", prescription: "Prescription issued" };

/**
 * Who authorised an order's prescription-only supply: a prescriber's authorisation of the
 * order, the approval of the renewal check-in it was made from, or the issued prescription a
 * prescription plan supplies (subscriptions.prescription_id).
 */
export type OrderAuthoriser = { prescriberId: string | null; name: string; registration: string | null; at: Date; via: "authorisation" | "check_in" | "prescription" };

/**
 * The rule in one place: a prescription-only line with no prescriber's authorisation, no
 * approved renewal check-in and no issued prescription behind its plan waits for a prescriber.
 * A decision on one order applies it to that order's rows; lists read orders.awaiting_prescriber,
 * which the database keeps to it (AWAITING_PRESCRIBER_WHERE below).
 */
export function isAwaitingPrescriber(order: { hasPom: boolean; hasAuthorisation: boolean; checkInStatus: string | null | undefined; hasPlanPrescription: boolean }): boolean {
  return order.hasPom && !order.hasAuthorisation && order.checkInStatus !== "APPROVED" && !order.hasPlanPrescription;
}

/**
 * The same rule as a filter on orders, for the prescribers' paged list of orders waiting for
 * them: orders.awaiting_prescriber, which the database keeps to this rule (triggers of migration
 * 20261126163743_orders_awaiting_prescriber_flag), so the list and its count read the queued
 * orders' index alone. Decisions on one order still apply isAwaitingPrescriber to its rows.
 */
export const AWAITING_PRESCRIBER_WHERE = { awaitingPrescriber: true } as const;

/**
 * The prescriber behind an order's supply, or null: its authorisation row first, else the
 * approved renewal check-in it was made from (that approval is the prescriber's decision for
 * this supply, issue 23), else the issued prescription its prescription plan supplies. Reads only.
 */
export async function readOrderAuthoriser(tx: Tx, orderId: string): Promise<OrderAuthoriser | null> {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      prescription: { select: { prescriberId: true, prescriberName: true, prescriberRegistration: true, createdAt: true } },
      checkIn: { select: { status: true, decidedAt: true, decidedById: true, decidedBy: { select: { name: true, staffProfile: { select: { registrationBody: true, registrationNumber: true } } } } } },
      subscription: { select: { prescription: { select: { prescriberId: true, prescriberName: true, prescriberRegistration: true, issuedAt: true } } } },
    },
  });
  const { prescription, checkIn } = order;
  const planPrescription = order.subscription?.prescription ?? null;
  if (prescription) return { prescriberId: prescription.prescriberId, name: prescription.prescriberName, registration: prescription.prescriberRegistration, at: prescription.createdAt, via: "authorisation" };
  if (checkIn?.status === "APPROVED" && checkIn.decidedAt) {
    const profile = checkIn.decidedBy?.staffProfile;
    const registration = [profile?.registrationBody, profile?.registrationNumber].filter(Boolean).join(" ").trim() || null;
    return { prescriberId: checkIn.decidedById, name: checkIn.decidedBy?.name ?? "A former prescriber", registration, at: checkIn.decidedAt, via: "check_in" };
  }
  // A prescription plan's first supply is made against the prescription a prescriber issued.
  if (planPrescription) {
    return { prescriberId: planPrescription.prescriberId, name: planPrescription.prescriberName, registration: planPrescription.prescriberRegistration, at: planPrescription.issuedAt, via: "prescription" };
  }
  return null;
}

/**
 * An order's prescription-only lines are dispensed only against a prescriber's decision. A
 * prescription request is itself the prescriber's decision, and an order without a
 * prescription-only line needs none.
 */
export const prescriberAuthorisationCheck: SupplyCheckDefinition = {
  key: "prescriber_authorisation",
  async evaluate(tx, subject): Promise<SupplyCheck> {
    const base = { key: "prescriber_authorisation", title: "Prescriber's authorisation", source: PRESCRIBER_AUTHORISATION_SOURCE };
    if (subject.kind !== "order" || !subject.medicines.some((medicine) => medicine.prescriptionOnly)) {
      return { ...base, state: "not_required", summary: "No prescription-only medicine to prescribe in this supply.", facts: [], blocking: null };
    }
    const found = await readOrderAuthoriser(tx, subject.id);
    if (!found) return { ...base, state: "unmet", summary: "Waiting for a prescriber.", facts: [], blocking: NOT_PRESCRIBED };
    const facts = [
      { label: "Prescriber", value: found.name },
      { label: "Registration", value: found.registration ?? "Not recorded" },
      { label: AUTHORISED_WHEN[found.via], value: formatDateTime(found.at) },
    ];
    const how = AUTHORISED_BY[found.via];
    return { ...base, state: "met", summary: `${how} ${found.name} on ${formatDateTime(found.at)}.`, facts, blocking: null };
  },
};
