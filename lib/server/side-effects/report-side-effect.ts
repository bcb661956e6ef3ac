import "server-only";
import { env } from "@/lib/env";
import { isSerious } from "@/lib/side-effects/rules";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import { seriousSideEffectAlertMail } from "@/lib/server/side-effects/side-effect-mail";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { freeReference } from "@/lib/server/core/reference/new-reference";
import { CHOOSE_TREATMENT, type ReportSideEffectInput } from "@/lib/validation/side-effects";
import { findReceivedTreatment } from "./received-treatments";

export type ReportResult = { id: string; reference: string; serious: boolean };

/**
 * A patient reports a side effect of a treatment they received (MHRA Yellow Card,
 * https://yellowcard.mhra.gov.uk/: side effects are reported and followed up; GPhC guidance
 * for pharmacy services at a distance, February 2025: the pharmacy acts on a patient's report
 * and reviews repeat supplies). One transaction: the report, its first message in the thread
 * with the clinical team (the patient's description), the audit event `side_effect.reported`,
 * and, for a serious answer (a red flag or severe), an alert to STAFF_ALERT_EMAIL when set.
 * The untriaged report is the open flag on the patient's later orders (openSideEffectFlags).
 */
export async function reportSideEffect(actor: AccountActor, input: ReportSideEffectInput): Promise<ReportResult> {
  if (actor.kind !== "patient") throw new AppError("forbidden", "Side effects are reported from a patient's account.");
  const serious = isSerious(input.severity, input.redFlags);
  return db.$transaction(async (tx) => {
    const treatment = await findReceivedTreatment(tx, actor.user.id, input.treatment);
    if (!treatment) throw new AppError("validation_failed", CHOOSE_TREATMENT, { treatment: [CHOOSE_TREATMENT] });
    const report = await tx.sideEffectReport.create({
      data: {
        reference: await freeReference("SE", async (reference) => (await tx.sideEffectReport.count({ where: { reference } })) > 0),
        userId: actor.user.id,
        orderLineId: treatment.orderLineId,
        prescriptionId: treatment.prescriptionId,
        treatmentName: treatment.name,
        description: input.description,
        startedOn: new Date(`${input.startedOn}T00:00:00Z`),
        severity: input.severity,
        redFlags: input.redFlags,
        serious,
        messages: { create: { author: "PATIENT", authorUserId: actor.user.id, body: input.description } },
      },
      select: { id: true, reference: true },
    });
    await recordAuditEvent(
      { actor, action: "side_effect.reported", subjectType: "side_effect_report", subjectId: report.id, detail: { reference: report.reference, serious } },
      tx,
    );
    const alertTo = env().STAFF_ALERT_EMAIL;
    if (serious && alertTo) await sendMail(seriousSideEffectAlertMail(report, alertTo), tx);
    return { id: report.id, reference: report.reference, serious };
  });
}
