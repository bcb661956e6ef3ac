import "server-only";
import type Stripe from "stripe";
import { applyChargeRefund } from "../apply-charge-refund";
import type { WebhookEventHandler } from "./types";

/** Money went back to the card, possibly from outside our code (the Stripe Dashboard). */
export const chargeRefunded: WebhookEventHandler = (event, recorded) => applyChargeRefund(event.data.object as Stripe.Charge, recorded);
