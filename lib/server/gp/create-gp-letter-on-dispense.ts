import "server-only";
import { doseLadderFor } from "@/lib/medicines/dose-ladders";
import { getQuestionnaireDefinition } from "@/lib/questionnaire/definitions";
import type { StaffActor } from "@/lib/server/core/actor/types";
import type { Tx } from "@/lib/server/core/db/client";
import { readAnswers } from "@/lib/server/questionnaire/response-records";
import { createGpLetter, type CreatedGpLetter } from "./create-gp-letter";
import { gpLetterIndication } from "./gp-letter-indication";

// The assessments ask the date of birth under this stable question id (assessment-parts.ts).
const DATE_OF_BIRTH_QUESTION = "date-of-birth";

/** The prescriber who authorised the supply, as their registration stood then (null: not recorded). */
export type GpLetterPrescriber = { name: string; registration: string | null };

/**
 * The GP letter for an order's medicines just dispensed (called by dispenseOrder in its
 * transaction): each medicine line, the assessments behind them, and the prescriber who
 * authorised the supply (the order's authorisation, or the renewal check-in's approver); a
 * supply without prescription-only medicine names the pharmacist who decided it. Cosmetics are
 * not medicines the GP needs to know of; an order with no medicine line writes no letter.
 */
export async function createGpLetterOnDispense(tx: Tx, actor: StaffActor, orderId: string, prescriber: GpLetterPrescriber | null): Promise<CreatedGpLetter> {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      reference: true,
      userId: true,
      deliveryName: true,
      user: { select: { name: true } },
      lines: { where: { productKind: { not: "COSMETIC" } }, select: { name: true, durationLabel: true, dose: true, quantity: true, product: { select: { slug: true } }, assessment: { select: { definition: true, answers: true } } } },
    },
  });
  if (!order.lines.length) return null;
  const decider = prescriber ?? (await deciderOf(tx, actor));
  const assessments = order.lines.flatMap((line) => (line.assessment ? [line.assessment] : []));
  return createGpLetter(tx, actor, {
    subjectType: "order",
    subjectId: orderId,
    subjectReference: order.reference,
    userId: order.userId,
    patientName: order.user?.name ?? order.deliveryName,
    patientDateOfBirth: assessments.map(dateOfBirthOf).find(Boolean) ?? null,
    medicine: order.lines.map((line) => line.name).join("; "),
    dose: order.lines.map(doseText).join("; "),
    indication: gpLetterIndication(assessments.map((assessment) => assessment.definition)),
    prescriberName: decider.name,
    prescriberRegistration: decider.registration ?? "Registration not recorded",
  });
}

/** A dose-ladder line names its dose and frequency (SmPC 4.2); others, as directed on the label. */
function doseText(line: { name: string; durationLabel: string; dose: string | null; quantity: number; product: { slug: string } }): string {
  const ladder = line.dose ? doseLadderFor(line.product.slug) : null;
  const how = line.dose ? `${line.dose}${ladder ? ` ${ladder.frequency}` : ""}` : "as directed on the label";
  return `${line.name}: ${line.quantity} × ${line.durationLabel}, ${how}`;
}

async function deciderOf(tx: Tx, actor: StaffActor): Promise<GpLetterPrescriber> {
  const user = await tx.user.findUniqueOrThrow({ where: { id: actor.user.id }, select: { name: true, staffProfile: { select: { registrationBody: true, registrationNumber: true } } } });
  return { name: user.name, registration: [user.staffProfile?.registrationBody, user.staffProfile?.registrationNumber].filter(Boolean).join(" ").trim() || null };
}

function dateOfBirthOf(assessment: { definition: string; answers: unknown }): string | null {
  const definition = getQuestionnaireDefinition(assessment.definition);
  const index = definition?.steps.findIndex((question) => question.id === DATE_OF_BIRTH_QUESTION) ?? -1;
  return index >= 0 ? readAnswers(assessment.answers)[index + 1]?.text?.trim() || null : null;
}
