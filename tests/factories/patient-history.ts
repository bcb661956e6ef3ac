import { randomBytes, randomUUID } from "node:crypto";
import { db } from "@/lib/server/core/db/client";

const NOT_A_HASH = "not-a-real-hash";
const hex = () => randomBytes(8).toString("hex");

/**
 * One patient's whole history, a row in every medical and financial table: two assessments (one
 * eligible and treated, one declined and used by nothing), a prescription issued, dispensed and
 * followed up, an order dispensed and sent, a subscription with a check-in, a consultation paid
 * and one refunded, GP letters, identity and weight checks, side effects, progress photos and
 * the audit trail. Rows are dated now, for the caller to age.
 * `photoKey` names a stored file that the assessment's photo row points at.
 */
export async function seedPatientHistory({ photoKey, name, email }: { photoKey: string; name: string; email: string }): Promise<{ patientId: string }> {
  const ref = (prefix: string) => `${prefix}-${hex().slice(0, 10).toUpperCase()}`;
  const person = (role: "CUSTOMER" | "PRESCRIBER" | "PHARMACIST" | "PHARMACY", label: string) =>
    db.user.create({ data: { name: `${label} ${hex().slice(0, 6)}`, email: `${label.toLowerCase()}.${hex()}@example.com`, passwordHash: NOT_A_HASH, role }, select: { id: true, name: true } });
  const patient = await db.user.create({ data: { name, email, passwordHash: NOT_A_HASH, emailVerifiedAt: new Date() }, select: { id: true } });
  const [other, prescriber, pharmacist, pharmacy] = [await person("CUSTOMER", "Other"), await person("PRESCRIBER", "Prescriber"), await person("PHARMACIST", "Pharmacist"), await person("PHARMACY", "Pharmacy")];
  await db.staffProfile.create({ data: { userId: prescriber.id, registrationBody: "GMC", registrationNumber: "7654321" } });
  await db.pharmacy.create({ data: { userId: pharmacy.id, premisesNumber: "1234567", name: pharmacy.name, address: "1 High Street, London NW1 1AA", responsiblePharmacistName: "Priya Shah", responsiblePharmacistNumber: "2345678" } });

  const plan = await db.plan.findFirstOrThrow({ select: { id: true, pricePence: true, durationMonths: true } });
  const product = await db.product.findFirstOrThrow({ select: { id: true } });
  const type = await db.consultationType.findFirstOrThrow({ select: { id: true } });
  const paid = (purpose: "CONSULTATION_BOOKING" | "PRESCRIPTION" | "ORDER", extra: { refundedAt?: Date; status?: "PAID" | "REFUNDED" } = {}) =>
    db.payment.create({ data: { purpose, amountPence: 4900, status: extra.status ?? "PAID", expiresAt: new Date(), paidAt: new Date(), refundedAt: extra.refundedAt, paymentIntentId: `pi_${hex()}` }, select: { id: true } });

  // Two submitted assessments: one eligible (treated below, with a photo and GP details), one not eligible and used by nothing.
  const eligible = await db.questionnaireResponse.create({ data: { id: randomUUID(), definition: "prescription", definitionVersion: 1, userId: patient.id, answers: { "1": { choice: "yes" } }, submittedAt: new Date(), outcome: "ELIGIBLE", validUntil: new Date() } });
  await db.questionnaireResponse.create({ data: { id: randomUUID(), definition: "prescription", definitionVersion: 1, userId: patient.id, answers: { "1": { choice: "no" } }, submittedAt: new Date(), outcome: "NOT_ELIGIBLE", outcomeReason: "Blood pressure" } });
  await db.questionnairePhoto.create({ data: { responseId: eligible.id, storageKey: photoKey, contentType: "image/jpeg", sizeBytes: 4, width: 1, height: 1, displayName: "scalp.jpg" } });
  const practice = { practiceName: "Camden Health Centre", addressLine1: "2 Park Road", town: "London", postcode: "NW1 2AB", email: "practice@example.com", consentToShare: true };
  await db.questionnaireGpDetails.create({ data: { responseId: eligible.id, ...practice } });
  await db.gpDetails.create({ data: { userId: patient.id, ...practice } });

  const request = await db.prescriptionRequest.create({
    data: { reference: ref("PR"), responseId: eligible.id, userId: patient.id, email, status: "ISSUED", paymentId: (await paid("PRESCRIPTION")).id, planId: plan.id, pricePence: 4900, submittedAt: new Date(), dueAt: new Date(), claimedById: prescriber.id, claimedAt: new Date(), decidedById: prescriber.id, decidedAt: new Date() },
  });
  await db.caseMessage.create({ data: { requestId: request.id, author: "STAFF", authorUserId: prescriber.id, body: "Any history of heart problems?" } });
  const prescription = await db.prescription.create({
    data: { reference: ref("RX"), requestId: request.id, prescriberId: prescriber.id, prescriberName: prescriber.name, prescriberRegistration: "GMC 7654321", patientName: name, patientDateOfBirth: "1980-02-03", medicine: "Finasteride", dose: "1 mg", quantity: "28 tablets", directions: "One daily", dispenseCode: hex(), dispensedAt: new Date(), dispensedBy: pharmacy.name, dispensedById: pharmacy.id },
  });

  const subscription = await db.subscription.create({
    data: { stripeSubscriptionId: `sub_${hex()}`, stripeCustomerId: `cus_${hex()}`, userId: patient.id, email, planId: plan.id, productId: product.id, assessmentId: eligible.id, prescriptionId: prescription.id, pricePence: plan.pricePence, durationMonths: plan.durationMonths, status: "CANCELED", canceledAt: new Date(), endedAt: new Date(), syncedAt: new Date() },
  });
  await db.subscriptionCheckout.create({ data: { checkoutSessionId: `cs_${hex()}`, userId: patient.id, planId: plan.id, status: "COMPLETED", expiresAt: new Date(), completedAt: new Date() } });
  const checkIn = await db.checkIn.create({
    data: { reference: ref("CI"), subscriptionId: subscription.id, userId: patient.id, periodEnd: new Date(), status: "APPROVED", weightKg: 92.5, sideEffects: "None", wantsToContinue: "YES", submittedAt: new Date(), decidedById: prescriber.id, decidedAt: new Date() },
  });
  const photoSet = await db.progressPhotoSet.create({ data: { userId: patient.id, checkInId: checkIn.id } });
  await db.progressPhoto.create({ data: { setId: photoSet.id, view: "CROWN", storageKey: `progress/${randomUUID()}.jpg`, contentType: "image/jpeg", sizeBytes: 4, width: 1, height: 1 } });

  const order = await db.order.create({
    data: {
      reference: ref("HO"), email, customerKey: `user:${patient.id}`, userId: patient.id, status: "DISPATCHED", paymentId: (await paid("ORDER")).id, paidAt: new Date(),
      deliveryOptionSlug: "standard", deliveryName: "Standard", deliveryPence: 0, subtotalPence: 2999, totalPence: 2999, shipName: name, shipLine1: "1 Test Street", shipCity: "London", shipPostcode: "SW1A 1AA",
      needsReview: true, checkoutFingerprint: hex(), decidedById: pharmacist.id, decidedAt: new Date(), trackingReference: "RM123456789GB", dispatchedAt: new Date(), subscriptionId: subscription.id,
      lines: { create: { productId: product.id, assessmentId: eligible.id, productKind: "PRESCRIPTION_ONLY", name: "Finasteride", durationLabel: "1 month", unitPricePence: 2999, quantity: 1, stockUnits: 1, lineTotalPence: 2999, dose: "1 mg" } },
      events: { create: { kind: "dispatched", detail: { tracking: "RM123456789GB" } } },
      prescription: { create: { prescriberId: prescriber.id, prescriberName: prescriber.name, prescriberRegistration: "GMC 7654321", directions: "One daily" } },
    },
    select: { id: true, reference: true },
  });
  const referral = await db.discountCode.create({ data: { code: `REF-${hex()}`, kind: "REFERRAL", percentOff: 10, referrerUserId: other.id } });
  await db.discountRedemption.create({ data: { codeId: referral.id, redemptionKey: `referral:${hex()}`, orderId: order.id } });
  await db.weightEvidence.create({ data: { orderId: order.id, kind: "VIDEO_CONSULTATION" } });
  await db.weightVerification.create({ data: { checkInId: checkIn.id, weightKg: 92.5, heightCm: 180, bmi: 28.5, method: "PHOTO", passed: true, verifiedById: prescriber.id, verifiedByName: prescriber.name } });
  await db.identityVerification.create({ data: { userId: patient.id, providerSessionId: `vs_${hex()}`, status: "VERIFIED", firstName: "Robin", lastName: "Records", dateOfBirth: "1980-02-03", documentHash: hex(), verifiedAt: new Date() } });
  const [first, second] = [patient.id, other.id].sort();
  await db.identityDuplicateReview.create({ data: { firstUserId: first!, secondUserId: second!, decision: "DIFFERENT_PEOPLE", note: "Different people", decidedById: pharmacist.id, decidedAt: new Date() } });
  const letter = { userId: patient.id, practiceName: practice.practiceName, practiceAddress: "2 Park Road, London NW1 2AB", patientName: name, medicine: "Finasteride", dose: "1 mg", indication: "Hair loss", prescriberName: prescriber.name, prescriberRegistration: "GMC 7654321" };
  await db.gpLetter.create({ data: { ...letter, subjectType: "order", subjectId: order.id, subjectReference: order.reference, status: "POSTED", postedAt: new Date(), postedById: pharmacist.id } });
  await db.gpConsentOverride.create({ data: { subjectType: "order", subjectId: order.id, reason: "Patient declined; clinically appropriate", recordedById: pharmacist.id, recordedByName: pharmacist.name } });
  const report = await db.sideEffectReport.create({
    data: { reference: ref("SE"), userId: patient.id, prescriptionId: prescription.id, treatmentName: "Finasteride", description: "Headache", startedOn: new Date(), severity: "MILD", serious: false, triagedAt: new Date(), triagedById: prescriber.id, triageOutcome: "ADVICE_GIVEN" },
  });
  await db.sideEffectMessage.create({ data: { reportId: report.id, author: "STAFF", authorUserId: prescriber.id, body: "Take it with food." } });

  // A consultation invited by the pharmacist and paid, and one whose late payment was refunded:
  // the sweep's hold rule must keep both, however long ago their holds lapsed.
  const slot = await db.consultationSlot.create({ data: { consultationTypeId: type.id, startsAt: new Date(Date.now() - Math.floor(Math.random() * 1e9)), capacity: 3 } });
  const invitation = await db.consultationInvitation.create({ data: { userId: patient.id, consultationTypeId: type.id, expiresAt: new Date(), usedAt: new Date(), orderId: order.id } });
  const booking = (status: "CONFIRMED" | "EXPIRED", paymentId: string, extra: { invitationId?: string } = {}) =>
    db.consultationBooking.create({ data: { reference: ref("HC"), userId: patient.id, consultationTypeId: type.id, slotId: slot.id, startsAt: slot.startsAt, clientName: name, clientEmail: email, hairConcerns: "Thinning at the crown", pricePence: 4900, status, holdExpiresAt: new Date(), confirmedAt: status === "CONFIRMED" ? new Date() : null, paymentId, ...extra } });
  await booking("CONFIRMED", (await paid("CONSULTATION_BOOKING")).id, { invitationId: invitation.id });
  await booking("EXPIRED", (await paid("CONSULTATION_BOOKING", { status: "REFUNDED", refundedAt: new Date() })).id);

  await db.auditEvent.create({ data: { actorId: prescriber.id, actorRole: "PRESCRIBER", action: "prescription.issued", subjectType: "prescription", subjectId: prescription.id } });
  return { patientId: patient.id };
}
