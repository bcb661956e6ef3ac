import type { SandboxDelivery } from "@/stripe-sandbox/server.mjs";
import { holdingSandboxForThisFile } from "@/tests/support/stripe-sandbox";

/**
 * The test sandbox whose webhooks can be kept back: heldDuring(action) runs the action with
 * every delivery kept instead of sent (the sandbox is told 200) and returns them in the order
 * the provider emitted them, checked against the provider's own record of events, so a test
 * can then deliver them twice, ten times, in any order or all at once.
 */
export function heldSandboxForThisFile() {
  const { sandbox, hold, release } = holdingSandboxForThisFile();
  async function heldDuring(action: () => Promise<unknown>): Promise<SandboxDelivery[]> {
    const before = sandbox.events().length;
    hold();
    let held: SandboxDelivery[] = [];
    try {
      await action();
    } finally {
      held = release();
    }
    const emitted = sandbox.events().slice(before).map((event) => event.id);
    const kept = held.map((delivery) => delivery.event.id);
    if (JSON.stringify(kept) !== JSON.stringify(emitted)) throw new Error(`Held ${kept.length} deliveries of the ${emitted.length} events emitted.`);
    return held;
  }
  return { sandbox, heldDuring };
}

/** The one delivery of this type among those held (a test asking for an event the action did not emit fails here). */
export function only(deliveries: SandboxDelivery[], type: string): SandboxDelivery {
  const found = deliveries.filter((delivery) => delivery.event.type === type);
  if (found.length !== 1) throw new Error(`Expected one ${type} among ${deliveries.map((d) => d.event.type).join(", ")}; found ${found.length}.`);
  return found[0]!;
}
