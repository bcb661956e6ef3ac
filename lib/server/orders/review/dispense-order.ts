import "server-only";
import { recordAuditEvent } from "@/lib/server/services/audit/record-audit-event";
import type { StaffActor } from "@/lib/server/core/actor/types";
import { createGpLetterOnDispense } from "@/lib/server/gp/create-gp-letter-on-dispense";
import { AppError } from "@/lib/server/core/errors/app-error";
import { decideCase } from "@/lib/server/staff-review/decide-case";
import { supplyChecksAuditDetail } from "@/lib/server/supply-checks/audit-detail";
import { assertSupplyAllowed } from "@/lib/server/supply-checks/evaluate";
import { orderSupplySubject } from "@/lib/server/supply-checks/load-subject";
import { readOrderAuthoriser } from "@/lib/server/supply-checks/prescriber-authorisation-check";
import { transitionOrder } from "../order-events";
import { orderReview, REVIEWABLE } from "./order-review-kind";
import type { OrderActionResult } from "./types";

export const OWN_PRESCRIPTION =
  "You prescribed this order, so another pharmacist must dispense it: prescribing and supply are kept apart (GPhC guidance for pharmacy services at a distance, February 2025).";

/**
 * Dispensed: the order goes to dispatch. One transaction under the order's lock, for the
 * claim's holder, once every supply check is met; transitionOrder moves it only from a reviewable status (a repeat is a 409),
 * appends the patient's timeline and queues their email; the audit commits with it.
 */
export async function dispenseOrder(actor: StaffActor, id: string): Promise<OrderActionResult> {
  return decideCase(actor, orderReview, id, async (tx, order) => {
    // Identity, verified weight, GP consent, the prescriber's authorisation: whatever the order's medicines need (lib/server/supply-checks).
    const checks = await assertSupplyAllowed(tx, await orderSupplySubject(tx, id));
    // Separation of prescribing and supply where possible: GPhC, Guidance for registered pharmacies
    // providing pharmacy services at a distance, including on the internet (February 2025).
    const authoriser = await readOrderAuthoriser(tx, id);
    if (authoriser?.prescriberId === actor.user.id) throw new AppError("conflict", OWN_PRESCRIPTION);
    await transitionOrder(tx, order, {
      from: REVIEWABLE,
      to: "AWAITING_DISPATCH",
      events: ["dispensed", "awaiting_dispatch"],
      data: { decidedAt: new Date(), decidedById: actor.user.id, claimedById: null, claimedAt: null },
    });
    // With the patient's consent, their GP is told what was supplied (lib/server/gp).
    await createGpLetterOnDispense(tx, actor, id, authoriser);
    await recordAuditEvent({ actor, action: "order.dispensed", subjectType: "order", subjectId: id, detail: { reference: order.reference, ...supplyChecksAuditDetail(checks) } }, tx);
    return { id, reference: order.reference, status: "AWAITING_DISPATCH", message: `${order.reference} is dispensed and ready to dispatch.` };
  });
}
