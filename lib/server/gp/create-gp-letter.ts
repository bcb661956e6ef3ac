import "server-only";
import { siteConfig } from "@/lib/config/site";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { Tx } from "@/lib/server/core/db/client";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { findGpPracticeForSupply } from "./find-gp-practice-for-supply";
import { GP_LETTER_ATTACHMENT } from "./gp-letter-attachment-kind";
import { gpPracticeAddress } from "./gp-practice-address";
import type { GpLetterStatus } from "./types";

/** What was supplied, by whom and why: the letter's content, gathered by gp-letter-for-*.ts. */
export type GpLetterSupply = {
  subjectType: "prescription_request" | "order";
  subjectId: string;
  subjectReference: string;
  userId: string | null;
  patientName: string;
  patientDateOfBirth: string | null;
  medicine: string;
  dose: string;
  indication: string;
  prescriberName: string;
  prescriberRegistration: string;
};

export type CreatedGpLetter = { id: string; status: GpLetterStatus } | null;

/**
 * Writes the GP letter for a supply the patient consented to share (GPhC guidance for
 * registered pharmacies providing pharmacy services at a distance, February 2025: with the
 * patient's consent, tell their GP what was supplied). Runs inside the issue or dispense
 * transaction: the letter, its email to the practice (through the outbox; the PDF is
 * rendered at delivery) or its place on the "to post" list, and the audit commit with the
 * decision. The practice is the account's, or for a guest the one given with the
 * questionnaire behind the supply. No consent or no GP details: no letter (null).
 * One letter per supply (unique on the subject): a repeat returns the existing one.
 */
export async function createGpLetter(tx: Tx, actor: StaffActor, supply: GpLetterSupply): Promise<CreatedGpLetter> {
  const practice = await findGpPracticeForSupply(tx, supply.userId, { type: supply.subjectType, id: supply.subjectId });
  if (!practice?.consentToShare) return null;
  const existing = await tx.gpLetter.findUnique({ where: { subjectType_subjectId: { subjectType: supply.subjectType, subjectId: supply.subjectId } }, select: { id: true, status: true } });
  if (existing) return existing;

  const status: GpLetterStatus = practice.email ? "QUEUED_EMAIL" : "TO_POST";
  const letter = await tx.gpLetter.create({
    data: {
      ...supply,
      practiceName: practice.practiceName,
      practiceAddress: gpPracticeAddress(practice),
      practiceEmail: practice.email,
      status,
    },
    select: { id: true, status: true },
  });
  const audit = { actor, subjectType: "gp_letter" as const, subjectId: letter.id, detail: { reference: supply.subjectReference, status } };
  await recordAuditEvent({ ...audit, action: "gp_letter.created" }, tx);
  if (practice.email) {
    const clinic = siteConfig().name;
    await sendMail(
      {
        to: practice.email,
        // The subject names no patient and no medicine: the letter (attached) does.
        subject: `${clinic}: a letter about one of your patients (${supply.subjectReference})`,
        text: [
          `Dear colleague at ${practice.practiceName},`,
          "",
          `With your patient's consent, ${clinic} is letting you know about a medicine we have supplied to them. The attached PDF gives the medicine, dose, the reason it was supplied and the prescriber's registration.`,
          "",
          `Please reply to ${siteConfig().contact.email} with any concern about this supply.`,
          "",
          clinic,
        ].join("\n"),
        attachment: { kind: GP_LETTER_ATTACHMENT, ref: letter.id },
      },
      tx,
    );
    await recordAuditEvent({ ...audit, action: "gp_letter.sent" }, tx);
  }
  return letter;
}
