import "server-only";
import type { Tx } from "@/lib/server/core/db/client";

/** Ends the subscription whose period's order was declined, in the decline's transaction; true when it was running. */
export type EndSubscriptionAfterDecline = (tx: Tx, subscriptionId: string) => Promise<boolean>;

let handler: EndSubscriptionAfterDecline | null = null;

/**
 * The subscriptions domain's part in a decline, registered by the composition root
 * (lib/server/plugins.ts), so orders never imports subscriptions (which imports orders).
 */
export function onSubscriptionOrderDeclined(end: EndSubscriptionAfterDecline): void {
  handler = end;
}

/** Throws when nothing is registered: a declined period must never leave its subscription charging. */
export async function endSubscriptionOfDeclinedOrder(tx: Tx, subscriptionId: string): Promise<boolean> {
  if (!handler) throw new Error("No handler ends a declined order's subscription: import lib/server/plugins.ts.");
  return handler(tx, subscriptionId);
}
