import { OrderTotals } from "@/components/orders/order-totals";
import { formatPence } from "@/lib/format/money";
import type { OrderCase } from "@/lib/server/orders/review/types";
import { StaffCard } from "../../../_components/staff-card";
import styles from "@/components/staff/case-sections.module.css";

const KIND_LABELS: Record<string, string> = { COSMETIC: "Cosmetic", PHARMACY_MEDICINE: "P medicine", PRESCRIPTION_ONLY: "POM", SERVICE: "Service" };

/** "Items": each line with its legal category, then every figure of the order (zeros too). */
export function OrderItemsCard({ order }: { order: OrderCase }) {
  const totals = [
    { label: "Subtotal", amount: formatPence(order.subtotalPence) },
    { label: "Discount", amount: formatPence(order.discountPence) },
    { label: order.delivery.name, amount: formatPence(order.delivery.pricePence) },
    { label: "Total paid", amount: formatPence(order.totalPence) },
  ];
  return (
    <StaffCard title="Items" headingId="items-heading">
      <ul className={styles.stack}>
        {order.lines.map((line, index) => (
          <li key={index}>
            <strong>{line.name}</strong> ({KIND_LABELS[line.kind] ?? line.kind}, {line.durationLabel}) × {line.quantity}: {formatPence(line.lineTotalPence)}
            {line.dose ? <> — dose {line.dose}</> : null}
          </li>
        ))}
      </ul>
      <OrderTotals className={styles.facts} rows={totals} />
    </StaffCard>
  );
}
