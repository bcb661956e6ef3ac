import { randomInt, randomUUID } from "node:crypto";
import { db } from "@/lib/server/core/db/client";
import { createUser } from "./user";

// The alphabet issued references use (lib/server/prescription-review/rx-reference.ts).
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

function code(length: number) {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}

/** "RX-7K3Q-9DMP-4XHT", as issued. */
export function makeRxReference(): string {
  return `RX-${code(4)}-${code(4)}-${code(4)}`;
}

/** 8 random digits, leading zeros kept, as issued. */
function makeDispenseCode(): string {
  return String(randomInt(100_000_000)).padStart(8, "0");
}

/** A code that is certainly not `actual`. */
export function otherCode(actual: string): string {
  return String((Number(actual) + 1) % 100_000_000).padStart(8, "0");
}

export type IssuedPrescriptionOverrides = {
  /** The owner; a new account from createUser() when omitted. */
  userId?: string;
  patientName?: string;
  patientDateOfBirth?: string;
  medicine?: string;
  dose?: string;
  quantity?: string;
  directions?: string;
  prescriberName?: string;
  prescriberRegistration?: string;
  issuedAt?: Date;
  dispensedAt?: Date;
  dispensedBy?: string;
  /** The plan chosen at the prescription checkout (a `prescription` treatment plan's slug). */
  planSlug?: string;
};

/**
 * An issued prescription as the review leaves it, written straight to the database: a
 * submitted questionnaire, its paid £19.99 payment, the request ISSUED and the Prescription
 * row. Returns the ids, the reference and the dispensing code.
 */
export async function createIssuedPrescription(overrides: IssuedPrescriptionOverrides = {}) {
  const userId = overrides.userId ?? (await createUser()).id;
  const { email } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const issuedAt = overrides.issuedAt ?? new Date();
  const paidAt = new Date(issuedAt.getTime() - 6 * 60 * 60 * 1000);
  const responseId = randomUUID();
  const reference = makeRxReference();
  const dispenseCode = makeDispenseCode();
  await db.questionnaireResponse.create({
    data: { id: responseId, definition: "prescription", definitionVersion: 1, userId, answers: {}, submittedAt: paidAt },
  });
  const payment = await db.payment.create({
    data: {
      purpose: "PRESCRIPTION",
      amountPence: 1999,
      status: "PAID",
      checkoutSessionId: `cs_test_${randomUUID().replace(/-/g, "")}`,
      paymentIntentId: `pi_test_${randomUUID().replace(/-/g, "")}`,
      expiresAt: new Date(paidAt.getTime() + 30 * 60 * 1000),
      paidAt,
    },
    select: { id: true },
  });
  const plan = overrides.planSlug ? await db.plan.findUniqueOrThrow({ where: { slug: overrides.planSlug }, select: { id: true } }) : null;
  const request = await db.prescriptionRequest.create({
    data: {
      planId: plan?.id ?? null,
      reference: `PR-${code(6)}`,
      responseId,
      userId,
      email,
      status: "ISSUED",
      paymentId: payment.id,
      pricePence: 1999,
      submittedAt: paidAt,
      dueAt: new Date(paidAt.getTime() + 24 * 60 * 60 * 1000),
      decidedAt: issuedAt,
    },
    select: { id: true, reference: true },
  });
  const prescription = await db.prescription.create({
    data: {
      reference,
      requestId: request.id,
      prescriberName: overrides.prescriberName ?? "Dr Sam Patel",
      prescriberRegistration: overrides.prescriberRegistration ?? "GMC 7654321",
      patientName: overrides.patientName ?? "Alex Morgan",
      patientDateOfBirth: overrides.patientDateOfBirth ?? "1990-05-17",
      medicine: overrides.medicine ?? "Finasteride 1 mg film-coated tablets",
      dose: overrides.dose ?? "1 mg once a day",
      quantity: overrides.quantity ?? "28 tablets",
      directions: overrides.directions ?? "Take one tablet by mouth once a day.",
      issuedAt,
      dispenseCode,
      dispensedAt: overrides.dispensedAt ?? null,
      dispensedBy: overrides.dispensedBy ?? null,
    },
    select: { id: true },
  });
  return {
    userId,
    questionnaireId: responseId,
    paymentId: payment.id,
    requestId: request.id,
    requestReference: request.reference,
    prescriptionId: prescription.id,
    reference,
    dispenseCode,
  };
}
