import "server-only";
import type { OrderStatus } from "@/lib/orders/order-timeline";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import { ownerOfRow } from "@/lib/server/core/actor/owned-by";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { answeredQuestions } from "@/lib/server/prescriptions/answered-questions";
import { readAnswers } from "@/lib/server/questionnaire/response-records";
import { openSideEffectFlags } from "@/lib/server/side-effects/open-side-effect-flags";
import { ownCaseNotice, toClaimView } from "@/lib/server/staff-review/claim-rules";
import { viewCase } from "@/lib/server/staff-review/view-case";
import { evaluateSupplyChecks } from "@/lib/server/supply-checks/evaluate";
import { orderSupplySubject } from "@/lib/server/supply-checks/load-subject";
import { readOrderAuthoriser } from "@/lib/server/supply-checks/prescriber-authorisation-check";
import { orderClaimPolicy, orderReview } from "./order-review-kind";
import type { OrderCase } from "./types";

/**
 * One paid order as the pharmacist reviews it, with the locked answers of the assessment
 * behind each medicine line. The view is written to the audit log in the same transaction,
 * before anything is returned.
 */
export async function getOrderCase(actor: StaffActor, id: string, now: Date = new Date()): Promise<OrderCase> {
  const row = await viewCase(actor, orderReview, id, async (tx) => {
    const found = await tx.order.findUnique({
      where: { id },
      include: {
        lines: { include: { assessment: { select: { id: true, definition: true, answers: true, submittedAt: true, validUntil: true, userId: true, guestKeyHash: true } } } },
        subscription: {
          select: {
            plan: { select: { name: true } },
            prescription: { select: { reference: true, medicine: true, dose: true, quantity: true, directions: true, prescriberName: true, prescriberRegistration: true, issuedAt: true } },
          },
        },
        events: { orderBy: { id: "asc" } },
        claimedBy: { select: { name: true } },
        decidedBy: { select: { name: true } },
        prescription: { select: { directions: true } },
        invitations: { include: { consultationType: { select: { name: true } } }, orderBy: { createdAt: "desc" }, take: 1 },
        // The renewal check-in whose approval allowed this repeat supply (issue 23).
        checkIn: {
          select: {
            reference: true,
            weightKg: true,
            sideEffects: true,
            newConditions: true,
            wantsToContinue: true,
            submittedAt: true,
            decidedAt: true,
            decisionNote: true,
            decidedBy: { select: { name: true } },
          },
        },
      },
    });
    if (!found?.paidAt) return null;
    return { ...found, supplyChecks: await evaluateSupplyChecks(tx, await orderSupplySubject(tx, id)), authoriser: await readOrderAuthoriser(tx, id) };
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
  // Untriaged side-effect reports flag the patient's later supplies for review (GPhC, repeat supplies).
  const sideEffectFlags = row.userId ? await openSideEffectFlags(row.userId) : [];
  const invitation = row.invitations[0] ?? null;
  const subscriptionAssessment = row.lines.find((line) => line.assessment)?.assessment ?? null;
  const subscription = row.subscriptionId && row.subscription
    ? {
        supplyNumber: await db.order.count({ where: { subscriptionId: row.subscriptionId, paidAt: { lte: row.paidAt ?? now } } }),
        planName: row.subscription.plan.name,
        assessmentTakenAt: subscriptionAssessment?.submittedAt?.toISOString() ?? null,
        // A prescription plan rests on its prescription, not an assessment.
        assessmentExpired: !row.subscription.prescription && (!subscriptionAssessment?.validUntil || subscriptionAssessment.validUntil.getTime() <= now.getTime()),
        prescription: row.subscription.prescription ? { ...row.subscription.prescription, issuedAt: row.subscription.prescription.issuedAt.toISOString() } : null,
      }
    : null;
  return {
    id: row.id,
    supplyChecks: row.supplyChecks,
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
        dose: line.dose,
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
    ownNotice: ownCaseNotice(orderClaimPolicy, row, actor.user),
    claim: toClaimView({ claimedById: row.claimedById, claimedAt: row.claimedAt, claimerName: row.claimedBy?.name ?? null }, actor.user.id, now),
    decidedByName: row.decidedBy?.name ?? null,
    declineReason: row.declineReason,
    trackingReference: row.trackingReference,
    invitation: invitation ? { typeName: invitation.consultationType.name, expiresAt: invitation.expiresAt.toISOString(), used: invitation.usedAt !== null } : null,
    subscription,
    authorisation: row.authoriser
      ? { via: row.authoriser.via, prescriberName: row.authoriser.name, registration: row.authoriser.registration, at: row.authoriser.at.toISOString(), directions: row.prescription?.directions ?? "" }
      : null,
    awaitingPrescriber: !row.authoriser && row.lines.some((line) => line.productKind === "PRESCRIPTION_ONLY"),
    sideEffectFlags,
    checkIn: row.checkIn
      ? {
          reference: row.checkIn.reference,
          weightKg: row.checkIn.weightKg?.toString() ?? null,
          sideEffects: row.checkIn.sideEffects,
          newConditions: row.checkIn.newConditions,
          wantsToContinue: row.checkIn.wantsToContinue,
          submittedAt: row.checkIn.submittedAt?.toISOString() ?? null,
          approvedByName: row.checkIn.decidedBy?.name ?? null,
          approvedAt: row.checkIn.decidedAt?.toISOString() ?? null,
          note: row.checkIn.decisionNote,
        }
      : null,
  };
}
