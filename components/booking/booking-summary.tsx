import type { BookingView } from "@/lib/booking/types";
import { formatPence } from "@/lib/format/money";
import styles from "./booking-summary.module.css";

/** The facts of one booking as a description list (confirmation page, Orders page). */
export function BookingSummary({ booking }: { booking: BookingView }) {
  return (
    <dl className={styles.list}>
      <div>
        <dt>Reference</dt>
        <dd>{booking.reference}</dd>
      </div>
      <div>
        <dt>Consultation</dt>
        <dd>{booking.typeName}</dd>
      </div>
      <div>
        <dt>Date</dt>
        <dd>{booking.dateLabel}</dd>
      </div>
      <div>
        <dt>Time (UK)</dt>
        <dd>{booking.time}</dd>
      </div>
      <div>
        <dt>Fee</dt>
        <dd>{booking.feeWaived ? "No fee" : formatPence(booking.pricePence)}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <span className={`${styles.status} ${styles[booking.status] ?? ""}`}>{booking.statusLabel}</span>
        </dd>
      </div>
    </dl>
  );
}
