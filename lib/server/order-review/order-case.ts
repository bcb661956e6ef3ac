import "server-only";
import type { OrderStatus } from "@/lib/orders/order-timeline";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import { recordAuditEvent } from "@/lib/server/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/actor/types";
import { db } from "@/lib/server/db/client";
import { ownerOfRow } from "@/lib/server/actor/owned-by";
import { AppError } from "@/lib/server/errors";
import { answeredQuestions } from "@/lib/server/prescriptions/answered-questions";
import type { AnsweredQuestion } from "@/lib/server/prescriptions/types";
import { readAnswers } from "@/lib/server/questionnaire/response-records";
import { ORDER_NOT_FOUND } from "@/lib/validation/order-review";
import { isStaleOrderClaim } from "./lock-order";

export type OrderQueueItem = {
  id: string;
  reference: string;
  status: OrderStatus;
  paidAt: string;
  itemCount: number;
  hasPom: boolean;
  claim: { byName: string; isMine: boolean; isStale: boolean } | null;
  /** Invited orders: whether the patient has booked the consultation. */
  consultationBooked: boolean | null;
};

export type OrderQueue = { review: OrderQueueItem[]; invited: OrderQueueItem[]; dispatch: OrderQueueItem[] };

const queueSelect = {
  id: true,
  reference: true,
  status: true,
  paidAt: true,
  claimedById: true,
  claimedAt: true,
  claimedBy: { select: { name: true } },
  lines: { select: { quantity: true, productKind: true } },
  invitations: { select: { usedAt: true }, orderBy: { createdAt: "desc" }, take: 1 },
} as const;

/** The pharmacist's three lists, oldest payment first (no health data: the list is not an audited view). */
export async function listOrderQueue(actor: StaffActor, now: Date = new Date()): Promise<OrderQueue> {
  const rows = await db.order.findMany({
    where: { status: { in: ["AWAITING_PHARMACIST", "CONSULTATION_INVITED", "AWAITING_DISPATCH"] } },
    select: queueSelect,
    orderBy: [{ paidAt: "asc" }, { reference: "asc" }],
    take: 500,
  });
  const items = rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    status: row.status as OrderStatus,
    paidAt: (row.paidAt ?? now).toISOString(),
    itemCount: row.lines.reduce((sum, line) => sum + line.quantity, 0),
    hasPom: row.lines.some((line) => line.productKind === "PRESCRIPTION_ONLY"),
    claim: row.claimedById ? { byName: row.claimedBy?.name ?? "A former member of staff", isMine: row.claimedById === actor.user.id, isStale: isStaleOrderClaim(row.claimedAt, now) } : null,
    consultationBooked: row.status === "CONSULTATION_INVITED" ? row.invitations[0]?.usedAt != null : null,
  }));
  return {
    review: items.filter((item) => item.status === "AWAITING_PHARMACIST"),
    invited: items.filter((item) => item.status === "CONSULTATION_INVITED"),
    dispatch: items.filter((item) => item.status === "AWAITING_DISPATCH"),
  };
}

export async function countOrdersAwaitingPharmacist(): Promise<number> {
  return db.order.count({ where: { status: "AWAITING_PHARMACIST" } });
}

export type OrderCaseLine = {
  name: string;
  kind: string;
  durationLabel: string;
  quantity: number;
  lineTotalPence: number;
  assessment: { id: string; title: string; submittedAt: string | null; answers: AnsweredQuestion[] } | null;
};

export type OrderCase = {
  id: string;
  reference: string;
  status: OrderStatus;
  paidAt: string | null;
  email: string;
  hasAccount: boolean;
  delivery: { name: string; pricePence: number; address: string[] };
  subtotalPence: number;
  discountPence: number;
  totalPence: number;
  lines: OrderCaseLine[];
  /** Earlier attempts at the same assessments that ended not eligible: a flag for the pharmacist. */
  earlierRefusals: { title: string; at: string; reason: string }[];
  timeline: { kind: string; at: string; detail: Record<string, unknown> }[];
  claim: { byName: string; isMine: boolean; isStale: boolean } | null;
  decidedByName: string | null;
  declineReason: string | null;
  trackingReference: string | null;
  invitation: { typeName: string; expiresAt: string; used: boolean } | null;
  /** A subscription's order: which supply of it this is, and whether its assessment's validity has run out since. */
  subscription: { supplyNumber: number; planName: string; assessmentTakenAt: string | null; assessmentExpired: boolean } | null;
};

/**
 * One paid order as the pharmacist reviews it, with the locked answers of the assessment
 * behind each medicine line. The view is written to the audit log in the same transaction,
 * before anything is returned.
 */
export async function getOrderCase(actor: StaffActor, id: string, now: Date = new Date()): Promise<OrderCase> {
  const row = await db.$transaction(async (tx) => {
    const found = await tx.order.findUnique({
      where: { id },
      include: {
        lines: { include: { assessment: { select: { id: true, definition: true, answers: true, submittedAt: true, validUntil: true, userId: true, guestKeyHash: true } } } },
        subscription: { select: { plan: { select: { name: true } } } },
        events: { orderBy: { id: "asc" } },
        claimedBy: { select: { name: true } },
        decidedBy: { select: { name: true } },
        invitations: { include: { consultationType: { select: { name: true } } }, orderBy: { createdAt: "desc" }, take: 1 },
      },
    });
    if (!found || !found.paidAt) throw new AppError("not_found", ORDER_NOT_FOUND);
    await recordAuditEvent({ actor, action: "order.viewed", subjectType: "order", subjectId: id, detail: { reference: found.reference } }, tx);
    return found;
  });
  const definitions = new Set(row.lines.flatMap((line) => (line.assessment ? [line.assessment.definition] : [])));
  const owner = ownerOfRow(row);
  const refusals = owner && definitions.size
    ? await db.questionnaireResponse.findMany({
        where: { ...owner, definition: { in: [...definitions] }, outcome: "NOT_ELIGIBLE" },
        select: { definition: true, submittedAt: true, outcomeReason: true },
        orderBy: { submittedAt: "desc" },
        take: 20,
      })
    : [];
  const invitation = row.invitations[0] ?? null;
  const subscriptionAssessment = row.lines.find((line) => line.assessment)?.assessment ?? null;
  const subscription = row.subscriptionId && row.subscription
    ? {
        supplyNumber: await db.order.count({ where: { subscriptionId: row.subscriptionId, paidAt: { lte: row.paidAt ?? now } } }),
        planName: row.subscription.plan.name,
        assessmentTakenAt: subscriptionAssessment?.submittedAt?.toISOString() ?? null,
        assessmentExpired: !subscriptionAssessment?.validUntil || subscriptionAssessment.validUntil.getTime() <= now.getTime(),
      }
    : null;
  return {
    id: row.id,
    reference: row.reference,
    status: row.status as OrderStatus,
    paidAt: row.paidAt?.toISOString() ?? null,
    email: row.email,
    hasAccount: row.userId !== null,
    delivery: { name: row.deliveryName, pricePence: row.deliveryPence, address: [row.shipName, row.shipLine1, row.shipLine2, row.shipCity, row.shipPostcode].filter(Boolean) },
    subtotalPence: row.subtotalPence,
    discountPence: row.discountPence,
    totalPence: row.totalPence,
    lines: row.lines.map((line) => {
      const definition = line.assessment ? getQuestionnaireDefinition(line.assessment.definition) : null;
      return {
        name: line.name,
        kind: line.productKind,
        durationLabel: line.durationLabel,
        quantity: line.quantity,
        lineTotalPence: line.lineTotalPence,
        assessment:
          line.assessment && definition
            ? { id: line.assessment.id, title: definition.title, submittedAt: line.assessment.submittedAt?.toISOString() ?? null, answers: answeredQuestions(definition, readAnswers(line.assessment.answers), 0) }
            : null,
      };
    }),
    earlierRefusals: refusals.map((refusal) => ({
      title: getQuestionnaireDefinition(refusal.definition)?.title ?? refusal.definition,
      at: (refusal.submittedAt ?? now).toISOString(),
      reason: refusal.outcomeReason ?? "",
    })),
    timeline: row.events.map((event) => ({ kind: event.kind, at: event.at.toISOString(), detail: event.detail as Record<string, unknown> })),
    claim: row.claimedById ? { byName: row.claimedBy?.name ?? "A former member of staff", isMine: row.claimedById === actor.user.id, isStale: isStaleOrderClaim(row.claimedAt, now) } : null,
    decidedByName: row.decidedBy?.name ?? null,
    declineReason: row.declineReason,
    trackingReference: row.trackingReference,
    invitation: invitation ? { typeName: invitation.consultationType.name, expiresAt: invitation.expiresAt.toISOString(), used: invitation.usedAt !== null } : null,
    subscription,
  };
}
