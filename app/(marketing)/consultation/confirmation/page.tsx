import type { Metadata } from "next";
import { headers } from "next/headers";
import { BookingSummary } from "@/components/booking/booking-summary";
import type { BookingView } from "@/lib/booking/types";
import { getCurrentActor } from "@/lib/server/auth/current-user";
import { confirmBookingReturn } from "@/lib/server/booking/confirm-booking-return";
import type { CheckoutReturn, CheckoutReturnState } from "@/lib/server/services/payments/confirm-checkout-return";
import { describeError } from "@/lib/server/services/payments/stripe-client";
import { clientAddress } from "@/lib/server/core/request/client-address";
import { pageMetadata } from "@/lib/seo/page-metadata";
import styles from "./page.module.css";
import { logger } from "@/lib/server/core/log/logger";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Booking confirmation", description: "Your consultation booking.", path: "/consultation/confirmation", noIndex: true });
}

const HEADINGS: Record<CheckoutReturnState | "unknown", { title: string; text: string }> = {
  paid: { title: "Your consultation is booked", text: "Thank you. We have emailed you a confirmation, and we will send the video link on the day." },
  processing: { title: "Your payment is being processed", text: "Your bank is still confirming the payment. We will email you as soon as it clears and your appointment is confirmed." },
  refunded: {
    title: "We could not keep this slot",
    text: "Your payment arrived after the time we could hold the slot, and it has since been taken. We have refunded you in full and emailed you the details. Please choose another time.",
  },
  failed: { title: "Payment not completed", text: "This booking was not paid, so it is not confirmed. You can choose a time and try again." },
  "not-found": { title: "We could not find this booking", text: "The link may be incomplete. If you have paid, your confirmation email has the details." },
  confirming: { title: "We are confirming your payment", text: "You will receive an email as soon as your booking is confirmed; there is no need to pay again." },
  unknown: { title: "We are confirming your payment", text: "This is taking longer than usual. You will receive an email as soon as your booking is confirmed; there is no need to pay again." },
};

export default async function ConsultationConfirmationPage({ searchParams }: { searchParams: Promise<{ session_id?: string | string[] }> }) {
  const { session_id: sessionParam } = await searchParams;
  const sessionId = typeof sessionParam === "string" ? sessionParam : "";
  const actor = await getCurrentActor();
  let result: CheckoutReturn<BookingView> | null = null;
  try {
    result = await confirmBookingReturn({ sessionId, actor, clientAddress: clientAddress(await headers()) });
  } catch (error) {
    // Provider errors are answered from our records; this is our own failure (the database):
    // the page still renders, and the webhook confirms the booking and emails the patient.
    logger.error(`Checkout return could not be confirmed: ${describeError(error)}`);
  }
  const state = result?.state ?? "unknown";
  const { title, text } = HEADINGS[state];
  const isError = state === "refunded" || state === "failed" || state === "not-found";
  return (
    <div className="section section-cream">
      <div className={`container ${styles.layout}`}>
        <p className="eyebrow">Consultation booking</p>
        <h1>{title}</h1>
        <p className={`lead ${isError ? styles.error : ""}`} role={isError ? "alert" : "status"}>
          {text}
        </p>
        {result?.view && (
          <section className={styles.card} aria-labelledby="booking-details-heading">
            <h2 id="booking-details-heading" className={styles.cardTitle}>
              Booking details
            </h2>
            <BookingSummary booking={result.view} />
            <p className={styles.note}>Confirmation sent to {result.view.clientEmail}.</p>
          </section>
        )}
        <div className={styles.actions}>
          {state === "paid" && actor?.kind !== "guest" && actor ? (
            <a href="/dashboard/orders" className="button">
              View my bookings
            </a>
          ) : null}
          {state === "paid" && (!actor || actor.kind === "guest") ? (
            <a href="/register" className="button">
              Create an account to manage it
            </a>
          ) : null}
          {isError ? (
            <a href="/consultation" className="button">
              Choose a time
            </a>
          ) : null}
          <a href="/" className="button button-secondary">
            Back to the home page
          </a>
        </div>
      </div>
    </div>
  );
}
