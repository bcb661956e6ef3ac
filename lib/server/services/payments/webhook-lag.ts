import "server-only";
import { histogram } from "@/lib/metrics/registry.mjs";

const lag = histogram({
  name: "clinic_webhook_processing_lag_seconds",
  help: "From the provider creating a webhook event to our processing it (first delivery processed), per allow-listed event type.",
  labelNames: ["event_type"],
  buckets: [0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600, 6 * 3600],
});

/**
 * Records how late an allow-listed event was processed: now minus the event's `created`
 * (Unix seconds). A redelivered event already processed is not observed again, nor is an
 * event without a usable `created` (a metric must never fail the webhook it describes: the
 * work is already committed).
 */
export function observeWebhookLag(event: { type: string; created?: number | null }, now: Date = new Date()): void {
  if (typeof event.created !== "number" || !Number.isFinite(event.created)) return;
  lag.observe({ event_type: event.type }, Math.max(0, now.getTime() / 1000 - event.created));
}
