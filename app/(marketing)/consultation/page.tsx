import type { Metadata } from "next";
import { connection } from "next/server";
import { londonToday } from "@/lib/format/dates";
import { listConsultationTypes } from "@/lib/server/booking/list-consultation-types";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { BookingForm } from "./_components/booking-form";
import { BookingIntro } from "./_components/booking-intro";
import styles from "./page.module.css";
import { isUuid } from "@/lib/validation/uuid";

type ConsultationPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Book a Hair Consultation",
    description:
      "Book an online hair loss consultation with a certified consultant or a same-day appointment with a UK doctor. Choose a weekday and time, from £50.",
    path: "/consultation",
  });
}

export default async function ConsultationPage({ searchParams }: ConsultationPageProps) {
  // Rendered per request: the calendar starts at today's date in London, and the server and
  // the browser must draw the same month.
  await connection();
  const [types, query] = await Promise.all([listConsultationTypes(), searchParams]);
  const booking = typeof query.booking === "string" && isUuid(query.booking) ? query.booking : null;
  const cancelledCheckout = query.checkout === "cancelled" ? { bookingId: booking } : null;
  return (
    <div className="section section-cream">
      <div className={`container ${styles.layout}`}>
        <BookingIntro />
        <BookingForm today={londonToday()} types={types} cancelledCheckout={cancelledCheckout} />
      </div>
    </div>
  );
}
