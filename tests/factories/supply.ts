import { giveGpConsent } from "./gp";
import { verifyIdentity } from "./identity";
import { verifyWeight } from "./weight";

export type SupplyRule = "identity" | "weight" | "gp";

/**
 * Meets the supply checks (lib/server/supply-checks) of a paid medicine order the way staff and
 * the patient would, except the rules a test is about: the patient's verified identity, a
 * verified weight for a weight-loss medicine, the patient's GP details with consent.
 */
export async function meetSupplyChecks({ userId, orderId }: { userId: string; orderId: string }, { except = [] }: { except?: SupplyRule[] } = {}) {
  if (!except.includes("identity")) await verifyIdentity({ id: userId });
  if (!except.includes("weight")) await verifyWeight(orderId);
  if (!except.includes("gp")) await giveGpConsent(userId);
}
