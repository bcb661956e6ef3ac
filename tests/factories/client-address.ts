import { randomInt } from "node:crypto";
import { rateLimits } from "@/lib/server/services/rate-limit/rules";
import { withinRateLimit } from "@/lib/server/services/rate-limit/within-rate-limit";

const group = () => randomInt(0x10000).toString(16);

/** A client address of its own (in 2001:db8::/32, for documentation), so one test's per-address budgets are not another's. */
export function newClientAddress(): string {
  return `2001:db8:${group()}:${group()}:${group()}::${group()}`;
}

/** Spends the address's whole budget of checkout-return look-ups; the next return may not ask the provider. */
export async function spendCheckoutReturnBudget(address: string): Promise<void> {
  for (let i = 0; i < rateLimits.checkoutReturnLookupPerAddress.limit; i++) {
    if (!(await withinRateLimit(rateLimits.checkoutReturnLookupPerAddress, address))) throw new Error("The budget was already spent.");
  }
}
