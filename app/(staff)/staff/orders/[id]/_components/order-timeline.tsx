import { orderEventLabel } from "@/lib/server/orders/order-events";
import type { OrderCase } from "@/lib/server/orders/review/types";
import { formatDateTime } from "@/lib/format/dates";
import { StaffCard } from "../../../_components/staff-card";
import styles from "@/components/staff/case-sections.module.css";

/** "Timeline": every event of the order, with the tracking reference where one was given. */
export function OrderTimeline({ order }: { order: OrderCase }) {
  return (
    <StaffCard title="Timeline" headingId="timeline-heading">
      <ol className={styles.stack}>
        {order.timeline.map((event, index) => (
          <li key={index}>
            {formatDateTime(event.at)}: {orderEventLabel(event.kind)}
            {typeof event.detail.tracking_reference === "string" ? ` (${event.detail.tracking_reference})` : ""}
          </li>
        ))}
      </ol>
    </StaffCard>
  );
}
