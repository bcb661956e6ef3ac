import { db } from "@/lib/server/core/db/client";
import { giveGpConsent } from "./gp";
import { verifyIdentity } from "./identity";
import { createStaff } from "./staff";
import { verifyWeight } from "./weight";

export type SupplyRule = "identity" | "weight" | "gp" | "prescriber";

/**
 * A prescriber's authorisation of the order's prescription-only lines, as POST
 * /api/staff/orders/{id}/prescribe records it (its own prescriber unless one is given). For
 * tests whose subject is the pharmacist's dispense, not the prescriber's step.
 */
export async function prescribeOrderForTest(orderId: string, prescriber?: { id: string; name: string; registration: string | null }) {
  const by = prescriber ?? (await createStaff("PRESCRIBER", true, { name: "Dr Rhea Okafor" }));
  return db.orderPrescription.create({ data: { orderId, prescriberId: by.id, prescriberName: by.name, prescriberRegistration: by.registration ?? "GMC 7654321" } });
}

/**
 * Meets the supply checks (lib/server/supply-checks) of a paid medicine order the way staff and
 * the patient would, except the rules a test is about: the patient's verified identity, a
 * verified weight for a weight-loss medicine, the patient's GP details with consent, and a
 * prescriber's authorisation of its prescription-only lines.
 */
export async function meetSupplyChecks({ userId, orderId }: { userId: string; orderId: string }, { except = [] }: { except?: SupplyRule[] } = {}) {
  if (!except.includes("identity")) await verifyIdentity({ id: userId });
  if (!except.includes("weight")) await verifyWeight(orderId);
  if (!except.includes("gp")) await giveGpConsent(userId);
  if (!except.includes("prescriber")) await prescribeOrderForTest(orderId);
}
