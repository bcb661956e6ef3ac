import "server-only";
import type { AccountActor } from "@/lib/server/core/actor/types";
import { db } from "@/lib/server/core/db/client";
import { exportMedicalRecords } from "@/lib/server/prescriptions/export-medical-records";
import { exportSideEffects } from "@/lib/server/side-effects/export-side-effects";

/**
 * Everything we hold about the user (UK GDPR, right of access), as plain data. Secrets
 * (password hash, token hashes) are left out: they are ours, not information about them.
 * Later capabilities (orders, subscriptions) add their records here. Records kept under an
 * email address (newsletter, contact messages, emails sent) are the account's only once it
 * proved the address (their user_id, set by linkVerifiedEmail): never matched by email here,
 * so an unverified account registered with a stranger's address gets nothing of theirs.
 */
export async function exportAccountData(actor: AccountActor) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: actor.user.id },
    select: {
      id: true,
      name: true,
      email: true,
      emailVerifiedAt: true,
      role: true,
      remindersEnabled: true,
      createdAt: true,
      updatedAt: true,
      sessions: { select: { createdAt: true, lastSeenAt: true, expiresAt: true, revokedAt: true }, orderBy: { createdAt: "asc" } },
      passwordResets: { select: { createdAt: true, expiresAt: true, usedAt: true }, orderBy: { createdAt: "asc" } },
      emailVerifications: { select: { purpose: true, email: true, createdAt: true, expiresAt: true, usedAt: true }, orderBy: { createdAt: "asc" } },
      guestLinks: { select: { linkedAt: true } },
      bookings: {
        select: {
          reference: true,
          consultationType: { select: { name: true } },
          startsAt: true,
          clientName: true,
          clientEmail: true,
          hairConcerns: true,
          pricePence: true,
          status: true,
          createdAt: true,
          confirmedAt: true,
          cancelledAt: true,
          payment: { select: { amountPence: true, currency: true, status: true, paidAt: true, refundedAt: true } },
        },
        orderBy: { createdAt: "asc" },
      },
      subscriptionCheckouts: { select: { plan: { select: { name: true } }, status: true, createdAt: true, expiresAt: true, completedAt: true }, orderBy: { createdAt: "asc" } },
      gpDetails: { select: { practiceName: true, addressLine1: true, addressLine2: true, town: true, postcode: true, email: true, consentToShare: true, createdAt: true, updatedAt: true } },
      gpLetters: {
        select: { subjectReference: true, practiceName: true, practiceAddress: true, practiceEmail: true, medicine: true, dose: true, indication: true, prescriberName: true, prescriberRegistration: true, status: true, createdAt: true, sentAt: true, postedAt: true },
        orderBy: { createdAt: "asc" },
      },
      // The identity checks (lib/server/identity): what the document said, never its number.
      identityVerifications: { select: { status: true, firstName: true, lastName: true, dateOfBirth: true, lastErrorReason: true, createdAt: true, verifiedAt: true }, orderBy: { createdAt: "asc" } },
      cart: { select: { items: { select: { quantity: true, product: { select: { slug: true, name: true } } } } } },
    },
  });
  const [newsletter, contactMessages, emails, medical, sideEffects, questionnaireGp] = await Promise.all([
    db.newsletterSubscriber.findFirst({ where: { userId: user.id }, select: { email: true, consentText: true, consentedAt: true, unsubscribedAt: true } }),
    db.contactMessage.findMany({ where: { userId: user.id }, select: { name: true, subject: true, message: true, createdAt: true }, orderBy: { createdAt: "asc" } }),
    db.outboxEmail.findMany({ where: { userId: user.id }, select: { subject: true, createdAt: true, sentAt: true }, orderBy: { createdAt: "asc" } }),
    exportMedicalRecords(actor),
    exportSideEffects(user.id),
    db.questionnaireGpDetails.findMany({
      where: { response: { userId: user.id } },
      select: { responseId: true, practiceName: true, addressLine1: true, addressLine2: true, town: true, postcode: true, email: true, consentToShare: true, createdAt: true, updatedAt: true },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  return {
    exported_at: new Date().toISOString(),
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      email_verified_at: user.emailVerifiedAt,
      role: user.role,
      reminders_enabled: user.remindersEnabled,
      created_at: user.createdAt,
      updated_at: user.updatedAt,
    },
    sign_ins: user.sessions,
    password_reset_requests: user.passwordResets,
    email_verification_requests: user.emailVerifications,
    linked_guest_sessions: user.guestLinks,
    consultation_bookings: user.bookings.map(({ consultationType, payment, ...booking }) => ({ ...booking, consultation: consultationType.name, payment })),
    subscription_checkouts: user.subscriptionCheckouts.map(({ plan, ...checkout }) => ({ plan: plan.name, ...checkout })),
    identity_checks: user.identityVerifications.map((check) => ({
      status: check.status,
      name_on_document: check.firstName && check.lastName ? `${check.firstName} ${check.lastName}` : null,
      date_of_birth_on_document: check.dateOfBirth,
      not_accepted_because: check.lastErrorReason,
      started_at: check.createdAt,
      verified_at: check.verifiedAt,
    })),
    cart: user.cart?.items.map((item) => ({ product: item.product.slug, name: item.product.name, quantity: item.quantity })) ?? [],
    newsletter,
    contact_messages: contactMessages,
    emails_sent: emails,
    // Questionnaire answers, photo details (not the images), prescription requests and their messages, issued prescriptions.
    ...medical,
    // Side effects reported, with their message threads and the clinical team's triage.
    side_effect_reports: sideEffects,
    // The GP practice and consent they gave (/dashboard/gp), and the letters written to it.
    gp_details: user.gpDetails,
    // The GP given beside a questionnaire before the account existed (kept with that questionnaire).
    gp_details_given_with_questionnaires: questionnaireGp.map(({ responseId, ...gp }) => ({ questionnaire_id: responseId, ...gp })),
    gp_letters: user.gpLetters,
  };
}
