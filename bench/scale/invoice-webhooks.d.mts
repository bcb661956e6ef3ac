// Types for invoice-webhooks.mjs (plain ESM, no build step), for its test.
import type { StripeSandbox } from "../../stripe-sandbox/server.mjs";


export type ScaleSandbox = StripeSandbox & { state: { deliverTo: string | null; held: { event: { id: string; type: string; data: { object: Record<string, unknown> } }; payload: string }[] } };

export declare function startScaleSandbox(): Promise<ScaleSandbox>;

export declare function prepareWebhookSubscriptions(options: { sandbox: ScaleSandbox; base: string; databaseUrl: string; label: string }): Promise<string[]>;

export type InvoicePool = { fill(): Promise<void>; take(): { invoiceId: string; payload: string } };

export declare function invoicePool(sandbox: ScaleSandbox, subscriptionIds: string[]): InvoicePool;

export declare function loadWebhooks(options: { base: string; pool: InvoicePool; connections: number; duration: number }): Promise<{ result: unknown; sent: string[]; answered: string[] }>;

export declare function checkWebhookOrders(
  databaseUrl: string,
  sides: { sent: string[]; answered: string[] },
): Promise<{ sent: number; answered2xx: number; unanswered: number; ordersForAnswered: number; ordersForSent: number; exactlyOnce: boolean }>;
