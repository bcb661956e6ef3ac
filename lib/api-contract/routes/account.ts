// The signed-in patient's own account (app/api/account/**): settings, email, password, the
// second factor and the data export. Every route is actor "account" (401 signed out).
import { z } from "zod";
import { deleteAccountSchema, changePasswordSchema, requestEmailChangeSchema, setRemindersSchema, updateAccountSchema } from "@/lib/validation/account";
import { disableTotpSchema, enableTotpSchema } from "@/lib/validation/second-factor";
import { boundaryErrors, defineOperations, errorResponse } from "../operation";

const tags = ["Account"];
const iso = z.string().describe("An ISO 8601 date-time.");
const message = z.strictObject({ message: z.string() });
const tooMany = errorResponse("Too many attempts (password re-checks, codes or emails) for this account; Retry-After says when to try again.");

const accountSettings = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    email_verified: z.boolean(),
    /** The address a change waits on (its link unused and unexpired), or null. */
    pending_email: z.string().nullable(),
    reminders_enabled: z.boolean(),
  })
  .meta({ id: "AccountSettings" });

const publicUser = z.strictObject({ id: z.string(), name: z.string(), email: z.string() });

const paymentRecord = z.strictObject({ amountPence: z.number().int(), currency: z.string(), status: z.string(), paidAt: iso.nullable(), refundedAt: iso.nullable() }).nullable();

const gpRecord = {
  practiceName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  town: z.string(),
  postcode: z.string(),
  email: z.string().nullable(),
  consentToShare: z.boolean(),
  createdAt: iso,
  updatedAt: iso,
};

/** GET /api/account/export (exportAccountData, exportMedicalRecords, exportSideEffects): dates as JSON-serialised ISO strings. */
const accountExport = z
  .strictObject({
    exported_at: iso,
    account: z.strictObject({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      email_verified_at: iso.nullable(),
      role: z.enum(["CUSTOMER", "PHARMACIST", "PRESCRIBER", "ADMIN", "PHARMACY"]),
      reminders_enabled: z.boolean(),
      created_at: iso,
      updated_at: iso,
    }),
    sign_ins: z.array(z.strictObject({ createdAt: iso, lastSeenAt: iso, expiresAt: iso, revokedAt: iso.nullable() })),
    password_reset_requests: z.array(z.strictObject({ createdAt: iso, expiresAt: iso, usedAt: iso.nullable() })),
    email_verification_requests: z.array(z.strictObject({ purpose: z.enum(["SIGN_UP", "CHANGE"]), email: z.string(), createdAt: iso, expiresAt: iso, usedAt: iso.nullable() })),
    linked_guest_sessions: z.array(z.strictObject({ linkedAt: iso })),
    consultation_bookings: z.array(
      z.strictObject({
        reference: z.string(),
        consultation: z.string(),
        startsAt: iso,
        clientName: z.string(),
        clientEmail: z.string(),
        hairConcerns: z.string(),
        pricePence: z.number().int(),
        status: z.string(),
        createdAt: iso,
        confirmedAt: iso.nullable(),
        cancelledAt: iso.nullable(),
        payment: paymentRecord,
      }),
    ),
    subscription_checkouts: z.array(z.strictObject({ plan: z.string(), status: z.string(), createdAt: iso, expiresAt: iso, completedAt: iso.nullable() })),
    identity_checks: z.array(
      z.strictObject({
        status: z.string(),
        name_on_document: z.string().nullable(),
        date_of_birth_on_document: z.string().nullable(),
        not_accepted_because: z.string().nullable(),
        started_at: iso,
        verified_at: iso.nullable(),
      }),
    ),
    cart: z.array(z.strictObject({ product: z.string(), name: z.string(), quantity: z.number().int() })),
    newsletter: z.strictObject({ email: z.string(), consentText: z.string(), consentedAt: iso, unsubscribedAt: iso.nullable() }).nullable(),
    contact_messages: z.array(z.strictObject({ name: z.string(), subject: z.string(), message: z.string(), createdAt: iso })),
    emails_sent: z.array(z.strictObject({ subject: z.string(), createdAt: iso, sentAt: iso.nullable() })),
    questionnaire_responses: z.array(
      z.strictObject({
        id: z.string(),
        definition: z.string(),
        definition_version: z.number().int(),
        answers: z.record(z.string(), z.strictObject({ choice: z.union([z.string(), z.array(z.string()), z.null()]), text: z.string() })),
        submitted_at: iso.nullable(),
        created_at: iso,
        updated_at: iso,
        photos: z.array(z.strictObject({ name: z.string(), content_type: z.string(), size_bytes: z.number().int(), width: z.number().int(), height: z.number().int(), uploaded_at: iso })),
      }),
    ),
    prescription_requests: z.array(
      z.strictObject({
        reference: z.string(),
        questionnaire_id: z.string(),
        email: z.string(),
        status: z.string(),
        price_pence: z.number().int(),
        plan: z.string().nullable(),
        created_at: iso,
        submitted_at: iso.nullable(),
        due_at: iso.nullable(),
        decided_at: iso.nullable(),
        decline_reason: z.string().nullable(),
        payment: paymentRecord,
        messages: z.array(
          z.strictObject({
            from: z.enum(["prescriber", "you"]),
            body: z.string(),
            photo: z.strictObject({ name: z.string(), content_type: z.string().nullable() }).nullable(),
            sent_at: iso,
          }),
        ),
      }),
    ),
    progress_photos: z.array(
      z.strictObject({
        taken_at: iso,
        photos: z.array(z.strictObject({ view: z.enum(["hairline", "crown", "top"]), content_type: z.string(), size_bytes: z.number().int(), width: z.number().int(), height: z.number().int() })),
      }),
    ),
    prescriptions: z.array(
      z.strictObject({
        request_reference: z.string(),
        reference: z.string(),
        prescriberName: z.string(),
        prescriberRegistration: z.string(),
        patientName: z.string(),
        patientDateOfBirth: z.string(),
        medicine: z.string(),
        dose: z.string(),
        quantity: z.string(),
        directions: z.string(),
        issuedAt: iso,
        dispensedAt: iso.nullable(),
        dispensedBy: z.string().nullable(),
      }),
    ),
    side_effect_reports: z.array(
      z.strictObject({
        reference: z.string(),
        treatment: z.string(),
        description: z.string(),
        started_on: z.string().describe("yyyy-MM-dd"),
        severity: z.enum(["MILD", "MODERATE", "SEVERE"]),
        red_flags: z.array(z.string()),
        serious: z.boolean(),
        reported_at: iso,
        triaged_at: iso.nullable(),
        triage_outcome: z.enum(["NO_ACTION", "ADVICE_GIVEN", "TREATMENT_PAUSED", "REFERRED"]).nullable(),
        triage_note: z.string().nullable(),
        messages: z.array(z.strictObject({ from: z.enum(["clinical team", "you"]), body: z.string(), sent_at: iso })),
      }),
    ),
    gp_details: z.strictObject(gpRecord).nullable(),
    gp_details_given_with_questionnaires: z.array(z.strictObject({ questionnaire_id: z.string(), ...gpRecord })),
    gp_letters: z.array(
      z.strictObject({
        subjectReference: z.string(),
        practiceName: z.string(),
        practiceAddress: z.string(),
        practiceEmail: z.string().nullable(),
        medicine: z.string(),
        dose: z.string(),
        indication: z.string(),
        prescriberName: z.string(),
        prescriberRegistration: z.string(),
        status: z.enum(["QUEUED_EMAIL", "SENT", "TO_POST", "POSTED"]),
        createdAt: iso,
        sentAt: iso.nullable(),
        postedAt: iso.nullable(),
      }),
    ),
  })
  .meta({ id: "AccountExport" });

export const accountOperations = defineOperations([
  {
    method: "get",
    path: "/api/account",
    summary: "The account's settings: name, email, whether it is verified, a pending change of address, reminders",
    tags,
    access: "patient",
    responses: {
      200: { description: "The settings (Cache-Control: private, no-store).", schema: accountSettings },
      ...boundaryErrors({ signedIn: true }),
    },
  },
  {
    method: "patch",
    path: "/api/account",
    summary: "Rename the account",
    tags,
    access: "patient",
    request: { body: updateAccountSchema },
    responses: {
      200: { description: "Saved.", schema: z.strictObject({ message: z.string(), user: publicUser }) },
      ...boundaryErrors({ write: true, jsonBody: true, signedIn: true }),
    },
  },
  {
    method: "delete",
    path: "/api/account",
    summary: "Delete the account after re-checking its password; the session cookies are cleared",
    tags,
    access: "patient",
    request: { body: deleteAccountSchema },
    responses: {
      200: { description: "Deleted; medical records the law requires are detached and kept.", schema: message },
      ...boundaryErrors({ write: true, jsonBody: true, signedIn: true }),
      422: errorResponse("Validation failed, or the password is not correct (`errors.password`)."),
      429: tooMany,
    },
  },
  {
    method: "put",
    path: "/api/account/reminders",
    summary: "Turn email reminders (reorders, appointments) on or off",
    tags,
    access: "patient",
    request: { body: setRemindersSchema },
    responses: {
      200: { description: "The new setting.", schema: z.strictObject({ message: z.string(), enabled: z.boolean() }) },
      ...boundaryErrors({ write: true, jsonBody: true, signedIn: true }),
    },
  },
  {
    method: "post",
    path: "/api/account/email",
    summary: "Ask to change the email address (current password re-checked); a link goes to the new address",
    tags,
    access: "patient",
    request: { body: requestEmailChangeSchema },
    responses: {
      200: { description: "The link was sent (the same answer whether or not the new address has an account).", schema: message },
      ...boundaryErrors({ write: true, jsonBody: true, signedIn: true }),
      422: errorResponse("Validation failed, the current password is not correct, or the address is already the account's."),
      429: tooMany,
    },
  },
  {
    method: "post",
    path: "/api/account/email-verification",
    summary: "Email a new link to verify the account's address (3 an hour)",
    tags,
    access: "patient",
    responses: {
      200: { description: "A new link was sent; earlier links stop working.", schema: message },
      ...boundaryErrors({ write: true, signedIn: true }),
      409: errorResponse("The address is already verified."),
      429: tooMany,
    },
  },
  {
    method: "post",
    path: "/api/account/password",
    summary: "Change the password (current one checked); every other session is signed out",
    tags,
    access: "patient",
    request: { body: changePasswordSchema },
    responses: {
      200: { description: "Changed.", schema: message },
      ...boundaryErrors({ write: true, jsonBody: true, signedIn: true }),
      422: errorResponse("Validation failed, the current password is not correct, or the new one is too common."),
      429: tooMany,
    },
  },
  {
    method: "post",
    path: "/api/account/second-factor/setup",
    summary: "Start setting up an authenticator app: its secret, otpauth:// URI and QR code (an SVG path)",
    tags,
    access: "patient",
    responses: {
      200: {
        description: "The pending secret (Cache-Control: private, no-store); it signs nobody in until a code from it is confirmed.",
        schema: z.strictObject({ secret: z.string(), otpauth_uri: z.string(), qr: z.strictObject({ viewBoxSize: z.number().int(), path: z.string() }) }),
      },
      ...boundaryErrors({ write: true, signedIn: true }),
      409: errorResponse("Two-step sign-in is already on."),
    },
  },
  {
    method: "post",
    path: "/api/account/second-factor",
    summary: "Turn two-step sign-in on with a code from the new authenticator; the recovery codes are shown once",
    tags,
    access: "patient",
    request: { body: enableTotpSchema },
    responses: {
      200: {
        description: "On (Cache-Control: private, no-store).",
        schema: z.strictObject({ message: z.string(), recovery_codes: z.array(z.string()) }),
      },
      ...boundaryErrors({ write: true, jsonBody: true, signedIn: true }),
      422: errorResponse("Validation failed, or the code is wrong, used already, or there is no pending set-up."),
      429: tooMany,
    },
  },
  {
    method: "post",
    path: "/api/account/second-factor/disable",
    summary: "A patient turns two-step sign-in off: password and a current code or an unused recovery code",
    tags,
    access: "patient",
    request: { body: disableTotpSchema },
    responses: {
      200: { description: "Off; the recovery codes are deleted.", schema: message },
      ...boundaryErrors({ write: true, jsonBody: true, signedIn: true }),
      403: errorResponse("A staff account (its second factor is required), a cross-site write, or a cookie write without a valid X-XSRF-TOKEN."),
      409: errorResponse("Two-step sign-in is already off."),
      422: errorResponse("Validation failed, the password is not correct, or the code is wrong or used already."),
      429: tooMany,
    },
  },
  {
    method: "get",
    path: "/api/account/export",
    summary: "Download everything held about the account (UK GDPR right of access), as JSON",
    tags,
    access: "patient",
    responses: {
      200: { description: "The data, as an attachment my-data.json (Cache-Control: private, no-store).", schema: accountExport },
      ...boundaryErrors({ signedIn: true }),
    },
  },
]);
