import "server-only";
import { sendMail } from "@/lib/server/services/mail/send-mail";
import { stripe } from "@/lib/server/services/payments/stripe-client";
import { createRenewalOrder } from "@/lib/server/orders/create-renewal-order";
import { approvedCheckInFor, markCheckInMissed } from "./check-in-gate/check-in-gate";
import { paymentFailedMail } from "./subscription-mail";
import { gate, idOf, subscriptionOfInvoice, syncSubscription, toDate, withSubscriptionLock, type SyncResult } from "./sync-subscription";

// The renewal path: an invoice event makes the period's order, voids a missed check-in's
// renewal or tells the patient a payment failed, each once per invoice, under the same
// per-subscription lock and fresh read from Stripe as every subscription event
// (sync-subscription.ts).

/**
 * An invoice event: syncs its subscription, then reads the invoice again. Paid: the order
 * for that period (once per invoice). Failed: the patient is told (once per invoice).
 */
export async function applyInvoice(invoiceId: string, stripeSubscriptionId: string): Promise<SyncResult> {
  return withSubscriptionLock(stripeSubscriptionId, async (tx) => {
    const synced = await syncSubscription(tx, stripeSubscriptionId);
    if (synced.kind !== "applied") return synced;
    const invoice = await stripe().invoices.retrieve(invoiceId);
    if (subscriptionOfInvoice(invoice) !== stripeSubscriptionId) return { kind: "not-ours" } as const;
    const row = await tx.subscription.findUniqueOrThrow({
      where: { id: synced.id },
      include: {
        plan: { select: { id: true, name: true, durationMonths: true } },
        product: { select: { id: true, name: true, kind: true } },
        prescription: { select: { medicine: true, dose: true } },
      },
    });
    if (invoice.status === "paid" && invoice.amount_paid > 0) {
      // A repeat supply of a prescription-only medicine names the check-in that allowed it.
      const checkInId = row.product.kind === "PRESCRIPTION_ONLY" && invoice.billing_reason !== "subscription_create" ? await approvedCheckInFor(tx, row.id) : null;
      await createRenewalOrder(tx, {
        checkInId,
        subscriptionId: row.id,
        invoiceId: invoice.id,
        paymentIntentId: await paymentIntentOf(invoice.id),
        amountPence: invoice.amount_paid,
        owner: { userId: row.userId, guestKeyHash: row.guestKeyHash },
        email: row.email,
        plan: row.plan,
        // A prescription plan supplies what the prescriber wrote.
        product: row.prescription ? { ...row.product, name: `${row.prescription.medicine} (${row.prescription.dose})` } : row.product,
        assessmentId: row.assessmentId,
        address: row,
        // The subscription's dose: the starting dose, or what the last approved check-in set.
        dose: row.prescription ? null : row.dose,
      });
      // The next period's check-in once this supply has its order.
      await gate(tx, row.id, row.plan);
    } else if (invoice.status === "void") {
      await markCheckInMissed(tx, row, toDate(invoice.lines.data[0]?.period.start ?? invoice.period_start) ?? new Date());
    } else if (invoice.status === "open" && invoice.attempt_count > 0 && row.failedInvoiceNotified !== invoice.id) {
      await sendMail(paymentFailedMail({ email: row.email, planName: row.plan.name, pricePence: invoice.amount_due, durationMonths: row.durationMonths }), tx);
      await tx.subscription.update({ where: { id: row.id }, data: { failedInvoiceNotified: invoice.id } });
    }
    return synced;
  });
}

async function paymentIntentOf(invoiceId: string): Promise<string | null> {
  const payments = await stripe().invoicePayments.list({ invoice: invoiceId });
  const paid = payments.data.find((payment) => payment.status === "paid");
  return paid?.payment.payment_intent ? idOf(paid.payment.payment_intent) : null;
}
