// The Stripe events we handle are listed once in code (HANDLED_STRIPE_EVENTS); this proves the
// list is what the webhook route dispatches once the plug-ins are loaded, and what
// docs/configuration.md tells an operator to subscribe the endpoint to (issue 36).
import { readFileSync } from "node:fs";
import path from "node:path";
// The route loads lib/server/plugins.ts, as it does in production: every domain's handlers register.
import "@/app/api/webhooks/stripe/route";
import { HANDLED_STRIPE_EVENTS } from "@/lib/server/services/payments/webhook-events/handled-events";
import { dispatchedWebhookEventTypes, registerWebhookEvent, webhookEventHandler } from "@/lib/server/services/payments/webhook-events";

const sorted = (types: Iterable<string>) => [...types].sort();

/** The event types in the backticks of docs/configuration.md's "Stripe webhook events" table. */
function documentedEvents(): string[] {
  const page = readFileSync(path.resolve(__dirname, "../../../docs/configuration.md"), "utf8");
  const section = page.split(/^## /m).find((part) => part.startsWith("Stripe webhook events"));
  if (!section) throw new Error('docs/configuration.md has no "## Stripe webhook events" section');
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => /^\| `([a-z_.]+)`/.exec(line)?.[1] ?? line);
}

describe("the Stripe events we handle, listed once", () => {
  it("has no type twice", () => {
    expect(new Set(HANDLED_STRIPE_EVENTS).size).toBe(HANDLED_STRIPE_EVENTS.length);
  });

  it("is exactly what the webhook route dispatches to a handler", () => {
    expect(sorted(dispatchedWebhookEventTypes())).toEqual(sorted(HANDLED_STRIPE_EVENTS));
    for (const type of HANDLED_STRIPE_EVENTS) expect(webhookEventHandler(type) ? type : `${type} has no handler`).toBe(type);
    expect(webhookEventHandler("payment_intent.succeeded")).toBeUndefined();
  });

  it("is exactly the events docs/configuration.md names", () => {
    const documented = documentedEvents();
    expect(new Set(documented).size).toBe(documented.length);
    expect(sorted(documented)).toEqual(sorted(HANDLED_STRIPE_EVENTS));
  });

  it("refuses a handler for a type outside the list", () => {
    expect(() => registerWebhookEvent("payment_intent.succeeded" as never, async () => ({ kind: "x" }))).toThrow(/not in HANDLED_STRIPE_EVENTS/);
    expect(webhookEventHandler("payment_intent.succeeded")).toBeUndefined();
  });
});
