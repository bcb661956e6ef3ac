import { randomBytes, randomUUID } from "node:crypto";
import { db } from "@/tests/support/db";
import { SHORT_PATH } from "@/tests/factories/questionnaire";

// Prescription requests in the states the staff review puts them in, written directly
// (the staff side is tested on its own): paid, with their questionnaire, photo and thread.

type Status = "PENDING_PAYMENT" | "SUBMITTED" | "IN_REVIEW" | "AWAITING_PATIENT" | "ISSUED" | "DECLINED" | "CANCELLED";
type Message = { author: "PATIENT" | "STAFF"; body: string; at?: Date };

export type PaidRequestOptions = {
  status: Status;
  /** Default: a staff question for AWAITING_PATIENT, none otherwise. */
  messages?: Message[];
  submittedAt?: Date;
  /** A prescriber holding the case (IN_REVIEW / AWAITING_PATIENT). */
  claimedById?: string;
  declineReason?: string;
  /** CANCELLED: whether the payment went through (and was refunded) before. */
  paid?: boolean;
};

export const STAFF_QUESTION = "Have you used any hair-loss treatment in the last 3 months?";

function code() {
  return randomBytes(4).toString("hex").toUpperCase();
}

const answers = Object.fromEntries(Object.entries(SHORT_PATH).map(([step, answer]) => [step, { choice: answer.choice ?? null, text: answer.text ?? "" }]));

export async function createPaidRequest(owner: { id: string }, options: PaidRequestOptions) {
  const { status } = options;
  // In the past, so that the thread (a minute apart from it) comes before anything the test does now.
  const submittedAt = options.submittedAt ?? new Date(Date.now() - 3 * 3600_000);
  const paid = status !== "PENDING_PAYMENT" && !(status === "CANCELLED" && options.paid === false);
  const refunded = status === "DECLINED" || (status === "CANCELLED" && paid);
  const response = await db.questionnaireResponse.create({
    data: {
      id: randomUUID(),
      definition: "prescription",
      definitionVersion: 1,
      userId: owner.id,
      answers,
      submittedAt,
      photos: { create: { storageKey: `photos/${randomUUID()}.jpg`, contentType: "image/jpeg", sizeBytes: 1000, width: 120, height: 80, displayName: "crown.jpg" } },
    },
    select: { id: true, photos: { select: { id: true } } },
  });
  const payment = await db.payment.create({
    data: {
      purpose: "PRESCRIPTION",
      amountPence: 1999,
      status: refunded ? "REFUNDED" : paid ? "PAID" : status === "CANCELLED" ? "EXPIRED" : "OPEN",
      expiresAt: new Date(submittedAt.getTime() + 30 * 60_000),
      paidAt: paid ? submittedAt : null,
      refundedAt: refunded ? new Date(submittedAt.getTime() + 3600_000) : null,
    },
  });
  const decided = status === "ISSUED" || status === "DECLINED";
  const request = await db.prescriptionRequest.create({
    data: {
      reference: `PR-${code()}`,
      responseId: response.id,
      userId: owner.id,
      email: `owner-${code().toLowerCase()}@example.com`,
      status,
      paymentId: payment.id,
      pricePence: 1999,
      submittedAt: paid ? submittedAt : null,
      dueAt: paid ? new Date(submittedAt.getTime() + 24 * 3600_000) : null,
      claimedById: options.claimedById ?? null,
      claimedAt: options.claimedById ? new Date() : null,
      decidedAt: decided ? new Date(submittedAt.getTime() + 2 * 3600_000) : null,
      declineReason: status === "DECLINED" ? (options.declineReason ?? "Not suitable for you.") : null,
    },
    select: { id: true, reference: true, email: true },
  });
  const messages = options.messages ?? (status === "AWAITING_PATIENT" ? [{ author: "STAFF" as const, body: STAFF_QUESTION }] : []);
  let at = submittedAt.getTime();
  for (const message of messages) {
    at += 60_000;
    await db.caseMessage.create({ data: { requestId: request.id, author: message.author, body: message.body, createdAt: message.at ?? new Date(at) } });
  }
  let prescription: { reference: string } | null = null;
  if (status === "ISSUED") {
    prescription = await db.prescription.create({
      data: {
        reference: `RX-${code()}${code()}`,
        requestId: request.id,
        prescriberName: "Dr Jane Smith",
        prescriberRegistration: "GMC 1234567",
        patientName: "Alex Morgan",
        patientDateOfBirth: "1990-05-17",
        medicine: "Finasteride 1 mg tablets",
        dose: "1 mg once daily",
        quantity: "28 tablets",
        directions: "Take one tablet daily.",
        dispenseCode: "123456",
      },
      select: { reference: true },
    });
  }
  return { ...request, responseId: response.id, photoId: response.photos[0]!.id, paymentId: payment.id, prescription };
}
