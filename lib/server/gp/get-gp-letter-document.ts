import "server-only";
import { siteConfig } from "@/lib/config/site";
import type { AccountActor, StaffActor } from "@/lib/server/core/actor/types";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import { db } from "@/lib/server/core/db/client";
import { AppError } from "@/lib/server/core/errors/app-error";
import type { GpLetterDocument } from "./types";

const LETTER_NOT_FOUND = "We could not find that letter.";

const letterSelect = {
  id: true,
  subjectReference: true,
  practiceName: true,
  practiceAddress: true,
  patientName: true,
  patientDateOfBirth: true,
  medicine: true,
  dose: true,
  indication: true,
  prescriberName: true,
  prescriberRegistration: true,
  createdAt: true,
} as const;

type LetterRow = { [K in keyof typeof letterSelect]: K extends "createdAt" ? Date : K extends "patientDateOfBirth" ? string | null : string };

function toDocument(row: LetterRow): GpLetterDocument {
  const { name, contact, compliance } = siteConfig();
  return { ...row, createdAt: row.createdAt.toISOString(), clinic: { name, address: contact.address, email: contact.email, phone: contact.phone, gphcPremisesNumber: compliance.gphcPremisesNumber } };
}

/** The letter for its delivery job (no actor: the worker renders the attachment), or null when gone. */
export async function getGpLetterDocument(id: string): Promise<GpLetterDocument | null> {
  const row = await db.gpLetter.findUnique({ where: { id }, select: letterSelect });
  return row ? toDocument(row) : null;
}

/** The patient's own letter (Medical documents); someone else's is not_found like a missing one. */
export async function getOwnGpLetterOrThrow(actor: AccountActor, id: string): Promise<GpLetterDocument> {
  const row = await db.gpLetter.findFirst({ where: { id, userId: actor.user.id }, select: letterSelect });
  if (!row) throw new AppError("not_found", LETTER_NOT_FOUND);
  return toDocument(row);
}

/** A letter staff print to post; the view of clinical content is audited before it is returned. */
export async function getGpLetterForStaffOrThrow(actor: StaffActor, id: string): Promise<GpLetterDocument> {
  const row = await db.gpLetter.findUnique({ where: { id }, select: letterSelect });
  if (!row) throw new AppError("not_found", LETTER_NOT_FOUND);
  await recordAuditEvent({ actor, action: "gp_letter.viewed", subjectType: "gp_letter", subjectId: id, detail: { reference: row.subjectReference } });
  return toDocument(row);
}
