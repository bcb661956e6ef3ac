// The pharmacist's (and prescriber's) review of shop orders (app/api/staff/orders/**;
// lib/server/orders/review, lib/server/weight-verification, lib/server/gp).
import { z } from "zod";
import type { OrderStatus } from "@/lib/orders/order-timeline";
import type { OrderActionResult } from "@/lib/server/orders/review/types";
import type { WeightVerificationView } from "@/lib/server/weight-verification/types";
import { recordGpConsentOverrideSchema } from "@/lib/validation/gp";
import { declineOrderSchema, dispatchOrderSchema, inviteOrderSchema, orderParamsSchema, prescribeOrderSchema } from "@/lib/validation/order-review";
import { recordWeightSchema, WEIGHT_METHODS, weightOrderParamsSchema, weightPhotoParamsSchema } from "@/lib/validation/weight-verification";
import { defineOperations, errorResponse, type Operation } from "../operation";
import { describing, ownCaseForbidden, staffMessageResponseSchema, staffPhotoResponse, staffReadErrors, staffWriteErrors } from "./staff-shared";

const TAGS = ["Staff orders"];
const OWN_ORDER = "the caller's own order";

const ORDER_STATUSES = ["PENDING_PAYMENT", "AWAITING_PHARMACIST", "CONSULTATION_INVITED", "AWAITING_DISPATCH", "DISPATCHED", "DECLINED", "CANCELLED", "REFUNDED"] as const;

// The type says string; every action answers one of the order's statuses (the locked row's, or the one it moved to).
const orderActionSchema = describing<OrderActionResult & { status: OrderStatus }>()(
  z.strictObject({ id: z.uuid(), reference: z.string(), status: z.enum(ORDER_STATUSES), message: z.string() }),
);

/** Every order action answers `{ message, order }` (order repeats the message). */
const orderActionResponseSchema = z.strictObject({ message: z.string(), order: orderActionSchema }).meta({ id: "StaffOrderActionResponse" });

const weightVerificationSchema = describing<WeightVerificationView>()(
  z.strictObject({
    weightKg: z.number(),
    heightCm: z.number(),
    bmi: z.number(),
    method: z.enum(WEIGHT_METHODS),
    note: z.string(),
    passed: z.boolean(),
    failure: z.string().nullable(),
    byName: z.string(),
    at: z.string(),
  }),
);

function ownCaseForbiddenStatus(what: string): Operation["responses"] {
  return { 403: ownCaseForbidden(what) };
}

const notFound = errorResponse("No such paid order (a malformed id reads the same).");

/** An order action: POST /api/staff/orders/{id}/{action}, answering `{ message, order }`. */
function orderAction(action: string, summary: string, options: { body?: z.ZodType; success: string; forbidden?: string; conflict: string; extra?: Operation["responses"] }): Operation {
  return {
    method: "post",
    path: `/api/staff/orders/{id}/${action}`,
    summary,
    tags: TAGS,
    access: "staff",
    request: { params: orderParamsSchema, ...(options.body ? { body: options.body } : {}) },
    responses: {
      200: { description: options.success, schema: orderActionResponseSchema },
      ...staffWriteErrors({ jsonBody: Boolean(options.body) }),
      ...(options.forbidden ? ownCaseForbiddenStatus(options.forbidden) : {}),
      404: notFound,
      409: errorResponse(options.conflict),
      ...options.extra,
    },
  };
}

export const staffOrdersOperations = defineOperations([
  orderAction("claim", "Take an order for review (one at a time; a claim lapses after 30 minutes). A prescriber may take only an order whose prescription-only lines wait for them.", {
    success: "Claimed (or the caller's claim refreshed).",
    forbidden: OWN_ORDER,
    conflict: "Another member of staff holds it, it is no longer under review, or (a prescriber) it has nothing to prescribe.",
  }),
  orderAction("decline", "Decline with a reason (shown in the patient's account) and refund in full; a subscription's order ends its subscription. Claim holder only.", {
    body: declineOrderSchema,
    success: "Declined and refunded; the patient is emailed.",
    forbidden: OWN_ORDER,
    conflict: "Not claimed by the caller, already decided, or its payment is not settled yet.",
    extra: { 502: errorResponse("The payment provider did not make the refund; the order is not declined. Try again.") },
  }),
  orderAction("dispatch", "Mark a dispensed (or cosmetics-only) order sent, with the carrier's tracking reference.", {
    body: dispatchOrderSchema,
    success: "Dispatched; the tracking reference goes on the patient's timeline and email.",
    conflict: "Already dispatched, or not ready for dispatch.",
  }),
  orderAction("dispense", "Dispense: every supply check met, the order goes to dispatch (and the GP letter is written, with consent). Claim holder only.", {
    success: "Dispensed and ready to dispatch.",
    forbidden: OWN_ORDER,
    conflict: "Not claimed by the caller, already decided, a supply check unmet (identity, weight, GP consent, a prescriber's authorisation), or the caller prescribed it.",
  }),
  orderAction("invite", "Invite the patient to a fee-waived consultation; the order waits. Claim holder only.", {
    body: inviteOrderSchema,
    success: "Invited; the patient is emailed.",
    forbidden: OWN_ORDER,
    conflict: "Not claimed by the caller, already decided, or the patient is already invited.",
    extra: { 422: errorResponse("Validation failed: the body, or a consultation type not in the catalogue (`consultation_type`).") },
  }),
  orderAction("prescribe", "The claim's prescriber authorises the order's prescription-only lines; the order stays with the pharmacist. Claim holder only.", {
    body: prescribeOrderSchema,
    success: "Prescribed; the claim is released for a pharmacist to dispense.",
    forbidden: OWN_ORDER,
    conflict: "Not claimed by the caller, already decided, nothing waits for a prescriber, or a supply check (identity, weight, GP consent) is unmet.",
    extra: { 422: errorResponse("Validation failed: the body, or the prescriber has no registration number on their profile.") },
  }),
  orderAction("release", "Give a claimed order back to the queue. Claim holder only.", {
    success: "Back in the queue.",
    conflict: "Not claimed by the caller, or already decided.",
  }),
  {
    method: "post",
    path: "/api/staff/orders/{id}/gp-consent-override",
    summary: "Record why a \"GP consent required\" medicine may be supplied although the patient did not consent to telling their GP. Claim holder only.",
    tags: TAGS,
    access: "staff",
    request: { params: orderParamsSchema, body: recordGpConsentOverrideSchema },
    responses: {
      200: { description: "The reason is recorded with the order (audited, not its text).", schema: staffMessageResponseSchema },
      ...staffWriteErrors({ jsonBody: true }),
      404: errorResponse("No such order (a malformed id reads the same)."),
      409: errorResponse("Already decided, or not claimed by the caller."),
    },
  },
  {
    method: "post",
    path: "/api/staff/orders/{id}/weight",
    summary: "Record the patient's verified weight (from the scales photo, a video consultation or in person) and apply the medicine's BMI rule. Claim holder only.",
    tags: TAGS,
    access: "staff",
    request: { params: weightOrderParamsSchema, body: recordWeightSchema },
    responses: {
      201: {
        description: "Recorded; `verification.passed` says whether the BMI rule is met (the message says why not).",
        schema: z.strictObject({ message: z.string(), verification: weightVerificationSchema }),
      },
      ...staffWriteErrors({ jsonBody: true }),
      403: ownCaseForbidden(OWN_ORDER),
      404: notFound,
      409: errorResponse("Not claimed by the caller, already decided, a renewal verified at its check-in, no medicine needing a weight, or no height to work out a BMI."),
    },
  },
  {
    method: "get",
    path: "/api/staff/orders/{id}/weight-photos/{photoId}",
    summary: "A paid order's weight verification photo (or its renewal check-in's), for the clinician reviewing it (audited).",
    tags: TAGS,
    access: "staff",
    request: { params: weightPhotoParamsSchema },
    responses: {
      200: staffPhotoResponse("The weight photo"),
      ...staffReadErrors(),
      404: errorResponse("No such photo on this paid order (a malformed id reads the same)."),
    },
  },
]);
